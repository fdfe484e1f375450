public import FHIRCore
public import FHIRJSON

/// DSTU2 `MedicationOrder`: a prescription — what to give, how, and how much to dispense
/// (R4's `MedicationRequest`).
///
/// A value is one reference to copy-on-write storage: copies share their members until one
/// of them changes (docs/models.md).
public struct MedicationOrder: FHIRResource {
  public static let resourceType = "MedicationOrder"

  /// The members, in a box shared by copies until one of them changes (see ``Storage``).
  @usableFromInline var storage: Storage

  // Resource and DomainResource
  public var id: Primitive<FHIRID>? {
    @inlinable get { storage.fields.id }
    _modify { yield &fields.id }
  }
  public var meta: Meta? {
    @inlinable get { storage.fields.meta }
    _modify { yield &fields.meta }
  }
  public var implicitRules: Primitive<FHIRURI>? {
    @inlinable get { storage.fields.implicitRules }
    _modify { yield &fields.implicitRules }
  }
  public var language: Primitive<FHIRCode>? {
    @inlinable get { storage.fields.language }
    _modify { yield &fields.language }
  }
  public var text: Narrative? {
    @inlinable get { storage.fields.text }
    _modify { yield &fields.text }
  }
  public var contained: [AnyResource] {
    @inlinable get { storage.fields.contained }
    _modify { yield &fields.contained }
  }
  public var `extension`: [Extension] {
    @inlinable get { storage.fields.`extension` }
    _modify { yield &fields.`extension` }
  }
  public var modifierExtension: [Extension] {
    @inlinable get { storage.fields.modifierExtension }
    _modify { yield &fields.modifierExtension }
  }

  // MedicationOrder
  public var identifier: [Identifier] {
    @inlinable get { storage.fields.identifier }
    _modify { yield &fields.identifier }
  }
  /// When the prescription was written.
  public var dateWritten: Primitive<FHIRDateTime>? {
    @inlinable get { storage.fields.dateWritten }
    _modify { yield &fields.dateWritten }
  }
  /// `active | on-hold | completed | entered-in-error | stopped | draft`.
  public var status: Primitive<FHIRCode>? {
    @inlinable get { storage.fields.status }
    _modify { yield &fields.status }
  }
  public var dateEnded: Primitive<FHIRDateTime>? {
    @inlinable get { storage.fields.dateEnded }
    _modify { yield &fields.dateEnded }
  }
  public var reasonEnded: CodeableConcept? {
    @inlinable get { storage.fields.reasonEnded }
    _modify { yield &fields.reasonEnded }
  }
  public var patient: Reference? {
    @inlinable get { storage.fields.patient }
    _modify { yield &fields.patient }
  }
  public var prescriber: Reference? {
    @inlinable get { storage.fields.prescriber }
    _modify { yield &fields.prescriber }
  }
  public var encounter: Reference? {
    @inlinable get { storage.fields.encounter }
    _modify { yield &fields.encounter }
  }
  /// `reason[x]`: `CodeableConcept | Reference(Condition)`.
  public var reason: ConceptOrReference? {
    @inlinable get { storage.fields.reason }
    _modify { yield &fields.reason }
  }
  public var note: Primitive<FHIRString>? {
    @inlinable get { storage.fields.note }
    _modify { yield &fields.note }
  }
  /// `medication[x]`: `CodeableConcept | Reference(Medication)` (required).
  public var medication: ConceptOrReference? {
    @inlinable get { storage.fields.medication }
    _modify { yield &fields.medication }
  }
  public var dosageInstruction: [DosageInstruction] {
    @inlinable get { storage.fields.dosageInstruction }
    _modify { yield &fields.dosageInstruction }
  }
  public var dispenseRequest: DispenseRequest? {
    @inlinable get { storage.fields.dispenseRequest }
    _modify { yield &fields.dispenseRequest }
  }
  public var substitution: Substitution? {
    @inlinable get { storage.fields.substitution }
    _modify { yield &fields.substitution }
  }
  public var priorPrescription: Reference? {
    @inlinable get { storage.fields.priorPrescription }
    _modify { yield &fields.priorPrescription }
  }
  /// Members the model does not know, in document order.
  public var unknown: JSONObject {
    @inlinable get { storage.fields.unknown }
    _modify { yield &fields.unknown }
  }

  static let statuses: Set<String> = ["active", "on-hold", "completed", "entered-in-error", "stopped", "draft"]

  public init() {
    storage = Storage(Fields())
  }

  public init?(from decoder: inout FHIRDecoder, at index: Int) throws {
    var fields = Fields()
    guard try fields.decodeMembers(from: &decoder, at: index) else { return nil }
    storage = Storage(fields)
  }

  /// The members, for a change: a shared box is copied first, so no other value sees it.
  private var fields: Fields {
    get { storage.fields }
    _modify {
      if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.fields) }
      yield &storage.fields
    }
  }

  public static func == (lhs: MedicationOrder, rhs: MedicationOrder) -> Bool {
    lhs.storage.fields == rhs.storage.fields
  }

  public func hash(into hasher: inout Hasher) {
    storage.fields.hash(into: &hasher)
  }

  public func encode(to writer: inout JSONWriter) {
    storage.fields.encode(to: &writer)
  }
}
