public import FHIRCore
public import FHIRJSON

/// R4 `Observation`: a measurement or assertion about a patient, device or other subject.
///
/// A value is one reference to copy-on-write storage: copies share their members until one
/// of them changes (docs/models.md).
public struct Observation: FHIRResource {
  public static let resourceType = "Observation"

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

  // Observation
  public var identifier: [Identifier] {
    @inlinable get { storage.fields.identifier }
    _modify { yield &fields.identifier }
  }
  public var basedOn: [Reference] {
    @inlinable get { storage.fields.basedOn }
    _modify { yield &fields.basedOn }
  }
  public var partOf: [Reference] {
    @inlinable get { storage.fields.partOf }
    _modify { yield &fields.partOf }
  }
  /// `registered | preliminary | final | amended | corrected | cancelled | entered-in-error | unknown` (required).
  public var status: Primitive<FHIRCode>? {
    @inlinable get { storage.fields.status }
    _modify { yield &fields.status }
  }
  public var category: [CodeableConcept] {
    @inlinable get { storage.fields.category }
    _modify { yield &fields.category }
  }
  /// What was observed (required).
  public var code: CodeableConcept? {
    @inlinable get { storage.fields.code }
    _modify { yield &fields.code }
  }
  public var subject: Reference? {
    @inlinable get { storage.fields.subject }
    _modify { yield &fields.subject }
  }
  public var focus: [Reference] {
    @inlinable get { storage.fields.focus }
    _modify { yield &fields.focus }
  }
  public var encounter: Reference? {
    @inlinable get { storage.fields.encounter }
    _modify { yield &fields.encounter }
  }
  /// `effective[x]`: when the observation was made.
  public var effective: Effective? {
    @inlinable get { storage.fields.effective }
    _modify { yield &fields.effective }
  }
  /// When this version was made available.
  public var issued: Primitive<FHIRInstant>? {
    @inlinable get { storage.fields.issued }
    _modify { yield &fields.issued }
  }
  public var performer: [Reference] {
    @inlinable get { storage.fields.performer }
    _modify { yield &fields.performer }
  }
  /// `value[x]`: the result.
  public var value: Value? {
    @inlinable get { storage.fields.value }
    _modify { yield &fields.value }
  }
  /// Why the result is missing.
  public var dataAbsentReason: CodeableConcept? {
    @inlinable get { storage.fields.dataAbsentReason }
    _modify { yield &fields.dataAbsentReason }
  }
  public var interpretation: [CodeableConcept] {
    @inlinable get { storage.fields.interpretation }
    _modify { yield &fields.interpretation }
  }
  public var note: [Annotation] {
    @inlinable get { storage.fields.note }
    _modify { yield &fields.note }
  }
  public var bodySite: CodeableConcept? {
    @inlinable get { storage.fields.bodySite }
    _modify { yield &fields.bodySite }
  }
  public var method: CodeableConcept? {
    @inlinable get { storage.fields.method }
    _modify { yield &fields.method }
  }
  public var specimen: Reference? {
    @inlinable get { storage.fields.specimen }
    _modify { yield &fields.specimen }
  }
  public var device: Reference? {
    @inlinable get { storage.fields.device }
    _modify { yield &fields.device }
  }
  public var referenceRange: [ReferenceRange] {
    @inlinable get { storage.fields.referenceRange }
    _modify { yield &fields.referenceRange }
  }
  public var hasMember: [Reference] {
    @inlinable get { storage.fields.hasMember }
    _modify { yield &fields.hasMember }
  }
  public var derivedFrom: [Reference] {
    @inlinable get { storage.fields.derivedFrom }
    _modify { yield &fields.derivedFrom }
  }
  public var component: [Component] {
    @inlinable get { storage.fields.component }
    _modify { yield &fields.component }
  }
  /// Members the model does not know, in document order.
  public var unknown: JSONObject {
    @inlinable get { storage.fields.unknown }
    _modify { yield &fields.unknown }
  }

  static let statuses: Set<String> = [
    "registered", "preliminary", "final", "amended", "corrected", "cancelled", "entered-in-error", "unknown",
  ]

  public init(status: Primitive<FHIRCode>? = nil, code: CodeableConcept? = nil) {
    storage = Storage(Fields(status: status, code: code))
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

  public static func == (lhs: Observation, rhs: Observation) -> Bool {
    lhs.storage.fields == rhs.storage.fields
  }

  public func hash(into hasher: inout Hasher) {
    storage.fields.hash(into: &hasher)
  }

  public func encode(to writer: inout JSONWriter) {
    storage.fields.encode(to: &writer)
  }
}
