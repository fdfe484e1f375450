public import FHIRCore
public import FHIRJSON

extension Observation {
  /// `Observation.referenceRange`: guidance on how to read the value.
  public struct ReferenceRange: FHIRCodable {
    /// Unique id of this element, for references inside the resource (`Element.id`).
    public var id: String?
    /// Additional content defined by implementations (`extension`, 0..*).
    public var `extension`: [Extension] = []
    /// Extensions a reader must understand: they change the meaning of this element (`modifierExtension`, 0..*).
    public var modifierExtension: [Extension] = []
    /// Low range, if relevant (`Observation.referenceRange.low`).
    public var low: SimpleQuantity?
    /// High range, if relevant (`Observation.referenceRange.high`).
    public var high: SimpleQuantity?
    /// What the range means (normal, therapeutic, …).
    public var type: CodeableConcept?
    /// The population the range applies to.
    public var appliesTo: [CodeableConcept] = []
    /// The age range it applies to.
    public var age: Range?
    /// Text-based reference range (`Observation.referenceRange.text`).
    public var text: Primitive<FHIRString>?
    /// Members the model does not know, in document order.
    public var unknown = JSONObject()

    /// A `ReferenceRange` with the given members; the others stay absent.
    public init(low: SimpleQuantity? = nil, high: SimpleQuantity? = nil) {
      self.low = low
      self.high = high
    }

    /// Decodes a `ReferenceRange` from the tokens at `index`, recording issues in `decoder`; `nil` if nothing decodes.
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
        case "modifierExtension": modifierExtension = try decoder.array(of: Extension.self, member, keeping: &unknown)
        case "low": low = try decoder.single(Quantity.self, member, keeping: &unknown)
        case "high": high = try decoder.single(Quantity.self, member, keeping: &unknown)
        case "type": type = try decoder.single(CodeableConcept.self, member, keeping: &unknown)
        case "appliesTo": appliesTo = try decoder.array(of: CodeableConcept.self, member, keeping: &unknown)
        case "age": age = try decoder.single(Range.self, member, keeping: &unknown)
        case "text": try decoder.primitive(&text, at: value)
        case "_text": try decoder.primitiveElement(&text, member, keeping: &unknown)
        default: try decoder.keepUnknown(member, in: &unknown)
        }
      }
      return true
    }

    /// Writes the `ReferenceRange` as one JSON object, members in the specification's order, unknown members last.
    public func encode(to writer: inout JSONWriter) {
      writer.beginObject()
      writer.member("id", id)
      writer.member("extension", self.extension)
      writer.member("modifierExtension", modifierExtension)
      writer.member("low", low)
      writer.member("high", high)
      writer.member("type", type)
      writer.member("appliesTo", appliesTo)
      writer.member("age", age)
      writer.member("text", text)
      writer.members(unknown)
      writer.endObject()
    }
  }

  /// `Observation.component`: one part of a multi-part result (systolic and diastolic, …).
  public struct Component: FHIRCodable {
    /// Unique id of this element, for references inside the resource (`Element.id`).
    public var id: String?
    /// Additional content defined by implementations (`extension`, 0..*).
    public var `extension`: [Extension] = []
    /// Extensions a reader must understand: they change the meaning of this element (`modifierExtension`, 0..*).
    public var modifierExtension: [Extension] = []
    /// What this part is (required).
    public var code: CodeableConcept?
    /// `value[x]`: this part's result.
    public var value: Value?
    /// Why the component result is missing (`Observation.component.dataAbsentReason`).
    public var dataAbsentReason: CodeableConcept?
    /// High, low, normal, etc. (`Observation.component.interpretation`, 0..*).
    public var interpretation: [CodeableConcept] = []
    /// Guidance on how to interpret the component value (`Observation.component.referenceRange`, 0..*).
    public var referenceRange: [ReferenceRange] = []
    /// Members the model does not know, in document order.
    public var unknown = JSONObject()

    /// A `Component` with the given members; the others stay absent.
    public init(code: CodeableConcept? = nil, value: Value? = nil) {
      self.code = code
      self.value = value
    }

    /// Decodes a `Component` from the tokens at `index`, recording issues in `decoder`; `nil` if nothing decodes.
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
        let key = decoder.key(member)
        switch key {
        case "id": id = try decoder.string(member, keeping: &unknown)
        case "extension": self.extension = try decoder.array(of: Extension.self, member, keeping: &unknown)
        case "modifierExtension": modifierExtension = try decoder.array(of: Extension.self, member, keeping: &unknown)
        case "code": code = try decoder.single(CodeableConcept.self, member, keeping: &unknown)
        case "dataAbsentReason": dataAbsentReason = try decoder.single(CodeableConcept.self, member, keeping: &unknown)
        case "interpretation": interpretation = try decoder.array(of: CodeableConcept.self, member, keeping: &unknown)
        case "referenceRange": referenceRange = try decoder.array(of: ReferenceRange.self, member, keeping: &unknown)
        default:
          if try decoder.choice(&self.value, name: "value", key: key, member: member, keeping: &unknown) { continue }
          try decoder.keepUnknown(member, in: &unknown)
        }
      }
      if code == nil { try decoder.recordMissing("code", in: index) }
      return true
    }

    /// Writes the `Component` as one JSON object, members in the specification's order, unknown members last.
    public func encode(to writer: inout JSONWriter) {
      writer.beginObject()
      writer.member("id", id)
      writer.member("extension", self.extension)
      writer.member("modifierExtension", modifierExtension)
      writer.member("code", code)
      value?.encode(name: "value", to: &writer)
      writer.member("dataAbsentReason", dataAbsentReason)
      writer.member("interpretation", interpretation)
      writer.member("referenceRange", referenceRange)
      writer.members(unknown)
      writer.endObject()
    }
  }
}
