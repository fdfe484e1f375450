public import FHIRCore
public import FHIRJSON

/// DSTU2 `CarePlan`: how one or more practitioners intend to deliver care to a patient.
///
/// A value is one reference to copy-on-write storage: copies share their members until one
/// of them changes (docs/models.md).
public struct CarePlan: FHIRResource {
  public static let resourceType = "CarePlan"

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

  // CarePlan
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
  public var period: Period? {
    @inlinable get { storage.fields.period }
    _modify { yield &fields.period }
  }
  public var author: [Reference] {
    @inlinable get { storage.fields.author }
    _modify { yield &fields.author }
  }
  public var modified: Primitive<FHIRDateTime>? {
    @inlinable get { storage.fields.modified }
    _modify { yield &fields.modified }
  }
  public var category: [CodeableConcept] {
    @inlinable get { storage.fields.category }
    _modify { yield &fields.category }
  }
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
  public var relatedPlan: [RelatedPlan] {
    @inlinable get { storage.fields.relatedPlan }
    _modify { yield &fields.relatedPlan }
  }
  public var participant: [Participant] {
    @inlinable get { storage.fields.participant }
    _modify { yield &fields.participant }
  }
  public var goal: [Reference] {
    @inlinable get { storage.fields.goal }
    _modify { yield &fields.goal }
  }
  public var activity: [Activity] {
    @inlinable get { storage.fields.activity }
    _modify { yield &fields.activity }
  }
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

  public static func == (lhs: CarePlan, rhs: CarePlan) -> Bool {
    lhs.storage.fields == rhs.storage.fields
  }

  public func hash(into hasher: inout Hasher) {
    storage.fields.hash(into: &hasher)
  }

  public func encode(to writer: inout JSONWriter) {
    storage.fields.encode(to: &writer)
  }
}
