public import FHIRCore
public import FHIRJSON

/// DSTU2 `CarePlan`: how one or more practitioners intend to deliver care to a patient.
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
  /// Who the plan is for (`Patient | Group`).
  public var subject: Reference? {
    @inlinable get { storage.fields.subject }
    _modify { yield &fields.subject }
  }
  /// `proposed | draft | active | completed | cancelled` (required).
  public var status: Primitive<FHIRCode>? {
    @inlinable get { storage.fields.status }
    _modify { yield &fields.status }
  }
  /// The encounter or episode of care the plan was created in.
  public var context: Reference? {
    @inlinable get { storage.fields.context }
    _modify { yield &fields.context }
  }
  /// Time period the plan covers (`CarePlan.period`).
  public var period: Period? {
    @inlinable get { storage.fields.period }
    _modify { yield &fields.period }
  }
  /// Who is responsible for the contents of the plan (`CarePlan.author`, 0..*).
  public var author: [Reference] {
    @inlinable get { storage.fields.author }
    _modify { yield &fields.author }
  }
  /// When the plan was last modified (`CarePlan.modified`).
  public var modified: Primitive<FHIRDateTime>? {
    @inlinable get { storage.fields.modified }
    _modify { yield &fields.modified }
  }
  /// Type of plan, e.g. home health or psychiatric (`CarePlan.category`, 0..*).
  public var category: [CodeableConcept] {
    @inlinable get { storage.fields.category }
    _modify { yield &fields.category }
  }
  /// Summary of the nature of the plan (`CarePlan.description`).
  public var description: Primitive<FHIRString>? {
    @inlinable get { storage.fields.description }
    _modify { yield &fields.description }
  }
  /// The health issues the plan addresses (`Condition`).
  public var addresses: [Reference] {
    @inlinable get { storage.fields.addresses }
    _modify { yield &fields.addresses }
  }
  /// Information that supports the plan.
  public var support: [Reference] {
    @inlinable get { storage.fields.support }
    _modify { yield &fields.support }
  }
  /// Plans related to this one (`CarePlan.relatedPlan`, 0..*).
  public var relatedPlan: [RelatedPlan] {
    @inlinable get { storage.fields.relatedPlan }
    _modify { yield &fields.relatedPlan }
  }
  /// Who is involved in the plan (`CarePlan.participant`, 0..*).
  public var participant: [Participant] {
    @inlinable get { storage.fields.participant }
    _modify { yield &fields.participant }
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
  /// Comments about the plan (`CarePlan.note`, 0..1).
  public var note: Annotation? {
    @inlinable get { storage.fields.note }
    _modify { yield &fields.note }
  }
  /// Members the model does not know, in document order.
  public var unknown: JSONObject {
    @inlinable get { storage.fields.unknown }
    _modify { yield &fields.unknown }
  }

  static let statuses: Set<String> = ["proposed", "draft", "active", "completed", "cancelled"]

  /// An empty `CarePlan`: every member absent, every list empty.
  public init() {
    storage = Storage(Fields())
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
