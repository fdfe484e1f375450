public import FHIRCore
public import FHIRJSON

extension CarePlan {
  /// `CarePlan.activity.detail`: a planned activity described in place.
  public struct Detail: FHIRCodable {
    /// Unique id of this element, for references inside the resource (`Element.id`).
    public var id: String?
    /// Additional content defined by implementations (`extension`, 0..*).
    public var `extension`: [Extension] = []
    /// Extensions a reader must understand: they change the meaning of this element (`modifierExtension`, 0..*).
    public var modifierExtension: [Extension] = []
    /// `Appointment | CommunicationRequest | DeviceRequest | MedicationRequest | NutritionOrder | Task |
    /// ServiceRequest | VisionPrescription`.
    public var kind: Primitive<FHIRCode>?
    /// Protocols, guidelines or definitions this activity follows, as canonical URLs
    /// (`CarePlan.activity.detail.instantiatesCanonical`, 0..*).
    public var instantiatesCanonical: [Primitive<FHIRURI>] = []
    /// External protocols, guidelines or definitions this activity follows (`CarePlan.activity.detail.instantiatesUri`,
    /// 0..*).
    public var instantiatesUri: [Primitive<FHIRURI>] = []
    /// Detail type of the activity (`CarePlan.activity.detail.code`).
    public var code: CodeableConcept?
    /// Why the activity should be done or why it was prohibited (`CarePlan.activity.detail.reasonCode`, 0..*).
    public var reasonCode: [CodeableConcept] = []
    /// Conditions, observations or reports that justify the activity (`CarePlan.activity.detail.reasonReference`,
    /// 0..*).
    public var reasonReference: [Reference] = []
    /// Goals this activity relates to (`CarePlan.activity.detail.goal`, 0..*).
    public var goal: [Reference] = []
    /// `not-started | scheduled | in-progress | on-hold | completed | cancelled | stopped | unknown |
    /// entered-in-error` (required).
    public var status: Primitive<FHIRCode>?
    /// Reason for the current status (`CarePlan.activity.detail.statusReason`).
    public var statusReason: CodeableConcept?
    /// If true, the activity is prohibited (`CarePlan.activity.detail.doNotPerform`).
    public var doNotPerform: Primitive<FHIRBoolean>?
    /// `scheduled[x]`: when the activity is to happen.
    public var scheduled: Scheduled?
    /// Where the activity should happen (`CarePlan.activity.detail.location`).
    public var location: Reference?
    /// Who will be responsible for the activity (`CarePlan.activity.detail.performer`, 0..*).
    public var performer: [Reference] = []
    /// `product[x]`: what is to be administered or supplied.
    public var product: Product?
    /// How much to consume or give per day (`CarePlan.activity.detail.dailyAmount`).
    public var dailyAmount: SimpleQuantity?
    /// How much to administer, supply or consume (`CarePlan.activity.detail.quantity`).
    public var quantity: SimpleQuantity?
    /// Extra information describing the activity to perform (`CarePlan.activity.detail.description`).
    public var description: Primitive<FHIRString>?
    /// Members the model does not know, in document order.
    public var unknown = JSONObject()

    static let kinds: Set<String> = [
      "Appointment", "CommunicationRequest", "DeviceRequest", "MedicationRequest", "NutritionOrder", "Task",
      "ServiceRequest", "VisionPrescription",
    ]
    static let statuses: Set<String> = [
      "not-started", "scheduled", "in-progress", "on-hold", "completed", "cancelled", "stopped", "unknown",
      "entered-in-error",
    ]

    /// A `Detail` with the given members; the others stay absent.
    public init(status: Primitive<FHIRCode>? = nil, code: CodeableConcept? = nil) {
      self.status = status
      self.code = code
    }

    /// `CarePlan.activity.detail.scheduled[x]`.
    public enum Scheduled: ChoiceType {
      /// `scheduledTiming`: the `CarePlan.activity.detail.scheduled[x]` choice as a `Timing`.
      case timing(Timing)
      /// `scheduledPeriod`: the `CarePlan.activity.detail.scheduled[x]` choice as a `Period`.
      case period(Period)
      /// `scheduledString`: the `CarePlan.activity.detail.scheduled[x]` choice as a `string`.
      case string(Primitive<FHIRString>)

      /// The types this choice allows, by the suffix their key carries.
      public static let choices = ChoiceTable<Scheduled>([
        ChoiceTable.complex("Timing", Scheduled.timing),
        ChoiceTable.complex("Period", Scheduled.period),
        ChoiceTable.primitive("String", Scheduled.string, { if case .string(let p) = $0 { p } else { nil } }),
      ])

      /// The suffix of the chosen type in the JSON key (`Quantity` in `valueQuantity`).
      public var typeSuffix: String {
        switch self {
        case .timing: "Timing"
        case .period: "Period"
        case .string: "String"
        }
      }

