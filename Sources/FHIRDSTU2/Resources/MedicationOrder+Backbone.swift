public import FHIRCore
public import FHIRJSON

extension MedicationOrder {
  /// `MedicationOrder.dispenseRequest`: what the pharmacy is to supply.
  public struct DispenseRequest: FHIRCodable {
    /// Unique id of this element, for references inside the resource (`Element.id`).
    public var id: String?
    /// Additional content defined by implementations (`extension`, 0..*).
    public var `extension`: [Extension] = []
    /// Extensions a reader must understand: they change the meaning of this element (`modifierExtension`, 0..*).
    public var modifierExtension: [Extension] = []
    /// `medication[x]`: `CodeableConcept | Reference(Medication)`.
    public var medication: ConceptOrReference?
    /// Time period supply is authorized for (`MedicationOrder.dispenseRequest.validityPeriod`).
    public var validityPeriod: Period?
    /// Number of refills authorized (`MedicationOrder.dispenseRequest.numberOfRepeatsAllowed`).
    public var numberOfRepeatsAllowed: Primitive<FHIRPositiveInt>?
    /// Amount of medication to supply per dispense (`MedicationOrder.dispenseRequest.quantity`).
    public var quantity: SimpleQuantity?
    /// Number of days supply per dispense (`MedicationOrder.dispenseRequest.expectedSupplyDuration`).
    public var expectedSupplyDuration: Duration?
    /// Members the model does not know, in document order.
    public var unknown = JSONObject()

    /// An empty `DispenseRequest`: every member absent, every list empty.
    public init() {}

    /// Decodes a `DispenseRequest` from the tokens at `index`, recording issues in `decoder`; `nil` if nothing decodes.
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
        let key = decoder.key(member)
        switch key {
        case "id": id = try decoder.string(member, keeping: &unknown)
        case "extension": self.extension = try decoder.array(of: Extension.self, member, keeping: &unknown)
        case "modifierExtension": modifierExtension = try decoder.array(of: Extension.self, member, keeping: &unknown)
        case "validityPeriod": validityPeriod = try decoder.single(Period.self, member, keeping: &unknown)
        case "numberOfRepeatsAllowed": try decoder.primitive(&numberOfRepeatsAllowed, at: value)
        case "_numberOfRepeatsAllowed": try decoder.primitiveElement(&numberOfRepeatsAllowed, member, keeping: &unknown)
        case "quantity": quantity = try decoder.single(Quantity.self, member, keeping: &unknown)
        case "expectedSupplyDuration": expectedSupplyDuration = try decoder.single(Quantity.self, member, keeping: &unknown)
        default:
          if try decoder.choice(&medication, name: "medication", key: key, member: member, keeping: &unknown) { continue }
          try decoder.keepUnknown(member, in: &unknown)
        }
      }
      return true
    }

    /// Writes the `DispenseRequest` as one JSON object, members in the specification's order, unknown members last.
    public func encode(to writer: inout JSONWriter) {
      writer.beginObject()
      writer.member("id", id)
      writer.member("extension", self.extension)
      writer.member("modifierExtension", modifierExtension)
      medication?.encode(name: "medication", to: &writer)
      writer.member("validityPeriod", validityPeriod)
      writer.member("numberOfRepeatsAllowed", numberOfRepeatsAllowed)
      writer.member("quantity", quantity)
      writer.member("expectedSupplyDuration", expectedSupplyDuration)
      writer.members(unknown)
      writer.endObject()
    }
  }

  /// `MedicationOrder.substitution`: whether and why a substitute may be dispensed.
  public struct Substitution: FHIRCodable {
    /// Unique id of this element, for references inside the resource (`Element.id`).
    public var id: String?
    /// Additional content defined by implementations (`extension`, 0..*).
    public var `extension`: [Extension] = []
    /// Extensions a reader must understand: they change the meaning of this element (`modifierExtension`, 0..*).
    public var modifierExtension: [Extension] = []
    /// Generic, formulary, … (required).
    public var type: CodeableConcept?
    /// Why substitution should or should not happen (`MedicationOrder.substitution.reason`).
    public var reason: CodeableConcept?
    /// Members the model does not know, in document order.
    public var unknown = JSONObject()

    /// A `Substitution` with the given members; the others stay absent.
    public init(type: CodeableConcept? = nil) {
      self.type = type
    }

    /// Decodes a `Substitution` from the tokens at `index`, recording issues in `decoder`; `nil` if nothing decodes.
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
        switch decoder.key(member) {
        case "id": id = try decoder.string(member, keeping: &unknown)
        case "extension": self.extension = try decoder.array(of: Extension.self, member, keeping: &unknown)
        case "modifierExtension": modifierExtension = try decoder.array(of: Extension.self, member, keeping: &unknown)
        case "type": type = try decoder.single(CodeableConcept.self, member, keeping: &unknown)
        case "reason": reason = try decoder.single(CodeableConcept.self, member, keeping: &unknown)
        default: try decoder.keepUnknown(member, in: &unknown)
        }
      }
      if type == nil { try decoder.recordMissing("type", in: index) }
      return true
    }

    /// Writes the `Substitution` as one JSON object, members in the specification's order, unknown members last.
    public func encode(to writer: inout JSONWriter) {
      writer.beginObject()
      writer.member("id", id)
      writer.member("extension", self.extension)
      writer.member("modifierExtension", modifierExtension)
      writer.member("type", type)
      writer.member("reason", reason)
      writer.members(unknown)
      writer.endObject()
    }
  }
}
