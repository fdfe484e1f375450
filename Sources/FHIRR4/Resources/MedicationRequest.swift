public import FHIRCore
public import FHIRJSON

/// R4 `MedicationRequest`: an order or request for a medication, with how it is to be taken.
public struct MedicationRequest: FHIRResource {
  public static let resourceType = "MedicationRequest"

  // Resource and DomainResource
  public var id: Primitive<FHIRID>?
  public var meta: Meta?
  public var implicitRules: Primitive<FHIRURI>?
  public var language: Primitive<FHIRCode>?
  public var text: Narrative?
  public var contained: [AnyResource] = []
  public var `extension`: [Extension] = []
  public var modifierExtension: [Extension] = []

  // MedicationRequest
  public var identifier: [Identifier] = []
  /// `active | on-hold | cancelled | completed | entered-in-error | stopped | draft | unknown` (required).
  public var status: Primitive<FHIRCode>?
  public var statusReason: CodeableConcept?
  /// `proposal | plan | order | original-order | reflex-order | filler-order | instance-order | option` (required).
  public var intent: Primitive<FHIRCode>?
  public var category: [CodeableConcept] = []
  /// `routine | urgent | asap | stat`.
  public var priority: Primitive<FHIRCode>?
  public var doNotPerform: Primitive<FHIRBoolean>?
  /// `reported[x]`: whether the request was reported rather than primary, or who reported it.
  public var reported: Reported?
  /// `medication[x]`: the medication requested (required).
  public var medication: Medication?
  /// Who or what the medication is for (required).
  public var subject: Reference?
  public var encounter: Reference?
  public var supportingInformation: [Reference] = []
  public var authoredOn: Primitive<FHIRDateTime>?
  public var requester: Reference?
  public var performer: Reference?
  public var performerType: CodeableConcept?
  public var recorder: Reference?
  public var reasonCode: [CodeableConcept] = []
  public var reasonReference: [Reference] = []
  public var instantiatesCanonical: [Primitive<FHIRURI>] = []
  public var instantiatesUri: [Primitive<FHIRURI>] = []
  public var basedOn: [Reference] = []
  @OutOfLine public var groupIdentifier: Identifier? = nil
  public var courseOfTherapyType: CodeableConcept?
  public var insurance: [Reference] = []
  public var note: [Annotation] = []
  public var dosageInstruction: [Dosage] = []
  @OutOfLine public var dispenseRequest: DispenseRequest? = nil
  public var substitution: Substitution?
  public var priorPrescription: Reference?
  public var detectedIssue: [Reference] = []
  public var eventHistory: [Reference] = []
  /// Members the model does not know, in document order.
  public var unknown = JSONObject()

  static let statuses: Set<String> = [
    "active", "on-hold", "cancelled", "completed", "entered-in-error", "stopped", "draft", "unknown",
  ]
  static let intents: Set<String> = [
    "proposal", "plan", "order", "original-order", "reflex-order", "filler-order", "instance-order", "option",
  ]
  static let priorities: Set<String> = ["routine", "urgent", "asap", "stat"]

  public init(
    status: Primitive<FHIRCode>? = nil, intent: Primitive<FHIRCode>? = nil, medication: Medication? = nil,
    subject: Reference? = nil
  ) {
    self.status = status
    self.intent = intent
    self.medication = medication
    self.subject = subject
  }

  /// `MedicationRequest.reported[x]`.
  public enum Reported: ChoiceType {
    case boolean(Primitive<FHIRBoolean>)
    case reference(Reference)

    public static let choices = ChoiceTable<Reported>([
      ChoiceTable.primitive("Boolean", Reported.boolean, { if case .boolean(let p) = $0 { p } else { nil } }),
      ChoiceTable.complex("Reference", Reported.reference),
    ])

    public var typeSuffix: String {
      switch self {
      case .boolean: "Boolean"
      case .reference: "Reference"
      }
    }

