public import FHIRCore
public import FHIRJSON

/// R4 `HumanName`.
public struct HumanName: FHIRCodable {
  public var id: String?
  public var `extension`: [Extension] = []
  /// `usual | official | temp | nickname | anonymous | old | maiden`.
  public var use: Primitive<FHIRCode>?
  public var text: Primitive<FHIRString>?
  public var family: Primitive<FHIRString>?
  public var given: [Primitive<FHIRString>] = []
  public var prefix: [Primitive<FHIRString>] = []
  public var suffix: [Primitive<FHIRString>] = []
  public var period: Period?
  /// Members the model does not know, in document order.
  public var unknown = JSONObject()

  static let uses: Set<String> = ["usual", "official", "temp", "nickname", "anonymous", "old", "maiden"]

  public init(family: Primitive<FHIRString>? = nil, given: [Primitive<FHIRString>] = []) {
    self.family = family
    self.given = given
  }

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
