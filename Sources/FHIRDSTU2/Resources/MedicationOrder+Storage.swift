public import FHIRCore
public import FHIRJSON

extension MedicationOrder {
  /// The box that copies of one ``MedicationOrder`` share until one of them changes.
  ///
  /// `@unchecked Sendable`: `fields` changes only through the ``MedicationOrder`` that holds the
  /// only reference to its box (copy on write), so a shared box is never changed.
  /// For the same reason no access to `fields` can overlap a change of it, which the
  /// compiler checks on the owning value; so the run-time exclusivity check is left out.
  @usableFromInline final class Storage: @unchecked Sendable {
    @usableFromInline @exclusivity(unchecked) var fields: Fields

    init(_ fields: Fields) {
      self.fields = fields
    }
  }

  /// The stored members of one ``MedicationOrder``, documented on its public properties; they
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

    // MedicationOrder
    @usableFromInline var identifier: [Identifier] = []
    @usableFromInline var dateWritten: Primitive<FHIRDateTime>?
    @usableFromInline var status: Primitive<FHIRCode>?
    @usableFromInline var dateEnded: Primitive<FHIRDateTime>?
    @usableFromInline var reasonEnded: CodeableConcept?
    @usableFromInline var patient: Reference?
    @usableFromInline var prescriber: Reference?
    @usableFromInline var encounter: Reference?
    @usableFromInline var reason: ConceptOrReference?
    @usableFromInline var note: Primitive<FHIRString>?
    @usableFromInline var medication: ConceptOrReference?
    @usableFromInline var dosageInstruction: [DosageInstruction] = []
    @usableFromInline var dispenseRequest: DispenseRequest?
    @usableFromInline var substitution: Substitution?
    @usableFromInline var priorPrescription: Reference?
    @usableFromInline var unknown: JSONObject = JSONObject()

    /// Decodes the members of the object at `index` into this value: a local of
    /// ``MedicationOrder/init(from:at:)``, which then moves into a fresh box whole.
    @inline(__always)
    mutating func decodeMembers(from decoder: inout FHIRDecoder, at index: Int) throws -> Bool {
      let context = decoder.beginResource(MedicationOrder.resourceType, at: index)
      defer { decoder.endResource(context) }
      guard var members = try decoder.members(ofObjectAt: index) else { return false }
      while let member = decoder.nextMember(&members) {
        let value = member.valueIndex
        let key = decoder.key(member)
        switch key {
        case "resourceType": try decoder.checkResourceType(MedicationOrder.resourceType, at: value)
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
        case "dateWritten": try decoder.primitive(&dateWritten, at: value)
        case "_dateWritten": try decoder.primitiveElement(&dateWritten, member, keeping: &unknown)
        case "status": try decoder.code(&status, at: value, in: MedicationOrder.statuses)
        case "_status": try decoder.primitiveElement(&status, member, keeping: &unknown)
        case "dateEnded": try decoder.primitive(&dateEnded, at: value)
        case "_dateEnded": try decoder.primitiveElement(&dateEnded, member, keeping: &unknown)
        case "reasonEnded": reasonEnded = try decoder.single(CodeableConcept.self, member, keeping: &unknown)
        case "patient": patient = try decoder.single(Reference.self, member, keeping: &unknown)
        case "prescriber": prescriber = try decoder.single(Reference.self, member, keeping: &unknown)
        case "encounter": encounter = try decoder.single(Reference.self, member, keeping: &unknown)
        case "note": try decoder.primitive(&note, at: value)
        case "_note": try decoder.primitiveElement(&note, member, keeping: &unknown)
        case "dosageInstruction": dosageInstruction = try decoder.array(of: DosageInstruction.self, member, keeping: &unknown)
        case "dispenseRequest": dispenseRequest = try decoder.single(DispenseRequest.self, member, keeping: &unknown)
        case "substitution": substitution = try decoder.single(Substitution.self, member, keeping: &unknown)
        case "priorPrescription": priorPrescription = try decoder.single(Reference.self, member, keeping: &unknown)
        default:
          if try decoder.choice(&reason, name: "reason", key: key, member: member, keeping: &unknown) { continue }
          if try decoder.choice(&medication, name: "medication", key: key, member: member, keeping: &unknown) { continue }
          try decoder.keepUnknown(member, in: &unknown)
        }
      }
      if medication == nil { try decoder.recordMissing("medication[x]", in: index) }
      return true
    }

    func encode(to writer: inout JSONWriter) {
      writer.beginObject()
      writer.key("resourceType")
      writer.string(MedicationOrder.resourceType)
      writer.member("id", id)
      writer.member("meta", meta)
      writer.member("implicitRules", implicitRules)
      writer.member("language", language)
      writer.member("text", text)
      writer.member("contained", contained)
      writer.member("extension", self.extension)
      writer.member("modifierExtension", modifierExtension)
      writer.member("identifier", identifier)
      writer.member("dateWritten", dateWritten)
      writer.member("status", status)
      writer.member("dateEnded", dateEnded)
      writer.member("reasonEnded", reasonEnded)
      writer.member("patient", patient)
      writer.member("prescriber", prescriber)
      writer.member("encounter", encounter)
      reason?.encode(name: "reason", to: &writer)
      writer.member("note", note)
      medication?.encode(name: "medication", to: &writer)
      writer.member("dosageInstruction", dosageInstruction)
      writer.member("dispenseRequest", dispenseRequest)
      writer.member("substitution", substitution)
      writer.member("priorPrescription", priorPrescription)
      writer.members(unknown)
      writer.endObject()
    }
  }
}
