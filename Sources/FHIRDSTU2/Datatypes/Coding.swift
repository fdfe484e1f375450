public import FHIRCore
public import FHIRJSON

/// DSTU2 `Coding`: a code from a code system.
public struct Coding: FHIRCodable {
  /// Unique id of this element, for references inside the resource (`Element.id`).
  public var id: String?
  /// Additional content defined by implementations (`extension`, 0..*).
  public var `extension`: [Extension] = []
  /// Identity of the terminology system, as a URI (e.g. `http://loinc.org`) (`Coding.system`).
  public var system: Primitive<FHIRURI>?
  /// Version of the system, if relevant (`Coding.version`).
  public var version: Primitive<FHIRString>?
  /// Symbol in the syntax defined by the system (`Coding.code`).
  public var code: Primitive<FHIRCode>?
  /// Text for the code, as the system defines it (`Coding.display`).
  public var display: Primitive<FHIRString>?
  /// Whether the user chose this coding directly (`Coding.userSelected`).
  public var userSelected: Primitive<FHIRBoolean>?
  /// Members the model does not know, in document order.
  public var unknown = JSONObject()

  /// A `Coding` with the given members; the others stay absent.
  public init(system: Primitive<FHIRURI>? = nil, code: Primitive<FHIRCode>? = nil, display: Primitive<FHIRString>? = nil) {
    self.system = system
    self.code = code
    self.display = display
  }

  /// Decodes a `Coding` from the tokens at `index`, recording issues in `decoder`; `nil` if nothing decodes.
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
      case "system": try decoder.primitive(&system, at: value)
      case "_system": try decoder.primitiveElement(&system, member, keeping: &unknown)
      case "version": try decoder.primitive(&version, at: value)
      case "_version": try decoder.primitiveElement(&version, member, keeping: &unknown)
      case "code": try decoder.primitive(&code, at: value)
      case "_code": try decoder.primitiveElement(&code, member, keeping: &unknown)
      case "display": try decoder.primitive(&display, at: value)
      case "_display": try decoder.primitiveElement(&display, member, keeping: &unknown)
      case "userSelected": try decoder.primitive(&userSelected, at: value)
      case "_userSelected": try decoder.primitiveElement(&userSelected, member, keeping: &unknown)
      default: try decoder.keepUnknown(member, in: &unknown)
      }
    }
    return true
  }

  /// Writes the `Coding` as one JSON object, members in the specification's order, unknown members last.
  public func encode(to writer: inout JSONWriter) {
    writer.beginObject()
    writer.member("id", id)
    writer.member("extension", self.extension)
    writer.member("system", system)
    writer.member("version", version)
    writer.member("code", code)
    writer.member("display", display)
    writer.member("userSelected", userSelected)
    writer.members(unknown)
    writer.endObject()
  }
}
