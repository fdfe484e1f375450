public import FHIRCore
public import FHIRJSON

extension MedicationRequest {
  /// The box that copies of one ``MedicationRequest`` share until one of them changes.
  ///
  /// `@unchecked Sendable`: `fields` changes only through the ``MedicationRequest`` that holds the
  /// only reference to its box (copy on write), so a shared box is never changed.
  /// For the same reason no access to `fields` can overlap a change of it, which the
  /// compiler checks on the owning value; so the run-time exclusivity check is left out.
  @usableFromInline final class Storage: @unchecked Sendable {
    @usableFromInline @exclusivity(unchecked) var fields: Fields

    init(_ fields: Fields) {
      self.fields = fields
    }
  }

  /// The stored members of one ``MedicationRequest``, documented on its public properties; they
  /// decode and encode themselves, and their synthesized `==` and `hash` are the model's.
  @usableFromInline struct Fields: Hashable, Sendable {
    // Resource and DomainResource
    @usableFromInline var id: Primitive<FHIRID>?
    @usableFromInline var meta: Meta?
    @usableFromInline var implicitRules: Primitive<FHIRURI>?
    @usableFromInline var language: Primitive<FHIRCode>?
    @usableFromInline var text: Narrative?
    @usableFromInline var contained: [AnyResource] = []
    @usableFromInline var `extension`: [Extension] = []
    @usableFromInline var modifierExtension: [Extension] = []

    // MedicationRequest
    @usableFromInline var identifier: [Identifier] = []
    @usableFromInline var status: Primitive<FHIRCode>?
    @usableFromInline var statusReason: CodeableConcept?
    @usableFromInline var intent: Primitive<FHIRCode>?
    @usableFromInline var category: [CodeableConcept] = []
    @usableFromInline var priority: Primitive<FHIRCode>?
    @usableFromInline var doNotPerform: Primitive<FHIRBoolean>?
    @usableFromInline var reported: Reported?
    @usableFromInline var medication: Medication?
    @usableFromInline var subject: Reference?
    @usableFromInline var encounter: Reference?
    @usableFromInline var supportingInformation: [Reference] = []
    @usableFromInline var authoredOn: Primitive<FHIRDateTime>?
    @usableFromInline var requester: Reference?
    @usableFromInline var performer: Reference?
    @usableFromInline var performerType: CodeableConcept?
    @usableFromInline var recorder: Reference?
    @usableFromInline var reasonCode: [CodeableConcept] = []
    @usableFromInline var reasonReference: [Reference] = []
    @usableFromInline var instantiatesCanonical: [Primitive<FHIRURI>] = []
    @usableFromInline var instantiatesUri: [Primitive<FHIRURI>] = []
    @usableFromInline var basedOn: [Reference] = []
    @usableFromInline var groupIdentifier: Identifier?
    @usableFromInline var courseOfTherapyType: CodeableConcept?
    @usableFromInline var insurance: [Reference] = []
    @usableFromInline var note: [Annotation] = []
    @usableFromInline var dosageInstruction: [Dosage] = []
    @usableFromInline var dispenseRequest: DispenseRequest?
    @usableFromInline var substitution: Substitution?
    @usableFromInline var priorPrescription: Reference?
    @usableFromInline var detectedIssue: [Reference] = []
    @usableFromInline var eventHistory: [Reference] = []
    @usableFromInline var unknown: JSONObject = JSONObject()

