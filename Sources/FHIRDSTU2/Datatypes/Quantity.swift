public import FHIRCore
public import FHIRJSON

/// DSTU2 `Quantity`: a measured amount, with its unit and an optional comparator.
public struct Quantity: FHIRCodable {
  /// Unique id of this element, for references inside the resource (`Element.id`).
  public var id: String?
  /// Additional content defined by implementations (`extension`, 0..*).
  public var `extension`: [Extension] = []
  /// Numerical value, with its written precision kept (`Quantity.value`).
  public var value: Primitive<FHIRDecimal>?
  /// `< | <= | >= | >`.
  public var comparator: Primitive<FHIRCode>?
  /// Unit representation, as displayed (`Quantity.unit`).
  public var unit: Primitive<FHIRString>?
  /// System that defines the coded unit form, e.g. UCUM (`Quantity.system`).
  public var system: Primitive<FHIRURI>?
  /// Coded form of the unit (`Quantity.code`).
  public var code: Primitive<FHIRCode>?
  /// Members the model does not know, in document order.
  public var unknown = JSONObject()

  static let comparators: Set<String> = ["<", "<=", ">=", ">"]

  /// A `Quantity` with the given members; the others stay absent.
  public init(value: Primitive<FHIRDecimal>? = nil, unit: Primitive<FHIRString>? = nil) {
    self.value = value
    self.unit = unit
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

/// DSTU2 `SimpleQuantity`: a ``Quantity`` profile without a comparator. In choice
/// elements its JSON key ends in `Quantity` (`doseQuantity`).
public typealias SimpleQuantity = Quantity
/// DSTU2 `Age`: a ``Quantity`` profile for ages (UCUM time units).
public typealias Age = Quantity
/// DSTU2 `Duration`: a ``Quantity`` profile for lengths of time.
public typealias Duration = Quantity
/// DSTU2 `Money`: a ``Quantity`` profile for amounts of currency.
public typealias Money = Quantity
/// DSTU2 `Count`: a ``Quantity`` profile for counted items.
public typealias Count = Quantity
/// DSTU2 `Distance`: a ``Quantity`` profile for lengths.
public typealias Distance = Quantity
