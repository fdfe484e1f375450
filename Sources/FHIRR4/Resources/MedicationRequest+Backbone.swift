public import FHIRCore
public import FHIRJSON

extension MedicationRequest {
  /// `MedicationRequest.dispenseRequest`: how the medication is to be dispensed.
  public struct DispenseRequest: FHIRCodable {
    /// Unique id of this element, for references inside the resource (`Element.id`).
    public var id: String?
    /// Additional content defined by implementations (`extension`, 0..*).
    public var `extension`: [Extension] = []
    /// Extensions a reader must understand: they change the meaning of this element (`modifierExtension`, 0..*).
    public var modifierExtension: [Extension] = []
    /// The first dispense.
    public var initialFill: InitialFill?
    /// The minimum time between dispenses.
    public var dispenseInterval: Duration?
    /// How long the prescription stays valid.
    public var validityPeriod: Period?
    /// Refills allowed after the initial dispense.
    public var numberOfRepeatsAllowed: Primitive<FHIRUnsignedInt>?
    /// The amount to dispense each time.
    public var quantity: SimpleQuantity?
    /// How long each dispense is expected to last.
    public var expectedSupplyDuration: Duration?
    /// The intended dispenser.
    public var performer: Reference?
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
        switch decoder.key(member) {
        case "id": id = try decoder.string(member, keeping: &unknown)
        case "extension": self.extension = try decoder.array(of: Extension.self, member, keeping: &unknown)
        case "modifierExtension": modifierExtension = try decoder.array(of: Extension.self, member, keeping: &unknown)
        case "initialFill": initialFill = try decoder.single(InitialFill.self, member, keeping: &unknown)
        case "dispenseInterval": dispenseInterval = try decoder.single(Quantity.self, member, keeping: &unknown)
        case "validityPeriod": validityPeriod = try decoder.single(Period.self, member, keeping: &unknown)
        case "numberOfRepeatsAllowed": try decoder.primitive(&numberOfRepeatsAllowed, at: value)
        case "_numberOfRepeatsAllowed": try decoder.primitiveElement(&numberOfRepeatsAllowed, member, keeping: &unknown)
        case "quantity": quantity = try decoder.single(Quantity.self, member, keeping: &unknown)
        case "expectedSupplyDuration": expectedSupplyDuration = try decoder.single(Quantity.self, member, keeping: &unknown)
        case "performer": performer = try decoder.single(Reference.self, member, keeping: &unknown)
        default: try decoder.keepUnknown(member, in: &unknown)
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
      writer.member("initialFill", initialFill)
      writer.member("dispenseInterval", dispenseInterval)
      writer.member("validityPeriod", validityPeriod)
      writer.member("numberOfRepeatsAllowed", numberOfRepeatsAllowed)
      writer.member("quantity", quantity)
      writer.member("expectedSupplyDuration", expectedSupplyDuration)
      writer.member("performer", performer)
      writer.members(unknown)
      writer.endObject()
    }
  }

  /// `MedicationRequest.dispenseRequest.initialFill`: the amount and duration of the first dispense.
  public struct InitialFill: FHIRCodable {
    /// Unique id of this element, for references inside the resource (`Element.id`).
    public var id: String?
    /// Additional content defined by implementations (`extension`, 0..*).
    public var `extension`: [Extension] = []
    /// Extensions a reader must understand: they change the meaning of this element (`modifierExtension`, 0..*).
    public var modifierExtension: [Extension] = []
    /// First fill quantity (`MedicationRequest.dispenseRequest.initialFill.quantity`).
    public var quantity: SimpleQuantity?
    /// First fill duration (`MedicationRequest.dispenseRequest.initialFill.duration`).
    public var duration: Duration?
    /// Members the model does not know, in document order.
    public var unknown = JSONObject()

    /// An `InitialFill` with the given members; the others stay absent.
    public init(quantity: SimpleQuantity? = nil, duration: Duration? = nil) {
      self.quantity = quantity
      self.duration = duration
    }

