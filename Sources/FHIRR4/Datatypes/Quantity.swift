public import FHIRCore
public import FHIRJSON

/// R4 `Quantity`: a measured or measurable amount, with its unit. Also stands for the
/// profiles `Age`, `Count`, `Distance`, `Duration`, `SimpleQuantity` and `MoneyQuantity`,
/// which constrain it without adding elements.
public struct Quantity: FHIRCodable {
  /// Unique id of this element, for references inside the resource (`Element.id`).
  public var id: String?
  /// Additional content defined by implementations (`extension`, 0..*).
  public var `extension`: [Extension] = []
  /// The value, with its exact text (`1.50` stays `1.50`).
  public var value: Primitive<FHIRDecimal>?
  /// `< | <= | >= | >`: how to read the value (not allowed in `SimpleQuantity`).
  public var comparator: Primitive<FHIRCode>?
  /// The unit as written for people.
  public var unit: Primitive<FHIRString>?
  /// The system that defines `code` (usually UCUM).
  public var system: Primitive<FHIRURI>?
  /// The unit in coded form.
  public var code: Primitive<FHIRCode>?
  /// Members the model does not know, in document order.
  public var unknown = JSONObject()

  static let comparators: Set<String> = ["<", "<=", ">=", ">"]

  /// A `Quantity` with the given members; the others stay absent.
  public init(
    value: Primitive<FHIRDecimal>? = nil, unit: Primitive<FHIRString>? = nil, system: Primitive<FHIRURI>? = nil,
    code: Primitive<FHIRCode>? = nil
  ) {
    self.value = value
    self.unit = unit
    self.system = system
    self.code = code
  }

  /// Decodes a `Quantity` from the tokens at `index`, recording issues in `decoder`; `nil` if nothing decodes.
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
      case "value": try decoder.primitive(&self.value, at: value)
      case "_value": try decoder.primitiveElement(&self.value, member, keeping: &unknown)
      case "comparator": try decoder.code(&comparator, at: value, in: Self.comparators)
      case "_comparator": try decoder.primitiveElement(&comparator, member, keeping: &unknown)
      case "unit": try decoder.primitive(&unit, at: value)
      case "_unit": try decoder.primitiveElement(&unit, member, keeping: &unknown)
      case "system": try decoder.primitive(&system, at: value)
      case "_system": try decoder.primitiveElement(&system, member, keeping: &unknown)
      case "code": try decoder.primitive(&code, at: value)
      case "_code": try decoder.primitiveElement(&code, member, keeping: &unknown)
      default: try decoder.keepUnknown(member, in: &unknown)
      }
    }
    return true
  }

  /// Writes the `Quantity` as one JSON object, members in the specification's order, unknown members last.
  public func encode(to writer: inout JSONWriter) {
    writer.beginObject()
    writer.member("id", id)
    writer.member("extension", self.extension)
    writer.member("value", value)
    writer.member("comparator", comparator)
    writer.member("unit", unit)
    writer.member("system", system)
    writer.member("code", code)
    writer.members(unknown)
    writer.endObject()
  }
}

/// R4 `Age`: a `Quantity` of time since birth.
public typealias Age = Quantity
/// R4 `Count`: a `Quantity` of whole things.
public typealias Count = Quantity
/// R4 `Distance`: a `Quantity` of length.
public typealias Distance = Quantity
/// R4 `Duration`: a `Quantity` of time.
public typealias Duration = Quantity
/// R4 `SimpleQuantity`: a `Quantity` without `comparator`.
public typealias SimpleQuantity = Quantity
/// R4 `MoneyQuantity`: a `Quantity` of currency.
public typealias MoneyQuantity = Quantity
