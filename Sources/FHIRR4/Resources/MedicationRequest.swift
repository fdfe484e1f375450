public import FHIRCore
public import FHIRJSON

/// R4 `MedicationRequest`: an order or request for a medication, with how it is to be taken.
///
/// A value is one reference to copy-on-write storage: copies share their members until one
/// of them changes (docs/models.md).
public struct MedicationRequest: FHIRResource {
  /// `"MedicationRequest"`, the `resourceType` of this resource.
  public static let resourceType = "MedicationRequest"

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

  // MedicationRequest
  /// Business identifiers assigned to this request by other systems (`MedicationRequest.identifier`, 0..*).
  public var identifier: [Identifier] {
    @inlinable get { storage.fields.identifier }
    _modify { yield &fields.identifier }
  }
  /// `active | on-hold | cancelled | completed | entered-in-error | stopped | draft | unknown` (required).
  public var status: Primitive<FHIRCode>? {
    @inlinable get { storage.fields.status }
    _modify { yield &fields.status }
  }
  /// Reason for the current status (`MedicationRequest.statusReason`).
  public var statusReason: CodeableConcept? {
    @inlinable get { storage.fields.statusReason }
    _modify { yield &fields.statusReason }
  }
  /// `proposal | plan | order | original-order | reflex-order | filler-order | instance-order | option` (required).
  public var intent: Primitive<FHIRCode>? {
    @inlinable get { storage.fields.intent }
    _modify { yield &fields.intent }
  }
  /// Type of medication usage, e.g. inpatient or community (`MedicationRequest.category`, 0..*).
  public var category: [CodeableConcept] {
    @inlinable get { storage.fields.category }
    _modify { yield &fields.category }
  }
  /// `routine | urgent | asap | stat`.
  public var priority: Primitive<FHIRCode>? {
    @inlinable get { storage.fields.priority }
    _modify { yield &fields.priority }
  }
  /// True if the request prohibits the action (`MedicationRequest.doNotPerform`).
  public var doNotPerform: Primitive<FHIRBoolean>? {
    @inlinable get { storage.fields.doNotPerform }
    _modify { yield &fields.doNotPerform }
  }
  /// `reported[x]`: whether the request was reported rather than primary, or who reported it.
  public var reported: Reported? {
    @inlinable get { storage.fields.reported }
    _modify { yield &fields.reported }
  }
  /// `medication[x]`: the medication requested (required).
  public var medication: Medication? {
    @inlinable get { storage.fields.medication }
    _modify { yield &fields.medication }
  }
  /// Who or what the medication is for (required).
  public var subject: Reference? {
    @inlinable get { storage.fields.subject }
    _modify { yield &fields.subject }
  }
  /// Encounter the request was created during (`MedicationRequest.encounter`).
  public var encounter: Reference? {
    @inlinable get { storage.fields.encounter }
    _modify { yield &fields.encounter }
  }
  /// Information to support ordering the medication (`MedicationRequest.supportingInformation`, 0..*).
  public var supportingInformation: [Reference] {
    @inlinable get { storage.fields.supportingInformation }
    _modify { yield &fields.supportingInformation }
  }
  /// When the request was initially authored (`MedicationRequest.authoredOn`).
  public var authoredOn: Primitive<FHIRDateTime>? {
    @inlinable get { storage.fields.authoredOn }
    _modify { yield &fields.authoredOn }
  }
  /// Who or what asked for the request (`MedicationRequest.requester`).
  public var requester: Reference? {
    @inlinable get { storage.fields.requester }
    _modify { yield &fields.requester }
  }
  /// Intended performer of the administration (`MedicationRequest.performer`).
  public var performer: Reference? {
    @inlinable get { storage.fields.performer }
    _modify { yield &fields.performer }
  }
  /// Desired kind of performer of the administration (`MedicationRequest.performerType`).
  public var performerType: CodeableConcept? {
    @inlinable get { storage.fields.performerType }
    _modify { yield &fields.performerType }
  }
  /// Person who entered the request (`MedicationRequest.recorder`).
  public var recorder: Reference? {
    @inlinable get { storage.fields.recorder }
    _modify { yield &fields.recorder }
  }
  /// Reason or indication for ordering the medication (`MedicationRequest.reasonCode`, 0..*).
  public var reasonCode: [CodeableConcept] {
    @inlinable get { storage.fields.reasonCode }
    _modify { yield &fields.reasonCode }
  }
  /// Condition or observation that supports the prescription (`MedicationRequest.reasonReference`, 0..*).
  public var reasonReference: [Reference] {
    @inlinable get { storage.fields.reasonReference }
    _modify { yield &fields.reasonReference }
  }
  /// Protocols or definitions followed, as canonical URLs (`MedicationRequest.instantiatesCanonical`, 0..*).
  public var instantiatesCanonical: [Primitive<FHIRURI>] {
    @inlinable get { storage.fields.instantiatesCanonical }
    _modify { yield &fields.instantiatesCanonical }
  }
  /// External protocols or definitions followed (`MedicationRequest.instantiatesUri`, 0..*).
  public var instantiatesUri: [Primitive<FHIRURI>] {
    @inlinable get { storage.fields.instantiatesUri }
    _modify { yield &fields.instantiatesUri }
  }
  /// What request this one fulfils (`MedicationRequest.basedOn`, 0..*).
  public var basedOn: [Reference] {
    @inlinable get { storage.fields.basedOn }
    _modify { yield &fields.basedOn }
  }
  /// Identifier shared by requests authored together (`MedicationRequest.groupIdentifier`).
  public var groupIdentifier: Identifier? {
    @inlinable get { storage.fields.groupIdentifier }
    _modify { yield &fields.groupIdentifier }
  }
  /// Overall pattern of administration: continuous, acute, seasonal (`MedicationRequest.courseOfTherapyType`).
  public var courseOfTherapyType: CodeableConcept? {
    @inlinable get { storage.fields.courseOfTherapyType }
    _modify { yield &fields.courseOfTherapyType }
  }
  /// Associated insurance coverage (`MedicationRequest.insurance`, 0..*).
  public var insurance: [Reference] {
    @inlinable get { storage.fields.insurance }
    _modify { yield &fields.insurance }
  }
  /// Information about the prescription (`MedicationRequest.note`, 0..*).
  public var note: [Annotation] {
    @inlinable get { storage.fields.note }
    _modify { yield &fields.note }
  }
  /// How the medication should be taken (`MedicationRequest.dosageInstruction`, 0..*).
  public var dosageInstruction: [Dosage] {
    @inlinable get { storage.fields.dosageInstruction }
    _modify { yield &fields.dosageInstruction }
  }
  /// Medication supply authorization (`MedicationRequest.dispenseRequest`).
  public var dispenseRequest: DispenseRequest? {
    @inlinable get { storage.fields.dispenseRequest }
    _modify { yield &fields.dispenseRequest }
  }
  /// Any restrictions on medication substitution (`MedicationRequest.substitution`).
  public var substitution: Substitution? {
    @inlinable get { storage.fields.substitution }
    _modify { yield &fields.substitution }
  }
  /// An order or prescription this one replaces (`MedicationRequest.priorPrescription`).
  public var priorPrescription: Reference? {
    @inlinable get { storage.fields.priorPrescription }
    _modify { yield &fields.priorPrescription }
  }
  /// Clinical issues with the action, e.g. interactions (`MedicationRequest.detectedIssue`, 0..*).
  public var detectedIssue: [Reference] {
    @inlinable get { storage.fields.detectedIssue }
    _modify { yield &fields.detectedIssue }
  }
  /// Provenance of the lifecycle events of the request (`MedicationRequest.eventHistory`, 0..*).
  public var eventHistory: [Reference] {
    @inlinable get { storage.fields.eventHistory }
    _modify { yield &fields.eventHistory }
  }
  /// Members the model does not know, in document order.
  public var unknown: JSONObject {
    @inlinable get { storage.fields.unknown }
    _modify { yield &fields.unknown }
  }