      /// Writes `name` plus the chosen type's suffix (and `_name…` for a primitive with extensions).
      public func encode(name: String, to writer: inout JSONWriter) {
        switch self {
        case .timing(let t): writer.member(name + typeSuffix, t)
        case .period(let p): writer.member(name + typeSuffix, p)
        case .string(let p): writer.member(name + typeSuffix, p)
        }
      }
    }

    /// `CarePlan.activity.detail.product[x]`.
    public enum Product: ChoiceType {
      /// `productCodeableConcept`: the `CarePlan.activity.detail.product[x]` choice as a `CodeableConcept`.
      case codeableConcept(CodeableConcept)
      /// `productReference`: the `CarePlan.activity.detail.product[x]` choice as a `Reference`.
      case reference(Reference)

      /// The types this choice allows, by the suffix their key carries.
      public static let choices = ChoiceTable<Product>([
        ChoiceTable.complex("CodeableConcept", Product.codeableConcept),
        ChoiceTable.complex("Reference", Product.reference),
      ])

      /// The suffix of the chosen type in the JSON key (`Quantity` in `valueQuantity`).
      public var typeSuffix: String {
        switch self {
        case .codeableConcept: "CodeableConcept"
        case .reference: "Reference"
        }
      }

      /// Writes `name` plus the chosen type's suffix (and `_name…` for a primitive with extensions).
      public func encode(name: String, to writer: inout JSONWriter) {
        switch self {
        case .codeableConcept(let c): writer.member(name + typeSuffix, c)
        case .reference(let r): writer.member(name + typeSuffix, r)
        }
      }
    }

    /// Decodes a `Detail` from the tokens at `index`, recording issues in `decoder`; `nil` if nothing decodes.
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
        case "kind": try decoder.code(&kind, at: value, in: Self.kinds)
        case "_kind": try decoder.primitiveElement(&kind, member, keeping: &unknown)
        case "instantiatesCanonical": try decoder.primitives(&instantiatesCanonical, member, keeping: &unknown)
        case "_instantiatesCanonical": try decoder.primitiveElements(&instantiatesCanonical, member, keeping: &unknown)
        case "instantiatesUri": try decoder.primitives(&instantiatesUri, member, keeping: &unknown)
        case "_instantiatesUri": try decoder.primitiveElements(&instantiatesUri, member, keeping: &unknown)
        case "code": code = try decoder.single(CodeableConcept.self, member, keeping: &unknown)
        case "reasonCode": reasonCode = try decoder.array(of: CodeableConcept.self, member, keeping: &unknown)
        case "reasonReference": reasonReference = try decoder.array(of: Reference.self, member, keeping: &unknown)
        case "goal": goal = try decoder.array(of: Reference.self, member, keeping: &unknown)
        case "status": try decoder.code(&status, at: value, in: Self.statuses)
        case "_status": try decoder.primitiveElement(&status, member, keeping: &unknown)
        case "statusReason": statusReason = try decoder.single(CodeableConcept.self, member, keeping: &unknown)
        case "doNotPerform": try decoder.primitive(&doNotPerform, at: value)
        case "_doNotPerform": try decoder.primitiveElement(&doNotPerform, member, keeping: &unknown)
        case "location": location = try decoder.single(Reference.self, member, keeping: &unknown)
        case "performer": performer = try decoder.array(of: Reference.self, member, keeping: &unknown)
        case "dailyAmount": dailyAmount = try decoder.single(Quantity.self, member, keeping: &unknown)
        case "quantity": quantity = try decoder.single(Quantity.self, member, keeping: &unknown)
        case "description": try decoder.primitive(&description, at: value)
        case "_description": try decoder.primitiveElement(&description, member, keeping: &unknown)
        default:
          if try decoder.choice(&scheduled, name: "scheduled", key: key, member: member, keeping: &unknown) { continue }
          if try decoder.choice(&product, name: "product", key: key, member: member, keeping: &unknown) { continue }
          try decoder.keepUnknown(member, in: &unknown)
        }
      }
      if status == nil { try decoder.recordMissing("status", in: index) }
      return true
    }

    /// Writes the `Detail` as one JSON object, members in the specification's order, unknown members last.
    public func encode(to writer: inout JSONWriter) {
      writer.beginObject()
      writer.member("id", id)
      writer.member("extension", self.extension)
      writer.member("modifierExtension", modifierExtension)
      writer.member("kind", kind)
      writer.member("instantiatesCanonical", instantiatesCanonical)
      writer.member("instantiatesUri", instantiatesUri)
      writer.member("code", code)
      writer.member("reasonCode", reasonCode)
      writer.member("reasonReference", reasonReference)
      writer.member("goal", goal)
      writer.member("status", status)
      writer.member("statusReason", statusReason)
      writer.member("doNotPerform", doNotPerform)
      scheduled?.encode(name: "scheduled", to: &writer)
      writer.member("location", location)
      writer.member("performer", performer)
      product?.encode(name: "product", to: &writer)
      writer.member("dailyAmount", dailyAmount)
      writer.member("quantity", quantity)
      writer.member("description", description)
      writer.members(unknown)
      writer.endObject()
    }
  }
}
