public import FHIRCore
public import FHIRJSON

/// R4 `MedicationRequest`: an order or request for a medication, with how it is to be taken.
///
/// A value is one reference to copy-on-write storage: copies share their members until one
/// of them changes (docs/models.md).
public struct MedicationRequest: FHIRResource {
  public static let resourceType = "MedicationRequest"

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

  // MedicationRequest
  public var identifier: [Identifier] {
    @inlinable get { storage.fields.identifier }
    _modify { yield &fields.identifier }
  }
  /// `active | on-hold | cancelled | completed | entered-in-error | stopped | draft | unknown` (required).
  public var status: Primitive<FHIRCode>? {
    @inlinable get { storage.fields.status }
    _modify { yield &fields.status }
  }
  public var statusReason: CodeableConcept? {
    @inlinable get { storage.fields.statusReason }
    _modify { yield &fields.statusReason }
  }
  /// `proposal | plan | order | original-order | reflex-order | filler-order | instance-order | option` (required).
  public var intent: Primitive<FHIRCode>? {
    @inlinable get { storage.fields.intent }
    _modify { yield &fields.intent }
  }
  public var category: [CodeableConcept] {
    @inlinable get { storage.fields.category }
    _modify { yield &fields.category }
  }
  /// `routine | urgent | asap | stat`.
  public var priority: Primitive<FHIRCode>? {
    @inlinable get { storage.fields.priority }
    _modify { yield &fields.priority }
  }
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
  public var encounter: Reference? {
    @inlinable get { storage.fields.encounter }
    _modify { yield &fields.encounter }
  }
  public var supportingInformation: [Reference] {
    @inlinable get { storage.fields.supportingInformation }
    _modify { yield &fields.supportingInformation }
  }
  public var authoredOn: Primitive<FHIRDateTime>? {
    @inlinable get { storage.fields.authoredOn }
    _modify { yield &fields.authoredOn }
  }
  public var requester: Reference? {
    @inlinable get { storage.fields.requester }
    _modify { yield &fields.requester }
  }
  public var performer: Reference? {
    @inlinable get { storage.fields.performer }
    _modify { yield &fields.performer }
  }
  public var performerType: CodeableConcept? {
    @inlinable get { storage.fields.performerType }
    _modify { yield &fields.performerType }
  }
  public var recorder: Reference? {
    @inlinable get { storage.fields.recorder }
    _modify { yield &fields.recorder }
  }
  public var reasonCode: [CodeableConcept] {
    @inlinable get { storage.fields.reasonCode }
    _modify { yield &fields.reasonCode }
  }
  public var reasonReference: [Reference] {
    @inlinable get { storage.fields.reasonReference }
    _modify { yield &fields.reasonReference }
  }
  public var instantiatesCanonical: [Primitive<FHIRURI>] {
    @inlinable get { storage.fields.instantiatesCanonical }
    _modify { yield &fields.instantiatesCanonical }
  }
  public var instantiatesUri: [Primitive<FHIRURI>] {
    @inlinable get { storage.fields.instantiatesUri }
    _modify { yield &fields.instantiatesUri }
  }
  public var basedOn: [Reference] {
    @inlinable get { storage.fields.basedOn }
    _modify { yield &fields.basedOn }
  }
  public var groupIdentifier: Identifier? {
    @inlinable get { storage.fields.groupIdentifier }
    _modify { yield &fields.groupIdentifier }
  }
  public var courseOfTherapyType: CodeableConcept? {
    @inlinable get { storage.fields.courseOfTherapyType }
    _modify { yield &fields.courseOfTherapyType }
  }
  public var insurance: [Reference] {
    @inlinable get { storage.fields.insurance }
    _modify { yield &fields.insurance }
  }
  public var note: [Annotation] {
    @inlinable get { storage.fields.note }
    _modify { yield &fields.note }
  }
  public var dosageInstruction: [Dosage] {
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
  public var detectedIssue: [Reference] {
    @inlinable get { storage.fields.detectedIssue }
    _modify { yield &fields.detectedIssue }
  }
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

  public init(
    status: Primitive<FHIRCode>? = nil, intent: Primitive<FHIRCode>? = nil, medication: Medication? = nil,
    subject: Reference? = nil
  ) {
    storage = Storage(Fields(status: status, intent: intent, medication: medication, subject: subject))
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

  public static func == (lhs: MedicationRequest, rhs: MedicationRequest) -> Bool {
    lhs.storage.fields == rhs.storage.fields
  }

  public func hash(into hasher: inout Hasher) {
    storage.fields.hash(into: &hasher)
  }

  public func encode(to writer: inout JSONWriter) {
    storage.fields.encode(to: &writer)
  }
}
