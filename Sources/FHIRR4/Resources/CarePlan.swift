public import FHIRCore
public import FHIRJSON

/// R4 `CarePlan`: how one or more practitioners intend to deliver care to a patient.
///
/// A value is one reference to copy-on-write storage: copies share their members until one
/// of them changes (docs/models.md).
public struct CarePlan: FHIRResource {
  /// `"CarePlan"`, the `resourceType` of this resource.
  public static let resourceType = "CarePlan"

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

  // CarePlan
  /// Business identifiers assigned to this care plan by other systems (`CarePlan.identifier`, 0..*).
  public var identifier: [Identifier] {
    @inlinable get { storage.fields.identifier }
    _modify { yield &fields.identifier }
  }
  /// Protocols or definitions this plan follows, as canonical URLs (`CarePlan.instantiatesCanonical`, 0..*).
  public var instantiatesCanonical: [Primitive<FHIRURI>] {
    @inlinable get { storage.fields.instantiatesCanonical }
    _modify { yield &fields.instantiatesCanonical }
  }
  /// External protocols or definitions this plan follows (`CarePlan.instantiatesUri`, 0..*).
  public var instantiatesUri: [Primitive<FHIRURI>] {
    @inlinable get { storage.fields.instantiatesUri }
    _modify { yield &fields.instantiatesUri }
  }
  /// Care plans this one fulfils (`CarePlan.basedOn`, 0..*).
  public var basedOn: [Reference] {
    @inlinable get { storage.fields.basedOn }
    _modify { yield &fields.basedOn }
  }
  /// Plans this one replaces (`CarePlan.replaces`, 0..*).
  public var replaces: [Reference] {
    @inlinable get { storage.fields.replaces }
    _modify { yield &fields.replaces }
  }
  /// Plans of which this one is a part (`CarePlan.partOf`, 0..*).
  public var partOf: [Reference] {
    @inlinable get { storage.fields.partOf }
    _modify { yield &fields.partOf }
  }
  /// `draft | active | on-hold | revoked | completed | entered-in-error | unknown` (required).
  public var status: Primitive<FHIRCode>? {
    @inlinable get { storage.fields.status }
    _modify { yield &fields.status }
  }
  /// `proposal | plan | order | option` (required).
  public var intent: Primitive<FHIRCode>? {
    @inlinable get { storage.fields.intent }
    _modify { yield &fields.intent }
  }
  /// Type of plan, e.g. home health or psychiatric (`CarePlan.category`, 0..*).
  public var category: [CodeableConcept] {
    @inlinable get { storage.fields.category }
    _modify { yield &fields.category }
  }
  /// Human-friendly name for the plan (`CarePlan.title`).
  public var title: Primitive<FHIRString>? {
    @inlinable get { storage.fields.title }
    _modify { yield &fields.title }
  }
  /// Summary of the nature of the plan (`CarePlan.description`).
  public var description: Primitive<FHIRString>? {
    @inlinable get { storage.fields.description }
    _modify { yield &fields.description }
  }
  /// Who the plan is for (required).
  public var subject: Reference? {
    @inlinable get { storage.fields.subject }
    _modify { yield &fields.subject }
  }
  /// Encounter created as part of (`CarePlan.encounter`).
  public var encounter: Reference? {
    @inlinable get { storage.fields.encounter }
    _modify { yield &fields.encounter }
  }
  /// Time period the plan covers (`CarePlan.period`).
  public var period: Period? {
    @inlinable get { storage.fields.period }
    _modify { yield &fields.period }
  }
  /// Date the record was first recorded (`CarePlan.created`).
  public var created: Primitive<FHIRDateTime>? {
    @inlinable get { storage.fields.created }
    _modify { yield &fields.created }
  }
  /// Who is responsible for the contents of the plan (`CarePlan.author`, 0..1).
  public var author: Reference? {
    @inlinable get { storage.fields.author }
    _modify { yield &fields.author }
  }
  /// Who provided the content of the plan (`CarePlan.contributor`, 0..*).
  public var contributor: [Reference] {
    @inlinable get { storage.fields.contributor }
    _modify { yield &fields.contributor }
  }
  /// Who is involved in the plan (`CarePlan.careTeam`, 0..*).
  public var careTeam: [Reference] {
    @inlinable get { storage.fields.careTeam }
    _modify { yield &fields.careTeam }
  }
  /// The health issues the plan addresses.
  public var addresses: [Reference] {
    @inlinable get { storage.fields.addresses }
    _modify { yield &fields.addresses }
  }
  /// Information considered as part of the plan (`CarePlan.supportingInfo`, 0..*).
  public var supportingInfo: [Reference] {
    @inlinable get { storage.fields.supportingInfo }
    _modify { yield &fields.supportingInfo }
  }
  /// Desired outcomes of the plan (`CarePlan.goal`, 0..*).
  public var goal: [Reference] {
    @inlinable get { storage.fields.goal }
    _modify { yield &fields.goal }
  }
  /// Actions planned as part of the care plan (`CarePlan.activity`, 0..*).
  public var activity: [Activity] {
    @inlinable get { storage.fields.activity }
    _modify { yield &fields.activity }
  }
  /// Comments about the plan (`CarePlan.note`, 0..*).
  public var note: [Annotation] {
    @inlinable get { storage.fields.note }
    _modify { yield &fields.note }
  }
  /// Members the model does not know, in document order.
  public var unknown: JSONObject {
    @inlinable get { storage.fields.unknown }
    _modify { yield &fields.unknown }
  }

  static let statuses: Set<String> = [
    "draft", "active", "on-hold", "revoked", "completed", "entered-in-error", "unknown",
  ]
  static let intents: Set<String> = ["proposal", "plan", "order", "option"]

  /// A `CarePlan` with the given members; the others stay absent.
  public init(status: Primitive<FHIRCode>? = nil, intent: Primitive<FHIRCode>? = nil, subject: Reference? = nil) {
    storage = Storage(Fields(status: status, intent: intent, subject: subject))
  }

  /// Decodes a `CarePlan` from the tokens at `index`, recording issues in `decoder`; `nil` if nothing decodes.
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
  public static func == (lhs: CarePlan, rhs: CarePlan) -> Bool {
    lhs.storage.fields == rhs.storage.fields
  }

  /// Hashes the members that `==` compares.
  public func hash(into hasher: inout Hasher) {
    storage.fields.hash(into: &hasher)
  }

  /// Writes the `CarePlan` as one JSON object, members in the specification's order, unknown members last.
  public func encode(to writer: inout JSONWriter) {
    storage.fields.encode(to: &writer)
  }
}
