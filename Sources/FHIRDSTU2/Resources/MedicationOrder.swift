public import FHIRCore
public import FHIRJSON

/// DSTU2 `MedicationOrder`: a prescription — what to give, how, and how much to dispense
/// (R4's `MedicationRequest`).
///
/// A value is one reference to copy-on-write storage: copies share their members until one
/// of them changes (docs/models.md).
public struct MedicationOrder: FHIRResource {
  /// `"MedicationOrder"`, the `resourceType` of this resource.
  public static let resourceType = "MedicationOrder"

  /// The members, in a box shared by copies until one of them changes (see ``Storage``).
  @usableFromInline var storage: Storage

  // Resource and DomainResource
  /// Logical id of the resource, as used in its URL (`Resource.id`).
  public var id: Primitive<FHIRID>? {
    @inlinable get { storage.fields.id }
    _modify { yield &fields.id }
  }
  /// Metadata about the resource: version, last update, profiles, tags (`Resource.meta`).
  public var meta: Meta? {
    @inlinable get { storage.fields.meta }
    _modify { yield &fields.meta }
  }
  /// Rules the content was created under, which a reader must understand (`Resource.implicitRules`).
  public var implicitRules: Primitive<FHIRURI>? {
    @inlinable get { storage.fields.implicitRules }
    _modify { yield &fields.implicitRules }
  }
  /// Base language of the resource content, as a BCP-47 code (`Resource.language`).
  public var language: Primitive<FHIRCode>? {
    @inlinable get { storage.fields.language }
    _modify { yield &fields.language }
  }
  /// Text summary of the resource, for human interpretation (`DomainResource.text`).
  public var text: Narrative? {
    @inlinable get { storage.fields.text }
    _modify { yield &fields.text }
  }
  /// Resources contained inline, without identity of their own (`DomainResource.contained`, 0..*).
  public var contained: [AnyResource] {
    @inlinable get { storage.fields.contained }
    _modify { yield &fields.contained }
  }
  /// Additional content defined by implementations (`extension`, 0..*).
  public var `extension`: [Extension] {
    @inlinable get { storage.fields.`extension` }
    _modify { yield &fields.`extension` }
  }
  /// Extensions a reader must understand: they change the meaning of this element (`modifierExtension`, 0..*).
  public var modifierExtension: [Extension] {
    @inlinable get { storage.fields.modifierExtension }
    _modify { yield &fields.modifierExtension }
  }

  // MedicationOrder
  /// Business identifiers assigned to this order by other systems (`MedicationOrder.identifier`, 0..*).
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
  /// When the prescription was stopped (`MedicationOrder.dateEnded`).
  public var dateEnded: Primitive<FHIRDateTime>? {
    @inlinable get { storage.fields.dateEnded }
    _modify { yield &fields.dateEnded }
  }
  /// Why the prescription was stopped (`MedicationOrder.reasonEnded`).
  public var reasonEnded: CodeableConcept? {
    @inlinable get { storage.fields.reasonEnded }
    _modify { yield &fields.reasonEnded }
  }
  /// Who the prescription is for (`MedicationOrder.patient`).
  public var patient: Reference? {
    @inlinable get { storage.fields.patient }
    _modify { yield &fields.patient }
  }
  /// Who ordered the medication (`MedicationOrder.prescriber`).
  public var prescriber: Reference? {
    @inlinable get { storage.fields.prescriber }
    _modify { yield &fields.prescriber }
  }
  /// Encounter the order was created during (`MedicationOrder.encounter`).
  public var encounter: Reference? {
    @inlinable get { storage.fields.encounter }
    _modify { yield &fields.encounter }
  }
  /// `reason[x]`: `CodeableConcept | Reference(Condition)`.
  public var reason: ConceptOrReference? {
    @inlinable get { storage.fields.reason }
    _modify { yield &fields.reason }
  }
  /// Information about the prescription (`MedicationOrder.note`).
  public var note: Primitive<FHIRString>? {
    @inlinable get { storage.fields.note }
    _modify { yield &fields.note }
  }
  /// `medication[x]`: `CodeableConcept | Reference(Medication)` (required).
  public var medication: ConceptOrReference? {
    @inlinable get { storage.fields.medication }
    _modify { yield &fields.medication }
  }
  /// How the medication should be taken (`MedicationOrder.dosageInstruction`, 0..*).
  public var dosageInstruction: [DosageInstruction] {
    @inlinable get { storage.fields.dosageInstruction }
    _modify { yield &fields.dosageInstruction }
  }
  /// Medication supply authorization (`MedicationOrder.dispenseRequest`).
  public var dispenseRequest: DispenseRequest? {
    @inlinable get { storage.fields.dispenseRequest }
    _modify { yield &fields.dispenseRequest }
  }
  /// Any restrictions on medication substitution (`MedicationOrder.substitution`).
  public var substitution: Substitution? {
    @inlinable get { storage.fields.substitution }
    _modify { yield &fields.substitution }
  }
  /// An order this one replaces (`MedicationOrder.priorPrescription`).
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

  /// An empty `MedicationOrder`: every member absent, every list empty.
  public init() {
    storage = Storage(Fields())
  }

  /// Decodes a `MedicationOrder` from the tokens at `index`, recording issues in `decoder`; `nil` if nothing decodes.
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

  /// Whether both hold the same members (compared through the shared storage).
  public static func == (lhs: MedicationOrder, rhs: MedicationOrder) -> Bool {
    lhs.storage.fields == rhs.storage.fields
  }

  /// Hashes the members that `==` compares.
  public func hash(into hasher: inout Hasher) {
    storage.fields.hash(into: &hasher)
  }

  /// Writes the `MedicationOrder` as one JSON object, members in the specification's order, unknown members last.
  public func encode(to writer: inout JSONWriter) {
    storage.fields.encode(to: &writer)
  }
}
