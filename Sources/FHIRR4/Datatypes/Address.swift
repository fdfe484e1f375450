public import FHIRCore
public import FHIRJSON

/// R4 `Address`.
public struct Address: FHIRCodable {
  /// Unique id of this element, for references inside the resource (`Element.id`).
  public var id: String?
  /// Additional content defined by implementations (`extension`, 0..*).
  public var `extension`: [Extension] = []
  /// `home | work | temp | old | billing`.
  public var use: Primitive<FHIRCode>?
  /// `postal | physical | both`.
  public var type: Primitive<FHIRCode>?
  /// The whole address as it should be displayed (`Address.text`).
  public var text: Primitive<FHIRString>?
  /// Street name, number, direction, P.O. box, delivery hints; one entry per line (`Address.line`, 0..*).
  public var line: [Primitive<FHIRString>] = []
  /// City, town or village (`Address.city`).
  public var city: Primitive<FHIRString>?
  /// District or county (`Address.district`).
  public var district: Primitive<FHIRString>?
  /// Sub-unit of the country: state, province, region (abbreviations allowed) (`Address.state`).
  public var state: Primitive<FHIRString>?
  /// Postal code for the area (`Address.postalCode`).
  public var postalCode: Primitive<FHIRString>?
  /// Country, as an ISO 3166 code or a name (`Address.country`).
  public var country: Primitive<FHIRString>?
  /// Time period when the address was or is in use (`Address.period`).
  public var period: Period?
  /// Members the model does not know, in document order.
  public var unknown = JSONObject()

  static let uses: Set<String> = ["home", "work", "temp", "old", "billing"]
  static let types: Set<String> = ["postal", "physical", "both"]

  /// An empty `Address`: every member absent, every list empty.
  public init() {}

  /// Decodes an `Address` from the tokens at `index`, recording issues in `decoder`; `nil` if nothing decodes.
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
      case "type": try decoder.code(&type, at: value, in: Self.types)
      case "_type": try decoder.primitiveElement(&type, member, keeping: &unknown)
      case "text": try decoder.primitive(&text, at: value)
      case "_text": try decoder.primitiveElement(&text, member, keeping: &unknown)
      case "line": try decoder.primitives(&line, member, keeping: &unknown)
      case "_line": try decoder.primitiveElements(&line, member, keeping: &unknown)
      case "city": try decoder.primitive(&city, at: value)
      case "_city": try decoder.primitiveElement(&city, member, keeping: &unknown)
      case "district": try decoder.primitive(&district, at: value)
      case "_district": try decoder.primitiveElement(&district, member, keeping: &unknown)
      case "state": try decoder.primitive(&state, at: value)
      case "_state": try decoder.primitiveElement(&state, member, keeping: &unknown)
      case "postalCode": try decoder.primitive(&postalCode, at: value)
      case "_postalCode": try decoder.primitiveElement(&postalCode, member, keeping: &unknown)
      case "country": try decoder.primitive(&country, at: value)
      case "_country": try decoder.primitiveElement(&country, member, keeping: &unknown)
      case "period": period = try decoder.single(Period.self, member, keeping: &unknown)
      default: try decoder.keepUnknown(member, in: &unknown)
      }
    }
    return true
  }

  /// Writes the `Address` as one JSON object, members in the specification's order, unknown members last.
  public func encode(to writer: inout JSONWriter) {
    writer.beginObject()
    writer.member("id", id)
    writer.member("extension", self.extension)
    writer.member("use", use)
    writer.member("type", type)
    writer.member("text", text)
    writer.member("line", line)
    writer.member("city", city)
    writer.member("district", district)
    writer.member("state", state)
    writer.member("postalCode", postalCode)
    writer.member("country", country)
    writer.member("period", period)
    writer.members(unknown)
    writer.endObject()
  }
}
