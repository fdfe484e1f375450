public import FHIRCore
public import FHIRJSON

/// DSTU2 `MedicationOrder`: a prescription — what to give, how, and how much to dispense
/// (R4's `MedicationRequest`).
public struct MedicationOrder: FHIRResource {
  public static let resourceType = "MedicationOrder"

  // Resource and DomainResource
  public var id: Primitive<FHIRID>?
  public var meta: Meta?
  public var implicitRules: Primitive<FHIRURI>?
  public var language: Primitive<FHIRCode>?
  public var text: Narrative?
  public var contained: [AnyResource] = []
  public var `extension`: [Extension] = []
  public var modifierExtension: [Extension] = []

  // MedicationOrder
  public var identifier: [Identifier] = []
  /// When the prescription was written.
  public var dateWritten: Primitive<FHIRDateTime>?
  /// `active | on-hold | completed | entered-in-error | stopped | draft`.
  public var status: Primitive<FHIRCode>?
  public var dateEnded: Primitive<FHIRDateTime>?
  public var reasonEnded: CodeableConcept?
  public var patient: Reference?
  public var prescriber: Reference?
  public var encounter: Reference?
  /// `reason[x]`: `CodeableConcept | Reference(Condition)`.
  public var reason: ConceptOrReference?
  public var note: Primitive<FHIRString>?
  /// `medication[x]`: `CodeableConcept | Reference(Medication)` (required).
  public var medication: ConceptOrReference?
  public var dosageInstruction: [DosageInstruction] = []
  public var dispenseRequest: DispenseRequest?
  public var substitution: Substitution?
  public var priorPrescription: Reference?
  /// Members the model does not know, in document order.
  public var unknown = JSONObject()

  static let statuses: Set<String> = ["active", "on-hold", "completed", "entered-in-error", "stopped", "draft"]

  public init() {}

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
      case "dateWritten": try decoder.primitive(&dateWritten, at: value)
      case "_dateWritten": try decoder.primitiveElement(&dateWritten, at: value)
      case "status": try decoder.code(&status, at: value, in: Self.statuses)
      case "_status": try decoder.primitiveElement(&status, at: value)
      case "dateEnded": try decoder.primitive(&dateEnded, at: value)
      case "_dateEnded": try decoder.primitiveElement(&dateEnded, at: value)
      case "reasonEnded": reasonEnded = try decoder.single(CodeableConcept.self, at: value)
      case "patient": patient = try decoder.single(Reference.self, at: value)
      case "prescriber": prescriber = try decoder.single(Reference.self, at: value)
      case "encounter": encounter = try decoder.single(Reference.self, at: value)
      case "note": try decoder.primitive(&note, at: value)
      case "_note": try decoder.primitiveElement(&note, at: value)
      case "dosageInstruction": dosageInstruction = try decoder.array(of: DosageInstruction.self, at: value)
      case "dispenseRequest": dispenseRequest = try decoder.single(DispenseRequest.self, at: value)
      case "substitution": substitution = try decoder.single(Substitution.self, at: value)
      case "priorPrescription": priorPrescription = try decoder.single(Reference.self, at: value)
      default:
        if try decoder.choice(&reason, name: "reason", key: key, member: member) { continue }
        if try decoder.choice(&medication, name: "medication", key: key, member: member) { continue }
        try decoder.keepUnknown(member, in: &unknown)
      }
    }
    if medication == nil { try decoder.recordMissing("medication[x]", in: index) }
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