    /// Decodes an `InitialFill` from the tokens at `index`, recording issues in `decoder`; `nil` if nothing decodes.
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
        case "quantity": quantity = try decoder.single(Quantity.self, member, keeping: &unknown)
        case "duration": duration = try decoder.single(Quantity.self, member, keeping: &unknown)
        default: try decoder.keepUnknown(member, in: &unknown)
        }
      }
      return true
    }

    /// Writes the `InitialFill` as one JSON object, members in the specification's order, unknown members last.
    public func encode(to writer: inout JSONWriter) {
      writer.beginObject()
      writer.member("id", id)
      writer.member("extension", self.extension)
      writer.member("modifierExtension", modifierExtension)
      writer.member("quantity", quantity)
      writer.member("duration", duration)
      writer.members(unknown)
      writer.endObject()
    }
  }

  /// `MedicationRequest.substitution`: whether a substitute may be dispensed.
  public struct Substitution: FHIRCodable {
    /// Unique id of this element, for references inside the resource (`Element.id`).
    public var id: String?
    /// Additional content defined by implementations (`extension`, 0..*).
    public var `extension`: [Extension] = []
    /// Extensions a reader must understand: they change the meaning of this element (`modifierExtension`, 0..*).
    public var modifierExtension: [Extension] = []
    /// `allowed[x]`: whether, or which, substitution is allowed (required).
    public var allowed: Allowed?
    /// Why substitution should or should not happen.
    public var reason: CodeableConcept?
    /// Members the model does not know, in document order.
    public var unknown = JSONObject()

    /// A `Substitution` with the given members; the others stay absent.
    public init(allowed: Allowed? = nil) {
      self.allowed = allowed
    }

    /// `MedicationRequest.substitution.allowed[x]`.
    public enum Allowed: ChoiceType {
      /// `allowedBoolean`: the `MedicationRequest.substitution.allowed[x]` choice as a `boolean`.
      case boolean(Primitive<FHIRBoolean>)
      /// `allowedCodeableConcept`: the `MedicationRequest.substitution.allowed[x]` choice as a `CodeableConcept`.
      case codeableConcept(CodeableConcept)

      /// The types this choice allows, by the suffix their key carries.
      public static let choices = ChoiceTable<Allowed>([
        ChoiceTable.primitive("Boolean", Allowed.boolean, { if case .boolean(let p) = $0 { p } else { nil } }),
        ChoiceTable.complex("CodeableConcept", Allowed.codeableConcept),
      ])

      /// The suffix of the chosen type in the JSON key (`Quantity` in `valueQuantity`).
      public var typeSuffix: String {
        switch self {
        case .boolean: "Boolean"
        case .codeableConcept: "CodeableConcept"
        }
      }

      /// Writes `name` plus the chosen type's suffix (and `_name…` for a primitive with extensions).
      public func encode(name: String, to writer: inout JSONWriter) {
        switch self {
        case .boolean(let p): writer.member(name + typeSuffix, p)
        case .codeableConcept(let c): writer.member(name + typeSuffix, c)
        }
      }
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
        let key = decoder.key(member)
        switch key {
        case "id": id = try decoder.string(member, keeping: &unknown)
        case "extension": self.extension = try decoder.array(of: Extension.self, member, keeping: &unknown)
        case "modifierExtension": modifierExtension = try decoder.array(of: Extension.self, member, keeping: &unknown)
        case "reason": reason = try decoder.single(CodeableConcept.self, member, keeping: &unknown)
        default:
          if try decoder.choice(&allowed, name: "allowed", key: key, member: member, keeping: &unknown) { continue }
          try decoder.keepUnknown(member, in: &unknown)
        }
      }
      if allowed == nil { try decoder.recordMissing("allowed[x]", in: index) }
      return true
    }

    /// Writes the `Substitution` as one JSON object, members in the specification's order, unknown members last.
    public func encode(to writer: inout JSONWriter) {
      writer.beginObject()
      writer.member("id", id)
      writer.member("extension", self.extension)
      writer.member("modifierExtension", modifierExtension)
      allowed?.encode(name: "allowed", to: &writer)
      writer.member("reason", reason)
      writer.members(unknown)
      writer.endObject()
    }
  }
}