    /// Decodes the members of the object at `index` into this value: a local of
    /// ``MedicationRequest/init(from:at:)``, which then moves into a fresh box whole.
    @inline(__always)
    mutating func decodeMembers(from decoder: inout FHIRDecoder, at index: Int) throws -> Bool {
      let context = decoder.beginResource(MedicationRequest.resourceType, at: index)
      defer { decoder.endResource(context) }
      guard var members = try decoder.members(ofObjectAt: index) else { return false }
      while let member = decoder.nextMember(&members) {
        let value = member.valueIndex
        let key = decoder.key(member)
        switch key {
        case "resourceType": try decoder.checkResourceType(MedicationRequest.resourceType, at: value)
        case "id": try decoder.primitive(&id, at: value)
        case "_id": try decoder.primitiveElement(&id, member, keeping: &unknown)
        case "meta": meta = try decoder.single(Meta.self, member, keeping: &unknown)
        case "implicitRules": try decoder.primitive(&implicitRules, at: value)
        case "_implicitRules": try decoder.primitiveElement(&implicitRules, member, keeping: &unknown)
        case "language": try decoder.primitive(&language, at: value)
        case "_language": try decoder.primitiveElement(&language, member, keeping: &unknown)
        case "text": text = try decoder.single(Narrative.self, member, keeping: &unknown)
        case "contained": contained = try decoder.array(of: AnyResource.self, member, keeping: &unknown)
        case "extension": self.extension = try decoder.array(of: Extension.self, member, keeping: &unknown)
        case "modifierExtension": modifierExtension = try decoder.array(of: Extension.self, member, keeping: &unknown)
        case "identifier": identifier = try decoder.array(of: Identifier.self, member, keeping: &unknown)
        case "status": try decoder.code(&status, at: value, in: MedicationRequest.statuses)
        case "_status": try decoder.primitiveElement(&status, member, keeping: &unknown)
        case "statusReason": statusReason = try decoder.single(CodeableConcept.self, member, keeping: &unknown)
        case "intent": try decoder.code(&intent, at: value, in: MedicationRequest.intents)
        case "_intent": try decoder.primitiveElement(&intent, member, keeping: &unknown)
        case "category": category = try decoder.array(of: CodeableConcept.self, member, keeping: &unknown)
        case "priority": try decoder.code(&priority, at: value, in: MedicationRequest.priorities)
        case "_priority": try decoder.primitiveElement(&priority, member, keeping: &unknown)
        case "doNotPerform": try decoder.primitive(&doNotPerform, at: value)
        case "_doNotPerform": try decoder.primitiveElement(&doNotPerform, member, keeping: &unknown)
        case "subject": subject = try decoder.single(Reference.self, member, keeping: &unknown)
        case "encounter": encounter = try decoder.single(Reference.self, member, keeping: &unknown)
        case "supportingInformation": supportingInformation = try decoder.array(of: Reference.self, member, keeping: &unknown)
        case "authoredOn": try decoder.primitive(&authoredOn, at: value)
        case "_authoredOn": try decoder.primitiveElement(&authoredOn, member, keeping: &unknown)
        case "requester": requester = try decoder.single(Reference.self, member, keeping: &unknown)
        case "performer": performer = try decoder.single(Reference.self, member, keeping: &unknown)
        case "performerType": performerType = try decoder.single(CodeableConcept.self, member, keeping: &unknown)
        case "recorder": recorder = try decoder.single(Reference.self, member, keeping: &unknown)
        case "reasonCode": reasonCode = try decoder.array(of: CodeableConcept.self, member, keeping: &unknown)
        case "reasonReference": reasonReference = try decoder.array(of: Reference.self, member, keeping: &unknown)
        case "instantiatesCanonical": try decoder.primitives(&instantiatesCanonical, member, keeping: &unknown)
        case "_instantiatesCanonical": try decoder.primitiveElements(&instantiatesCanonical, member, keeping: &unknown)
        case "instantiatesUri": try decoder.primitives(&instantiatesUri, member, keeping: &unknown)
        case "_instantiatesUri": try decoder.primitiveElements(&instantiatesUri, member, keeping: &unknown)
        case "basedOn": basedOn = try decoder.array(of: Reference.self, member, keeping: &unknown)
        case "groupIdentifier": groupIdentifier = try decoder.single(Identifier.self, member, keeping: &unknown)
        case "courseOfTherapyType": courseOfTherapyType = try decoder.single(CodeableConcept.self, member, keeping: &unknown)
        case "insurance": insurance = try decoder.array(of: Reference.self, member, keeping: &unknown)
        case "note": note = try decoder.array(of: Annotation.self, member, keeping: &unknown)
        case "dosageInstruction": dosageInstruction = try decoder.array(of: Dosage.self, member, keeping: &unknown)
        case "dispenseRequest": dispenseRequest = try decoder.single(DispenseRequest.self, member, keeping: &unknown)
        case "substitution": substitution = try decoder.single(Substitution.self, member, keeping: &unknown)
        case "priorPrescription": priorPrescription = try decoder.single(Reference.self, member, keeping: &unknown)
        case "detectedIssue": detectedIssue = try decoder.array(of: Reference.self, member, keeping: &unknown)
        case "eventHistory": eventHistory = try decoder.array(of: Reference.self, member, keeping: &unknown)
        default:
          if try decoder.choice(&reported, name: "reported", key: key, member: member, keeping: &unknown) { continue }
          if try decoder.choice(&medication, name: "medication", key: key, member: member, keeping: &unknown) { continue }
          try decoder.keepUnknown(member, in: &unknown)
        }
      }
      if status == nil { try decoder.recordMissing("status", in: index) }
      if intent == nil { try decoder.recordMissing("intent", in: index) }
      if medication == nil { try decoder.recordMissing("medication[x]", in: index) }
      if subject == nil { try decoder.recordMissing("subject", in: index) }
      return true
    }

    func encode(to writer: inout JSONWriter) {
      writer.beginObject()
      writer.key("resourceType")
      writer.string(MedicationRequest.resourceType)
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
}
