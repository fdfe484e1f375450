public import FHIRCore
public import FHIRJSON

/// R4 `Patient`: demographics of a person receiving care.
public struct Patient: FHIRResource {
  public static let resourceType = "Patient"

  // Resource and DomainResource
  public var id: Primitive<FHIRID>?
  public var meta: Meta?
  public var implicitRules: Primitive<FHIRURI>?
  public var language: Primitive<FHIRCode>?
  public var text: Narrative?
  public var contained: [AnyResource] = []
  public var `extension`: [Extension] = []
  public var modifierExtension: [Extension] = []

  // Patient
  public var identifier: [Identifier] = []
  public var active: Primitive<FHIRBoolean>?
  public var name: [HumanName] = []
  public var telecom: [ContactPoint] = []
  /// `male | female | other | unknown`.
  public var gender: Primitive<FHIRCode>?
  public var birthDate: Primitive<FHIRDate>?
  public var deceased: Deceased?
  public var address: [Address] = []
  public var maritalStatus: CodeableConcept?
  public var multipleBirth: MultipleBirth?
  public var photo: [Attachment] = []
  public var contact: [Contact] = []
  public var communication: [Communication] = []
  public var generalPractitioner: [Reference] = []
  public var managingOrganization: Reference?
  public var link: [Link] = []
  /// Members the model does not know, in document order.
  public var unknown = JSONObject()

  static let genders: Set<String> = ["male", "female", "other", "unknown"]

  public init() {}

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
    var decoded = Self(decodingInto: ())
    guard try decoded.decodeMembers(from: &decoder, at: index) else { return nil }
    self = consume decoded
  }

  /// An empty value for ``init(from:at:)`` to decode into.
  private init(decodingInto: Void) {}

  /// Decodes the members of the object at `index` into this value: a local of
  /// ``init(from:at:)``, which then moves into place whole instead of being copied.
  @inline(__always)
  private mutating func decodeMembers(from decoder: inout FHIRDecoder, at index: Int) throws -> Bool {
    let context = decoder.beginResource(Self.resourceType, at: index)
    defer { decoder.endResource(context) }
    guard var members = try decoder.members(ofObjectAt: index) else { return false }
    while let member = decoder.nextMember(&members) {
      let value = member.valueIndex
      let key = decoder.key(member)
      switch key {
      case "resourceType": try decoder.checkResourceType(Self.resourceType, at: value)
      case "id": try decoder.primitive(&id, at: value)
      case "_id": try decoder.primitiveElement(&id, at: value)
      case "meta": meta = try decoder.single(Meta.self, at: value)
      case "implicitRules": try decoder.primitive(&implicitRules, at: value)
      case "_implicitRules": try decoder.primitiveElement(&implicitRules, at: value)
      case "language": try decoder.primitive(&language, at: value)
      case "_language": try decoder.primitiveElement(&language, at: value)
      case "text": text = try decoder.single(Narrative.self, at: value)
      case "contained": contained = try decoder.array(of: AnyResource.self, at: value)
      case "extension": self.extension = try decoder.array(of: Extension.self, at: value)
      case "modifierExtension": modifierExtension = try decoder.array(of: Extension.self, at: value)
      case "identifier": identifier = try decoder.array(of: Identifier.self, at: value)
      case "active": try decoder.primitive(&active, at: value)
      case "_active": try decoder.primitiveElement(&active, at: value)
      case "name": name = try decoder.array(of: HumanName.self, at: value)
      case "telecom": telecom = try decoder.array(of: ContactPoint.self, at: value)
      case "gender": try decoder.code(&gender, at: value, in: Self.genders)
      case "_gender": try decoder.primitiveElement(&gender, at: value)
      case "birthDate": try decoder.primitive(&birthDate, at: value)
      case "_birthDate": try decoder.primitiveElement(&birthDate, at: value)
      case "address": address = try decoder.array(of: Address.self, at: value)
      case "maritalStatus": maritalStatus = try decoder.single(CodeableConcept.self, at: value)
      case "photo": photo = try decoder.array(of: Attachment.self, at: value)
      case "contact": contact = try decoder.array(of: Contact.self, at: value)
      case "communication": communication = try decoder.array(of: Communication.self, at: value)
      case "generalPractitioner": generalPractitioner = try decoder.array(of: Reference.self, at: value)
      case "managingOrganization": managingOrganization = try decoder.single(Reference.self, at: value)
      case "link": link = try decoder.array(of: Link.self, at: value)
      default:
        if try decoder.choice(&deceased, name: "deceased", key: key, member: member) { continue }
        if try decoder.choice(&multipleBirth, name: "multipleBirth", key: key, member: member) { continue }
        try decoder.keepUnknown(member, in: &unknown)
      }
    }
    return true
  }

  public func encode(to writer: inout JSONWriter) {
    writer.beginObject()
    writer.key("resourceType")
    writer.string(Self.resourceType)
    writer.member("id", id)
    writer.member("meta", meta)
    writer.member("implicitRules", implicitRules)
    writer.member("language", language)
    writer.member("text", text)
    writer.member("contained", contained)
    writer.member("extension", self.extension)
    writer.member("modifierExtension", modifierExtension)
    writer.member("identifier", identifier)
    writer.member("active", active)
    writer.member("name", name)
    writer.member("telecom", telecom)
    writer.member("gender", gender)
    writer.member("birthDate", birthDate)
    deceased?.encode(name: "deceased", to: &writer)
    writer.member("address", address)
    writer.member("maritalStatus", maritalStatus)
    multipleBirth?.encode(name: "multipleBirth", to: &writer)
    writer.member("photo", photo)
    writer.member("contact", contact)
    writer.member("communication", communication)
    writer.member("generalPractitioner", generalPractitioner)
    writer.member("managingOrganization", managingOrganization)
    writer.member("link", link)
    writer.members(unknown)
    writer.endObject()
  }
}
