public import FHIRCore
public import FHIRJSON

/// R4 `Patient`: demographics of a person receiving care.
///
/// A value is one reference to copy-on-write storage: copies share their members until one
/// of them changes (docs/models.md).
public struct Patient: FHIRResource {
  /// `"Patient"`, the `resourceType` of this resource.
  public static let resourceType = "Patient"

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

  // Patient
  /// Business identifiers assigned to this patient by other systems (`Patient.identifier`, 0..*).
  public var identifier: [Identifier] {
    @inlinable get { storage.fields.identifier }
    _modify { yield &fields.identifier }
  }
  /// Whether this patient record is in active use (`Patient.active`).
  public var active: Primitive<FHIRBoolean>? {
    @inlinable get { storage.fields.active }
    _modify { yield &fields.active }
  }
  /// Names associated with the patient (`Patient.name`, 0..*).
  public var name: [HumanName] {
    @inlinable get { storage.fields.name }
    _modify { yield &fields.name }
  }
  /// Contact details for the individual: phone, email (`Patient.telecom`, 0..*).
  public var telecom: [ContactPoint] {
    @inlinable get { storage.fields.telecom }
    _modify { yield &fields.telecom }
  }
  /// `male | female | other | unknown`.
  public var gender: Primitive<FHIRCode>? {
    @inlinable get { storage.fields.gender }
    _modify { yield &fields.gender }
  }
  /// The date of birth of the individual (`Patient.birthDate`).
  public var birthDate: Primitive<FHIRDate>? {
    @inlinable get { storage.fields.birthDate }
    _modify { yield &fields.birthDate }
  }
  /// Whether the individual is deceased (`deceasedBoolean`) or when (`deceasedDateTime`) (`Patient.deceased`).
  public var deceased: Deceased? {
    @inlinable get { storage.fields.deceased }
    _modify { yield &fields.deceased }
  }
  /// Addresses of the individual (`Patient.address`, 0..*).
  public var address: [Address] {
    @inlinable get { storage.fields.address }
    _modify { yield &fields.address }
  }
  /// Marital (civil) status of the patient (`Patient.maritalStatus`).
  public var maritalStatus: CodeableConcept? {
    @inlinable get { storage.fields.maritalStatus }
    _modify { yield &fields.maritalStatus }
  }
  /// Whether the patient is part of a multiple birth (`multipleBirthBoolean`) or their birth order
  /// (`multipleBirthInteger`) (`Patient.multipleBirth`).
  public var multipleBirth: MultipleBirth? {
    @inlinable get { storage.fields.multipleBirth }
    _modify { yield &fields.multipleBirth }
  }
  /// Images of the patient (`Patient.photo`, 0..*).
  public var photo: [Attachment] {
    @inlinable get { storage.fields.photo }
    _modify { yield &fields.photo }
  }
  /// Contact parties for the patient: guardian, partner, friend (`Patient.contact`, 0..*).
  public var contact: [Contact] {
    @inlinable get { storage.fields.contact }
    _modify { yield &fields.contact }
  }
  /// Languages which may be used to communicate with the patient about their health (`Patient.communication`, 0..*).
  public var communication: [Communication] {
    @inlinable get { storage.fields.communication }
    _modify { yield &fields.communication }
  }
  /// Patient's nominated primary care providers (`Patient.generalPractitioner`, 0..*).
  public var generalPractitioner: [Reference] {
    @inlinable get { storage.fields.generalPractitioner }
    _modify { yield &fields.generalPractitioner }
  }
  /// Organization that is the custodian of the patient record (`Patient.managingOrganization`).
  public var managingOrganization: Reference? {
    @inlinable get { storage.fields.managingOrganization }
    _modify { yield &fields.managingOrganization }
  }
  /// Links to another patient resource that concerns the same actual person (`Patient.link`, 0..*).
  public var link: [Link] {
    @inlinable get { storage.fields.link }
    _modify { yield &fields.link }
  }
  /// Members the model does not know, in document order.
  public var unknown: JSONObject {
    @inlinable get { storage.fields.unknown }
    _modify { yield &fields.unknown }
  }

  static let genders: Set<String> = ["male", "female", "other", "unknown"]

  /// An empty `Patient`: every member absent, every list empty.
  public init() {
    storage = Storage(Fields())
  }

  /// `Patient.deceased[x]`.
  public enum Deceased: ChoiceType {
    /// `deceasedBoolean`: the `Patient.deceased[x]` choice as a `boolean`.
    case boolean(Primitive<FHIRBoolean>)
    /// `deceasedDateTime`: the `Patient.deceased[x]` choice as a `dateTime`.
    case dateTime(Primitive<FHIRDateTime>)

    /// The types this choice allows, by the suffix their key carries.
    public static let choices = ChoiceTable<Deceased>([
      ChoiceTable.primitive("Boolean", Deceased.boolean, { if case .boolean(let p) = $0 { p } else { nil } }),
      ChoiceTable.primitive("DateTime", Deceased.dateTime, { if case .dateTime(let p) = $0 { p } else { nil } }),
    ])

    /// The suffix of the chosen type in the JSON key (`Quantity` in `valueQuantity`).
    public var typeSuffix: String {
      switch self {
      case .boolean: "Boolean"
      case .dateTime: "DateTime"
      }
    }

    /// Writes `name` plus the chosen type's suffix (and `_name…` for a primitive with extensions).
    public func encode(name: String, to writer: inout JSONWriter) {
      switch self {
      case .boolean(let p): writer.member(name + typeSuffix, p)
      case .dateTime(let p): writer.member(name + typeSuffix, p)
      }
    }
  }

  /// `Patient.multipleBirth[x]`.
  public enum MultipleBirth: ChoiceType {
    /// `multipleBirthBoolean`: the `Patient.multipleBirth[x]` choice as a `boolean`.
    case boolean(Primitive<FHIRBoolean>)
    /// `multipleBirthInteger`: the `Patient.multipleBirth[x]` choice as an `integer`.
    case integer(Primitive<FHIRInteger>)

    /// The types this choice allows, by the suffix their key carries.
    public static let choices = ChoiceTable<MultipleBirth>([
      ChoiceTable.primitive("Boolean", MultipleBirth.boolean, { if case .boolean(let p) = $0 { p } else { nil } }),
      ChoiceTable.primitive("Integer", MultipleBirth.integer, { if case .integer(let p) = $0 { p } else { nil } }),
    ])

    /// The suffix of the chosen type in the JSON key (`Quantity` in `valueQuantity`).
    public var typeSuffix: String {
      switch self {
      case .boolean: "Boolean"
      case .integer: "Integer"
      }
    }

    /// Writes `name` plus the chosen type's suffix (and `_name…` for a primitive with extensions).
    public func encode(name: String, to writer: inout JSONWriter) {
      switch self {
      case .boolean(let p): writer.member(name + typeSuffix, p)
      case .integer(let p): writer.member(name + typeSuffix, p)
      }
    }
  }

  /// Decodes a `Patient` from the tokens at `index`, recording issues in `decoder`; `nil` if nothing decodes.
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
  public static func == (lhs: Patient, rhs: Patient) -> Bool {
    lhs.storage.fields == rhs.storage.fields
  }

  /// Hashes the members that `==` compares.
  public func hash(into hasher: inout Hasher) {
    storage.fields.hash(into: &hasher)
  }

  /// Writes the `Patient` as one JSON object, members in the specification's order, unknown members last.
  public func encode(to writer: inout JSONWriter) {
    storage.fields.encode(to: &writer)
  }
}