    public func encode(name: String, to writer: inout JSONWriter) {
      switch self {
      case .boolean(let p): writer.member(name + typeSuffix, p)
      case .reference(let r): writer.member(name + typeSuffix, r)
      }
    }
  }

  /// `MedicationRequest.medication[x]`: a code, or a reference to a `Medication` resource.
  public enum Medication: ChoiceType {
    case codeableConcept(CodeableConcept)
    case reference(Reference)

    public static let choices = ChoiceTable<Medication>([
      ChoiceTable.complex("CodeableConcept", Medication.codeableConcept),
      ChoiceTable.complex("Reference", Medication.reference),
    ])

    public var typeSuffix: String {
      switch self {
      case .codeableConcept: "CodeableConcept"
      case .reference: "Reference"
      }
    }

    public func encode(name: String, to writer: inout JSONWriter) {
      switch self {
      case .codeableConcept(let c): writer.member(name + typeSuffix, c)
      case .reference(let r): writer.member(name + typeSuffix, r)
      }
    }
  }

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
    let context = decoder.beginResource(Self.resourceType, at: index)
    defer { decoder.endResource(context) }
    guard var members = try decoder.members(ofObjectAt: index) else { return false }
    while let member = decoder.nextMember(&members) {
      let value = member.valueIndex
      let key = decoder.key(member)
      switch key {
      case "resourceType": try decoder.checkResourceType(Self.resourceType, at: value)
      case "id": try decoder.primitive(&id, at: value)
      case "_id": try decoder.primitiveElement(&id, at: value)
      case "meta": meta = try decoder.single(Meta.self, at: value)
      case "implicitRules": try decoder.primitive(&implicitRules, at: value)
      case "_implicitRules": try decoder.primitiveElement(&implicitRules, at: value)
      case "language": try decoder.primitive(&language, at: value)
      case "_language": try decoder.primitiveElement(&language, at: value)
      case "text": text = try decoder.single(Narrative.self, at: value)
      case "contained": contained = try decoder.array(of: AnyResource.self, at: value)
      case "extension": self.extension = try decoder.array(of: Extension.self, at: value)
      case "modifierExtension": modifierExtension = try decoder.array(of: Extension.self, at: value)
      case "identifier": identifier = try decoder.array(of: Identifier.self, at: value)
      case "status": try decoder.code(&status, at: value, in: Self.statuses)
      case "_status": try decoder.primitiveElement(&status, at: value)
      case "statusReason": statusReason = try decoder.single(CodeableConcept.self, at: value)
      case "intent": try decoder.code(&intent, at: value, in: Self.intents)
      case "_intent": try decoder.primitiveElement(&intent, at: value)
      case "category": category = try decoder.array(of: CodeableConcept.self, at: value)
      case "priority": try decoder.code(&priority, at: value, in: Self.priorities)
      case "_priority": try decoder.primitiveElement(&priority, at: value)
      case "doNotPerform": try decoder.primitive(&doNotPerform, at: value)
      case "_doNotPerform": try decoder.primitiveElement(&doNotPerform, at: value)
      case "subject": subject = try decoder.single(Reference.self, at: value)
      case "encounter": encounter = try decoder.single(Reference.self, at: value)
      case "supportingInformation": supportingInformation = try decoder.array(of: Reference.self, at: value)
      case "authoredOn": try decoder.primitive(&authoredOn, at: value)
      case "_authoredOn": try decoder.primitiveElement(&authoredOn, at: value)
      case "requester": requester = try decoder.single(Reference.self, at: value)
      case "performer": performer = try decoder.single(Reference.self, at: value)
      case "performerType": performerType = try decoder.single(CodeableConcept.self, at: value)
      case "recorder": recorder = try decoder.single(Reference.self, at: value)
      case "reasonCode": reasonCode = try decoder.array(of: CodeableConcept.self, at: value)
      case "reasonReference": reasonReference = try decoder.array(of: Reference.self, at: value)
      case "instantiatesCanonical": try decoder.primitives(&instantiatesCanonical, at: value)
      case "_instantiatesCanonical": try decoder.primitiveElements(&instantiatesCanonical, at: value)
      case "instantiatesUri": try decoder.primitives(&instantiatesUri, at: value)
      case "_instantiatesUri": try decoder.primitiveElements(&instantiatesUri, at: value)
      case "basedOn": basedOn = try decoder.array(of: Reference.self, at: value)
      case "groupIdentifier": groupIdentifier = try decoder.single(Identifier.self, at: value)
      case "courseOfTherapyType": courseOfTherapyType = try decoder.single(CodeableConcept.self, at: value)
      case "insurance": insurance = try decoder.array(of: Reference.self, at: value)
      case "note": note = try decoder.array(of: Annotation.self, at: value)
      case "dosageInstruction": dosageInstruction = try decoder.array(of: Dosage.self, at: value)
      case "dispenseRequest": dispenseRequest = try decoder.single(DispenseRequest.self, at: value)
      case "substitution": substitution = try decoder.single(Substitution.self, at: value)
      case "priorPrescription": priorPrescription = try decoder.single(Reference.self, at: value)
      case "detectedIssue": detectedIssue = try decoder.array(of: Reference.self, at: value)
      case "eventHistory": eventHistory = try decoder.array(of: Reference.self, at: value)
      default:
        if try decoder.choice(&reported, name: "reported", key: key, member: member) { continue }
        if try decoder.choice(&medication, name: "medication", key: key, member: member) { continue }
        try decoder.keepUnknown(member, in: &unknown)
      }
    }
    if status == nil { try decoder.recordMissing("status", in: index) }
    if intent == nil { try decoder.recordMissing("intent", in: index) }
    if medication == nil { try decoder.recordMissing("medication[x]", in: index) }
    if subject == nil { try decoder.recordMissing("subject", in: index) }
    return true
  }

  public func encode(to writer: inout JSONWriter) {
    writer.beginObject()
    writer.key("resourceType")
    writer.string(Self.resourceType)
    writer.member("id", id)
    writer.member("meta", meta)
    writer.member("implicitRules", implicitRules)
    writer.member("language", language)
    writer.member("text", text)
    writer.member("contained", contained)
    writer.member("extension", self.extension)
    writer.member("modifierExtension", modifierExtension)
    writer.member("identifier", identifier)
    writer.member("status", status)
    writer.member("statusReason", statusReason)
    writer.member("intent", intent)
    writer.member("category", category)
    writer.member("priority", priority)
    writer.member("doNotPerform", doNotPerform)
    reported?.encode(name: "reported", to: &writer)
    medication?.encode(name: "medication", to: &writer)
    writer.member("subject", subject)
    writer.member("encounter", encounter)
    writer.member("supportingInformation", supportingInformation)
    writer.member("authoredOn", authoredOn)
    writer.member("requester", requester)
    writer.member("performer", performer)
    writer.member("performerType", performerType)
    writer.member("recorder", recorder)
    writer.member("reasonCode", reasonCode)
    writer.member("reasonReference", reasonReference)
    writer.member("instantiatesCanonical", instantiatesCanonical)
    writer.member("instantiatesUri", instantiatesUri)
    writer.member("basedOn", basedOn)
    writer.member("groupIdentifier", groupIdentifier)
    writer.member("courseOfTherapyType", courseOfTherapyType)
    writer.member("insurance", insurance)
    writer.member("note", note)
    writer.member("dosageInstruction", dosageInstruction)
    writer.member("dispenseRequest", dispenseRequest)
    writer.member("substitution", substitution)
    writer.member("priorPrescription", priorPrescription)
    writer.member("detectedIssue", detectedIssue)
    writer.member("eventHistory", eventHistory)
    writer.members(unknown)
    writer.endObject()
  }
}
