public import FHIRCore
public import FHIRJSON

/// R4 `Patient`: demographics of a person receiving care.
///
/// A value is one reference to copy-on-write storage: copies share their members until one
/// of them changes (docs/models.md).
public struct Patient: FHIRResource {
  public static let resourceType = "Patient"

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

  // Patient
  public var identifier: [Identifier] {
    @inlinable get { storage.fields.identifier }
    _modify { yield &fields.identifier }
  }
  public var active: Primitive<FHIRBoolean>? {
    @inlinable get { storage.fields.active }
    _modify { yield &fields.active }
  }
  public var name: [HumanName] {
    @inlinable get { storage.fields.name }
    _modify { yield &fields.name }
  }
  public var telecom: [ContactPoint] {
    @inlinable get { storage.fields.telecom }
    _modify { yield &fields.telecom }
  }
  /// `male | female | other | unknown`.
  public var gender: Primitive<FHIRCode>? {
    @inlinable get { storage.fields.gender }
    _modify { yield &fields.gender }
  }
  public var birthDate: Primitive<FHIRDate>? {
    @inlinable get { storage.fields.birthDate }
    _modify { yield &fields.birthDate }
  }
  public var deceased: Deceased? {
    @inlinable get { storage.fields.deceased }
    _modify { yield &fields.deceased }
  }
  public var address: [Address] {
    @inlinable get { storage.fields.address }
    _modify { yield &fields.address }
  }
  public var maritalStatus: CodeableConcept? {
    @inlinable get { storage.fields.maritalStatus }
    _modify { yield &fields.maritalStatus }
  }
  public var multipleBirth: MultipleBirth? {
    @inlinable get { storage.fields.multipleBirth }
    _modify { yield &fields.multipleBirth }
  }
  public var photo: [Attachment] {
    @inlinable get { storage.fields.photo }
    _modify { yield &fields.photo }
  }
  public var contact: [Contact] {
    @inlinable get { storage.fields.contact }
    _modify { yield &fields.contact }
  }
  public var communication: [Communication] {
    @inlinable get { storage.fields.communication }
    _modify { yield &fields.communication }
  }
  public var generalPractitioner: [Reference] {
    @inlinable get { storage.fields.generalPractitioner }
    _modify { yield &fields.generalPractitioner }
  }
  public var managingOrganization: Reference? {
    @inlinable get { storage.fields.managingOrganization }
    _modify { yield &fields.managingOrganization }
  }
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

  public init() {
    storage = Storage(Fields())
  }

  /// `Patient.deceased[x]`.
  public enum Deceased: ChoiceType {
    case boolean(Primitive<FHIRBoolean>)
    case dateTime(Primitive<FHIRDateTime>)

    public static let choices = ChoiceTable<Deceased>([
      ChoiceTable.primitive("Boolean", Deceased.boolean, { if case .boolean(let p) = $0 { p } else { nil } }),
      ChoiceTable.primitive("DateTime", Deceased.dateTime, { if case .dateTime(let p) = $0 { p } else { nil } }),
    ])

    public var typeSuffix: String {
      switch self {
      case .boolean: "Boolean"
      case .dateTime: "DateTime"
      }
    }

    public func encode(name: String, to writer: inout JSONWriter) {
      switch self {
      case .boolean(let p): writer.member(name + typeSuffix, p)
      case .dateTime(let p): writer.member(name + typeSuffix, p)
      }
    }
  }

  /// `Patient.multipleBirth[x]`.
  public enum MultipleBirth: ChoiceType {
    case boolean(Primitive<FHIRBoolean>)
    case integer(Primitive<FHIRInteger>)

    public static let choices = ChoiceTable<MultipleBirth>([
      ChoiceTable.primitive("Boolean", MultipleBirth.boolean, { if case .boolean(let p) = $0 { p } else { nil } }),
      ChoiceTable.primitive("Integer", MultipleBirth.integer, { if case .integer(let p) = $0 { p } else { nil } }),
    ])

    public var typeSuffix: String {
      switch self {
      case .boolean: "Boolean"
      case .integer: "Integer"
      }
    }

    public func encode(name: String, to writer: inout JSONWriter) {
      switch self {
      case .boolean(let p): writer.member(name + typeSuffix, p)
      case .integer(let p): writer.member(name + typeSuffix, p)
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

  public static func == (lhs: Patient, rhs: Patient) -> Bool {
    lhs.storage.fields == rhs.storage.fields
  }

  public func hash(into hasher: inout Hasher) {
    storage.fields.hash(into: &hasher)
  }

  public func encode(to writer: inout JSONWriter) {
    storage.fields.encode(to: &writer)
  }
}
