public import FHIRCore
public import FHIRJSON

extension CarePlan.Activity {
  /// `CarePlan.activity.detail`: a planned activity described inline.
  public struct Detail: FHIRCodable {
    /// Unique id of this element, for references inside the resource (`Element.id`).
    public var id: String?
    /// Additional content defined by implementations (`extension`, 0..*).
    public var `extension`: [Extension] = []
    /// Extensions a reader must understand: they change the meaning of this element (`modifierExtension`, 0..*).
    public var modifierExtension: [Extension] = []
    /// `diet | drug | encounter | observation | procedure | supply | other` (example binding).
    public var category: CodeableConcept?
    /// Detail type of the activity (`CarePlan.activity.detail.code`).
    public var code: CodeableConcept?
    /// Why the activity should be done or why it was prohibited (`CarePlan.activity.detail.reasonCode`, 0..*).
    public var reasonCode: [CodeableConcept] = []
    /// The conditions that justify the activity.
    public var reasonReference: [Reference] = []
    /// Goals this activity relates to (`CarePlan.activity.detail.goal`, 0..*).
    public var goal: [Reference] = []
    /// `not-started | scheduled | in-progress | on-hold | completed | cancelled`.
    public var status: Primitive<FHIRCode>?
    /// Reason for the current status (`CarePlan.activity.detail.statusReason`).
    public var statusReason: CodeableConcept?
    /// Whether the activity is to be avoided rather than done (required).
    public var prohibited: Primitive<FHIRBoolean>?
    /// When the activity is to occur: `Timing`, `Period` or `string` (`CarePlan.activity.detail.scheduled`).
    public var scheduled: Scheduled?
    /// Where the activity should happen (`CarePlan.activity.detail.location`).
    public var location: Reference?
    /// Who will be responsible for the activity (`CarePlan.activity.detail.performer`, 0..*).
    public var performer: [Reference] = []
    /// `product[x]`: `CodeableConcept | Reference(Medication | Substance)`.
    public var product: ConceptOrReference?
    /// How much to consume per day.
    public var dailyAmount: SimpleQuantity?
    /// How much to administer, supply or consume.
    public var quantity: SimpleQuantity?
    /// Extra information describing the activity to perform (`CarePlan.activity.detail.description`).
    public var description: Primitive<FHIRString>?
    /// Members the model does not know, in document order.
    public var unknown = JSONObject()

    static let statuses: Set<String> = ["not-started", "scheduled", "in-progress", "on-hold", "completed", "cancelled"]

    /// A `Detail` with the given members; the others stay absent.
    public init(prohibited: Primitive<FHIRBoolean>? = nil) {
      self.prohibited = prohibited
    }

    /// `detail.scheduled[x]`: `Timing | Period | string`.
    public enum Scheduled: ChoiceType {
      /// `scheduledTiming`: the `detail.scheduled[x]` choice as a `Timing`.
      case timing(Timing)
      /// `scheduledPeriod`: the `detail.scheduled[x]` choice as a `Period`.
      case period(Period)
      /// `scheduledString`: the `detail.scheduled[x]` choice as a `string`.
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
        case .timing(let value): writer.member(name + typeSuffix, value)
        case .period(let value): writer.member(name + typeSuffix, value)
        case .string(let p): writer.member(name + typeSuffix, p)
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
        case "category": category = try decoder.single(CodeableConcept.self, member, keeping: &unknown)
        case "code": code = try decoder.single(CodeableConcept.self, member, keeping: &unknown)
        case "reasonCode": reasonCode = try decoder.array(of: CodeableConcept.self, member, keeping: &unknown)
        case "reasonReference": reasonReference = try decoder.array(of: Reference.self, member, keeping: &unknown)
        case "goal": goal = try decoder.array(of: Reference.self, member, keeping: &unknown)
        case "status": try decoder.code(&status, at: value, in: Self.statuses)
        case "_status": try decoder.primitiveElement(&status, member, keeping: &unknown)
        case "statusReason": statusReason = try decoder.single(CodeableConcept.self, member, keeping: &unknown)
        case "prohibited": try decoder.primitive(&prohibited, at: value)
        case "_prohibited": try decoder.primitiveElement(&prohibited, member, keeping: &unknown)
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
      if prohibited == nil {
        if decoder.options.repair && decoder.options.mode == .lenient {
          // The meaning of an activity that does not say it is prohibited.
          prohibited = Primitive(FHIRBoolean(false))
          decoder.recordRepair(.defaulted, "required element 'prohibited' is missing; set to false", at: index)
        } else {
          try decoder.recordMissing("prohibited", in: index)
        }
      }
      return true
    }

    /// Writes the `Detail` as one JSON object, members in the specification's order, unknown members last.
    public func encode(to writer: inout JSONWriter) {
      writer.beginObject()
      writer.member("id", id)
      writer.member("extension", self.extension)
      writer.member("modifierExtension", modifierExtension)
      writer.member("category", category)
      writer.member("code", code)
      writer.member("reasonCode", reasonCode)
      writer.member("reasonReference", reasonReference)
      writer.member("goal", goal)
      writer.member("status", status)
      writer.member("statusReason", statusReason)
      writer.member("prohibited", prohibited)
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
