public import FHIRCore
public import FHIRJSON

/// DSTU2 `SampledData`: a series of measurements taken by a device, as text.
public struct SampledData: FHIRCodable {
  /// Unique id of this element, for references inside the resource (`Element.id`).
  public var id: String?
  /// Additional content defined by implementations (`extension`, 0..*).
  public var `extension`: [Extension] = []
  /// Zero value and units (required).
  public var origin: SimpleQuantity?
  /// Milliseconds between samples (required).
  public var period: Primitive<FHIRDecimal>?
  /// Multiply data by this before adding to origin (`SampledData.factor`).
  public var factor: Primitive<FHIRDecimal>?
  /// Lower limit of detection (`SampledData.lowerLimit`).
  public var lowerLimit: Primitive<FHIRDecimal>?
  /// Upper limit of detection (`SampledData.upperLimit`).
  public var upperLimit: Primitive<FHIRDecimal>?
  /// Sample points per time point (required).
  public var dimensions: Primitive<FHIRPositiveInt>?
  /// Decimal values with spaces, or `E | U | L` (required).
  public var data: Primitive<FHIRString>?
  /// Members the model does not know, in document order.
  public var unknown = JSONObject()

  /// An empty `SampledData`: every member absent, every list empty.
  public init() {}

  /// Decodes a `SampledData` from the tokens at `index`, recording issues in `decoder`; `nil` if nothing decodes.
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
      case "origin": origin = try decoder.single(Quantity.self, member, keeping: &unknown)
      case "period": try decoder.primitive(&period, at: value)
      case "_period": try decoder.primitiveElement(&period, member, keeping: &unknown)
      case "factor": try decoder.primitive(&factor, at: value)
      case "_factor": try decoder.primitiveElement(&factor, member, keeping: &unknown)
      case "lowerLimit": try decoder.primitive(&lowerLimit, at: value)
      case "_lowerLimit": try decoder.primitiveElement(&lowerLimit, member, keeping: &unknown)
      case "upperLimit": try decoder.primitive(&upperLimit, at: value)
      case "_upperLimit": try decoder.primitiveElement(&upperLimit, member, keeping: &unknown)
      case "dimensions": try decoder.primitive(&dimensions, at: value)
      case "_dimensions": try decoder.primitiveElement(&dimensions, member, keeping: &unknown)
      case "data": try decoder.primitive(&data, at: value)
      case "_data": try decoder.primitiveElement(&data, member, keeping: &unknown)
      default: try decoder.keepUnknown(member, in: &unknown)
      }
    }
    if origin == nil { try decoder.recordMissing("origin", in: index) }
    if period == nil { try decoder.recordMissing("period", in: index) }
    if dimensions == nil { try decoder.recordMissing("dimensions", in: index) }
    if data == nil { try decoder.recordMissing("data", in: index) }
    return true
  }

  /// Writes the `SampledData` as one JSON object, members in the specification's order, unknown members last.
  public func encode(to writer: inout JSONWriter) {
    writer.beginObject()
    writer.member("id", id)
    writer.member("extension", self.extension)
    writer.member("origin", origin)
    writer.member("period", period)
    writer.member("factor", factor)
    writer.member("lowerLimit", lowerLimit)
    writer.member("upperLimit", upperLimit)
    writer.member("dimensions", dimensions)
    writer.member("data", data)
    writer.members(unknown)
    writer.endObject()
  }
}
