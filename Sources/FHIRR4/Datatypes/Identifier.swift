public import FHIRCore
public import FHIRJSON

/// R4 `Identifier`: a business identifier (MRN, SSN, order number, …).
public struct Identifier: FHIRCodable {
  /// Unique id of this element, for references inside the resource (`Element.id`).
  public var id: String?
  /// Additional content defined by implementations (`extension`, 0..*).
  public var `extension`: [Extension] = []
  /// `usual | official | temp | secondary | old`.
  public var use: Primitive<FHIRCode>?
  /// Description of the identifier, e.g. a medical record number (`Identifier.type`).
  public var type: CodeableConcept?
  /// The namespace of the identifier value, as a URI (`Identifier.system`).
  public var system: Primitive<FHIRURI>?
  /// The value, unique within the system (`Identifier.value`).
  public var value: Primitive<FHIRString>?
  /// Time period when the identifier is or was valid (`Identifier.period`).
  public var period: Period?
  /// Organization that issued the identifier (`Identifier.assigner`).
  @OutOfLine public var assigner: Reference? = nil
  /// Members the model does not know, in document order.
  public var unknown = JSONObject()

  static let uses: Set<String> = ["usual", "official", "temp", "secondary", "old"]

  /// An `Identifier` with the given members; the others stay absent.
  public init(system: Primitive<FHIRURI>? = nil, value: Primitive<FHIRString>? = nil) {
    self.system = system
    self.value = value
  }

  /// Decodes an `Identifier` from the tokens at `index`, recording issues in `decoder`; `nil` if nothing decodes.
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
      case "type": type = try decoder.single(CodeableConcept.self, member, keeping: &unknown)
      case "system": try decoder.primitive(&system, at: value)
      case "_system": try decoder.primitiveElement(&system, member, keeping: &unknown)
      case "value": try decoder.primitive(&self.value, at: value)
      case "_value": try decoder.primitiveElement(&self.value, member, keeping: &unknown)
      case "period": period = try decoder.single(Period.self, member, keeping: &unknown)
      case "assigner": assigner = try decoder.single(Reference.self, member, keeping: &unknown)
      default: try decoder.keepUnknown(member, in: &unknown)
      }
    }
    return true
  }

  /// Writes the `Identifier` as one JSON object, members in the specification's order, unknown members last.
  public func encode(to writer: inout JSONWriter) {
    writer.beginObject()
    writer.member("id", id)
    writer.member("extension", self.extension)
    writer.member("use", use)
    writer.member("type", type)
    writer.member("system", system)
    writer.member("value", value)
    writer.member("period", period)
    writer.member("assigner", assigner)
    writer.members(unknown)
    writer.endObject()
  }
}
