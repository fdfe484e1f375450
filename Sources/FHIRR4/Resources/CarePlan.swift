public import FHIRCore
public import FHIRJSON

/// R4 `CarePlan`: how one or more practitioners intend to deliver care to a patient.
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
  public var replaces: [Reference] {
    @inlinable get { storage.fields.replaces }
    _modify { yield &fields.replaces }
  }
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
  public var category: [CodeableConcept] {
    @inlinable get { storage.fields.category }
    _modify { yield &fields.category }
  }
  public var title: Primitive<FHIRString>? {
    @inlinable get { storage.fields.title }
    _modify { yield &fields.title }
  }
  public var description: Primitive<FHIRString>? {
    @inlinable get { storage.fields.description }
    _modify { yield &fields.description }
  }
  /// Who the plan is for (required).
  public var subject: Reference? {
    @inlinable get { storage.fields.subject }
    _modify { yield &fields.subject }
  }
  public var encounter: Reference? {
    @inlinable get { storage.fields.encounter }
    _modify { yield &fields.encounter }
  }
  public var period: Period? {
    @inlinable get { storage.fields.period }
    _modify { yield &fields.period }
  }
  public var created: Primitive<FHIRDateTime>? {
    @inlinable get { storage.fields.created }
    _modify { yield &fields.created }
  }
  public var author: Reference? {
    @inlinable get { storage.fields.author }
    _modify { yield &fields.author }
  }
  public var contributor: [Reference] {
    @inlinable get { storage.fields.contributor }
    _modify { yield &fields.contributor }
  }
  public var careTeam: [Reference] {
    @inlinable get { storage.fields.careTeam }
    _modify { yield &fields.careTeam }
  }
  /// The health issues the plan addresses.
  public var addresses: [Reference] {
    @inlinable get { storage.fields.addresses }
    _modify { yield &fields.addresses }
  }
  public var supportingInfo: [Reference] {
    @inlinable get { storage.fields.supportingInfo }
    _modify { yield &fields.supportingInfo }
  }
  public var goal: [Reference] {
    @inlinable get { storage.fields.goal }
    _modify { yield &fields.goal }
  }
  public var activity: [Activity] {
    @inlinable get { storage.fields.activity }
    _modify { yield &fields.activity }
  }
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

  public init(status: Primitive<FHIRCode>? = nil, intent: Primitive<FHIRCode>? = nil, subject: Reference? = nil) {
    storage = Storage(Fields(status: status, intent: intent, subject: subject))
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
