public import FHIRCore
public import FHIRJSON

/// R4 `Observation`: a measurement or assertion about a patient, device or other subject.
///
/// A value is one reference to copy-on-write storage: copies share their members until one
/// of them changes (docs/models.md).
public struct Observation: FHIRResource {
  /// `"Observation"`, the `resourceType` of this resource.
  public static let resourceType = "Observation"

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

  // Observation
  /// Business identifiers assigned to this observation by other systems (`Observation.identifier`, 0..*).
  public var identifier: [Identifier] {
    @inlinable get { storage.fields.identifier }
    _modify { yield &fields.identifier }
  }
  /// Plan, proposal or order fulfilled by this observation (`Observation.basedOn`, 0..*).
  public var basedOn: [Reference] {
    @inlinable get { storage.fields.basedOn }
    _modify { yield &fields.basedOn }
  }
  /// Part of a referenced event, e.g. a procedure (`Observation.partOf`, 0..*).
  public var partOf: [Reference] {
    @inlinable get { storage.fields.partOf }
    _modify { yield &fields.partOf }
  }
  /// `registered | preliminary | final | amended | corrected | cancelled | entered-in-error | unknown` (required).
  public var status: Primitive<FHIRCode>? {
    @inlinable get { storage.fields.status }
    _modify { yield &fields.status }
  }
  /// Classification of the type of observation (`Observation.category`, 0..*).
  public var category: [CodeableConcept] {
    @inlinable get { storage.fields.category }
    _modify { yield &fields.category }
  }
  /// What was observed (required).
  public var code: CodeableConcept? {
    @inlinable get { storage.fields.code }
    _modify { yield &fields.code }
  }
  /// Who or what the observation is about (`Observation.subject`).
  public var subject: Reference? {
    @inlinable get { storage.fields.subject }
    _modify { yield &fields.subject }
  }
  /// What the observation is about, when not about the subject of record (`Observation.focus`, 0..*).
  public var focus: [Reference] {
    @inlinable get { storage.fields.focus }
    _modify { yield &fields.focus }
  }
  /// Healthcare event during which the observation was made (`Observation.encounter`).
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
  /// Who is responsible for the observation (`Observation.performer`, 0..*).
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
  /// High, low, normal, etc. (`Observation.interpretation`, 0..*).
  public var interpretation: [CodeableConcept] {
    @inlinable get { storage.fields.interpretation }
    _modify { yield &fields.interpretation }
  }
  /// Comments about the observation (`Observation.note`, 0..*).
  public var note: [Annotation] {
    @inlinable get { storage.fields.note }
    _modify { yield &fields.note }
  }
  /// Observed body part (`Observation.bodySite`).
  public var bodySite: CodeableConcept? {
    @inlinable get { storage.fields.bodySite }
    _modify { yield &fields.bodySite }
  }
  /// How the observation was made (`Observation.method`).
  public var method: CodeableConcept? {
    @inlinable get { storage.fields.method }
    _modify { yield &fields.method }
  }
  /// Specimen used for this observation (`Observation.specimen`).
  public var specimen: Reference? {
    @inlinable get { storage.fields.specimen }
    _modify { yield &fields.specimen }
  }
  /// The device that produced the observation (measuring device) (`Observation.device`).
  public var device: Reference? {
    @inlinable get { storage.fields.device }
    _modify { yield &fields.device }
  }
  /// Guidance on how to interpret the value by comparison to a normal or recommended range
  /// (`Observation.referenceRange`, 0..*).
  public var referenceRange: [ReferenceRange] {
    @inlinable get { storage.fields.referenceRange }
    _modify { yield &fields.referenceRange }
  }
  /// Related resources that belong to this observation group (`Observation.hasMember`, 0..*).
  public var hasMember: [Reference] {
    @inlinable get { storage.fields.hasMember }
    _modify { yield &fields.hasMember }
  }
  /// Related measurements the observation is made from (`Observation.derivedFrom`, 0..*).
  public var derivedFrom: [Reference] {
    @inlinable get { storage.fields.derivedFrom }
    _modify { yield &fields.derivedFrom }
  }
  /// Component results, e.g. systolic and diastolic blood pressure (`Observation.component`, 0..*).
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

  /// An `Observation` with the given members; the others stay absent.
  public init(status: Primitive<FHIRCode>? = nil, code: CodeableConcept? = nil) {
    storage = Storage(Fields(status: status, code: code))
  }

  /// Decodes an `Observation` from the tokens at `index`, recording issues in `decoder`; `nil` if nothing decodes.
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
  public static func == (lhs: Observation, rhs: Observation) -> Bool {
    lhs.storage.fields == rhs.storage.fields
  }

  /// Hashes the members that `==` compares.
  public func hash(into hasher: inout Hasher) {
    storage.fields.hash(into: &hasher)
  }

  /// Writes the `Observation` as one JSON object, members in the specification's order, unknown members last.
  public func encode(to writer: inout JSONWriter) {
    storage.fields.encode(to: &writer)
  }
}
