public import FHIRCore
public import FHIRJSON

/// R4 `HumanName`.
public struct HumanName: FHIRCodable {
  /// Unique id of this element, for references inside the resource (`Element.id`).
  public var id: String?
  /// Additional content defined by implementations (`extension`, 0..*).
  public var `extension`: [Extension] = []
  /// `usual | official | temp | nickname | anonymous | old | maiden`.
  public var use: Primitive<FHIRCode>?
  /// The full name as it should be displayed (`HumanName.text`).
  public var text: Primitive<FHIRString>?
  /// Family name, often called surname (`HumanName.family`, 0..1).
  public var family: Primitive<FHIRString>?
  /// Given names, first name first; includes middle names (`HumanName.given`, 0..*).
  public var given: [Primitive<FHIRString>] = []
  /// Parts that come before the name, e.g. titles (`HumanName.prefix`, 0..*).
  public var prefix: [Primitive<FHIRString>] = []
  /// Parts that come after the name, e.g. qualifications (`HumanName.suffix`, 0..*).
  public var suffix: [Primitive<FHIRString>] = []
  /// Time period when the name was or is in use (`HumanName.period`).
  public var period: Period?
  /// Members the model does not know, in document order.
  public var unknown = JSONObject()

  static let uses: Set<String> = ["usual", "official", "temp", "nickname", "anonymous", "old", "maiden"]

  /// A `HumanName` with the given members; the others stay absent.
  public init(family: Primitive<FHIRString>? = nil, given: [Primitive<FHIRString>] = []) {
    self.family = family
    self.given = given
  }

  /// Decodes a `HumanName` from the tokens at `index`, recording issues in `decoder`; `nil` if nothing decodes.
  public init?(from decoder: inout FHIRDecoder, at index: Int) throws {
    var decoded = Self(decodingInto: ())
    guard try decoded.decodeMembers(from: &decoder, at: index) else { return nil }
    self = consume decoded
  }

  /// An empty value for ``init(from:at:)`` to decode into.
  private init(decodingInto: Void) {}

  /// Decodes the members of the object at `index` into this value: a local of
  /// ``init(from:at:)``, which then moves into place whole instead of being copied.
  @inline(__always)
  private mutating func decodeMembers(from decoder: inout FHIRDecoder, at index: Int) throws -> Bool {
    guard var members = try decoder.members(ofObjectAt: index) else { return false }
    while let member = decoder.nextMember(&members) {
      let value = member.valueIndex
      switch decoder.key(member) {
      case "id": id = try decoder.string(member, keeping: &unknown)
      case "extension": self.extension = try decoder.array(of: Extension.self, member, keeping: &unknown)
      case "use": try decoder.code(&use, at: value, in: Self.uses)
      case "_use": try decoder.primitiveElement(&use, member, keeping: &unknown)
      case "text": try decoder.primitive(&text, at: value)
      case "_text": try decoder.primitiveElement(&text, member, keeping: &unknown)
      case "family": try decoder.primitive(&family, at: value)
      case "_family": try decoder.primitiveElement(&family, member, keeping: &unknown)
      case "given": try decoder.primitives(&given, member, keeping: &unknown)
      case "_given": try decoder.primitiveElements(&given, member, keeping: &unknown)
      case "prefix": try decoder.primitives(&prefix, member, keeping: &unknown)
      case "_prefix": try decoder.primitiveElements(&prefix, member, keeping: &unknown)
      case "suffix": try decoder.primitives(&suffix, member, keeping: &unknown)
      case "_suffix": try decoder.primitiveElements(&suffix, member, keeping: &unknown)
      case "period": period = try decoder.single(Period.self, member, keeping: &unknown)
      default: try decoder.keepUnknown(member, in: &unknown)
      }
    }
    return true
  }

  /// Writes the `HumanName` as one JSON object, members in the specification's order, unknown members last.
  public func encode(to writer: inout JSONWriter) {
    writer.beginObject()
    writer.member("id", id)
    writer.member("extension", self.extension)
    writer.member("use", use)
    writer.member("text", text)
    writer.member("family", family)
    writer.member("given", given)
    writer.member("prefix", prefix)
    writer.member("suffix", suffix)
    writer.member("period", period)
    writer.members(unknown)
    writer.endObject()
  }
}