  static let statuses: Set<String> = [
    "active", "on-hold", "cancelled", "completed", "entered-in-error", "stopped", "draft", "unknown",
  ]
  static let intents: Set<String> = [
    "proposal", "plan", "order", "original-order", "reflex-order", "filler-order", "instance-order", "option",
  ]
  static let priorities: Set<String> = ["routine", "urgent", "asap", "stat"]

  /// A `MedicationRequest` with the given members; the others stay absent.
  public init(
    status: Primitive<FHIRCode>? = nil, intent: Primitive<FHIRCode>? = nil, medication: Medication? = nil,
    subject: Reference? = nil
  ) {
    storage = Storage(Fields(status: status, intent: intent, medication: medication, subject: subject))
  }

  /// `MedicationRequest.reported[x]`.
  public enum Reported: ChoiceType {
    /// `reportedBoolean`: the `MedicationRequest.reported[x]` choice as a `boolean`.
    case boolean(Primitive<FHIRBoolean>)
    /// `reportedReference`: the `MedicationRequest.reported[x]` choice as a `Reference`.
    case reference(Reference)

    /// The types this choice allows, by the suffix their key carries.
    public static let choices = ChoiceTable<Reported>([
      ChoiceTable.primitive("Boolean", Reported.boolean, { if case .boolean(let p) = $0 { p } else { nil } }),
      ChoiceTable.complex("Reference", Reported.reference),
    ])

    /// The suffix of the chosen type in the JSON key (`Quantity` in `valueQuantity`).
    public var typeSuffix: String {
      switch self {
      case .boolean: "Boolean"
      case .reference: "Reference"
      }
    }

    /// Writes `name` plus the chosen type's suffix (and `_name…` for a primitive with extensions).
    public func encode(name: String, to writer: inout JSONWriter) {
      switch self {
      case .boolean(let p): writer.member(name + typeSuffix, p)
      case .reference(let r): writer.member(name + typeSuffix, r)
      }
    }
  }

  /// `MedicationRequest.medication[x]`: a code, or a reference to a `Medication` resource.
  public enum Medication: ChoiceType {
    /// `medicationCodeableConcept`: the `MedicationRequest.medication[x]` choice as a `CodeableConcept`.
    case codeableConcept(CodeableConcept)
    /// `medicationReference`: the `MedicationRequest.medication[x]` choice as a `Reference`.
    case reference(Reference)

    /// The types this choice allows, by the suffix their key carries.
    public static let choices = ChoiceTable<Medication>([
      ChoiceTable.complex("CodeableConcept", Medication.codeableConcept),
      ChoiceTable.complex("Reference", Medication.reference),
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

  /// Decodes a `MedicationRequest` from the tokens at `index`, recording issues in `decoder`; `nil` if nothing decodes.
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
  public static func == (lhs: MedicationRequest, rhs: MedicationRequest) -> Bool {
    lhs.storage.fields == rhs.storage.fields
  }

  /// Hashes the members that `==` compares.
  public func hash(into hasher: inout Hasher) {
    storage.fields.hash(into: &hasher)
  }

  /// Writes the `MedicationRequest` as one JSON object, members in the specification's order, unknown members last.
  public func encode(to writer: inout JSONWriter) {
    storage.fields.encode(to: &writer)
  }
}
