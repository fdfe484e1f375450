public import FHIRCore
public import FHIRJSON

extension Patient {
  /// The box that copies of one ``Patient`` share until one of them changes.
  ///
  /// `@unchecked Sendable`: `fields` changes only through the ``Patient`` that holds the
  /// only reference to its box (copy on write), so a shared box is never changed.
  /// For the same reason no access to `fields` can overlap a change of it, which the
  /// compiler checks on the owning value; so the run-time exclusivity check is left out.
  @usableFromInline final class Storage: @unchecked Sendable {
    @usableFromInline @exclusivity(unchecked) var fields: Fields

    init(_ fields: Fields) {
      self.fields = fields
    }
  }

  /// The stored members of one ``Patient``, documented on its public properties; they
  /// decode and encode themselves, and their synthesized `==` and `hash` are the model's.
  @usableFromInline struct Fields: Hashable, Sendable {
    // Resource and DomainResource
    @usableFromInline var id: Primitive<FHIRID>?
    @usableFromInline var meta: Meta?
    @usableFromInline var implicitRules: Primitive<FHIRURI>?
    @usableFromInline var language: Primitive<FHIRCode>?
    @usableFromInline var text: Narrative?
    @usableFromInline var contained: [AnyResource] = []
    @usableFromInline var `extension`: [Extension] = []
    @usableFromInline var modifierExtension: [Extension] = []

    // Patient
    @usableFromInline var identifier: [Identifier] = []
    @usableFromInline var active: Primitive<FHIRBoolean>?
    @usableFromInline var name: [HumanName] = []
    @usableFromInline var telecom: [ContactPoint] = []
    @usableFromInline var gender: Primitive<FHIRCode>?
    @usableFromInline var birthDate: Primitive<FHIRDate>?
    @usableFromInline var deceased: Deceased?
    @usableFromInline var address: [Address] = []
    @usableFromInline var maritalStatus: CodeableConcept?
    @usableFromInline var multipleBirth: MultipleBirth?
    @usableFromInline var photo: [Attachment] = []
    @usableFromInline var contact: [Contact] = []
    @usableFromInline var animal: Animal?
    @usableFromInline var communication: [Communication] = []
    @usableFromInline var careProvider: [Reference] = []
    @usableFromInline var managingOrganization: Reference?
    @usableFromInline var link: [Link] = []
    @usableFromInline var unknown: JSONObject = JSONObject()

    /// Decodes the members of the object at `index` into this value: a local of
    /// ``Patient/init(from:at:)``, which then moves into a fresh box whole.
    @inline(__always)
    mutating func decodeMembers(from decoder: inout FHIRDecoder, at index: Int) throws -> Bool {
      let context = decoder.beginResource(Patient.resourceType, at: index)
      defer { decoder.endResource(context) }
      guard var members = try decoder.members(ofObjectAt: index) else { return false }
      while let member = decoder.nextMember(&members) {
        let value = member.valueIndex
        let key = decoder.key(member)
        switch key {
        case "resourceType": try decoder.checkResourceType(Patient.resourceType, at: value)
        case "id": try decoder.primitive(&id, at: value)
        case "_id": try decoder.primitiveElement(&id, member, keeping: &unknown)
        case "meta": meta = try decoder.single(Meta.self, member, keeping: &unknown)
        case "implicitRules": try decoder.primitive(&implicitRules, at: value)
        case "_implicitRules": try decoder.primitiveElement(&implicitRules, member, keeping: &unknown)
        case "language": try decoder.primitive(&language, at: value)
        case "_language": try decoder.primitiveElement(&language, member, keeping: &unknown)
        case "text": text = try decoder.single(Narrative.self, member, keeping: &unknown)
        case "contained": contained = try decoder.array(of: AnyResource.self, member, keeping: &unknown)
        case "extension": self.extension = try decoder.array(of: Extension.self, member, keeping: &unknown)
        case "modifierExtension": modifierExtension = try decoder.array(of: Extension.self, member, keeping: &unknown)
        case "identifier": identifier = try decoder.array(of: Identifier.self, member, keeping: &unknown)
        case "active": try decoder.primitive(&active, at: value)
        case "_active": try decoder.primitiveElement(&active, member, keeping: &unknown)
        case "name": name = try decoder.array(of: HumanName.self, member, keeping: &unknown)
        case "telecom": telecom = try decoder.array(of: ContactPoint.self, member, keeping: &unknown)
        case "gender": try decoder.code(&gender, at: value, in: Patient.genders)
        case "_gender": try decoder.primitiveElement(&gender, member, keeping: &unknown)
        case "birthDate": try decoder.primitive(&birthDate, at: value)
        case "_birthDate": try decoder.primitiveElement(&birthDate, member, keeping: &unknown)
        case "address": address = try decoder.array(of: Address.self, member, keeping: &unknown)
        case "maritalStatus": maritalStatus = try decoder.single(CodeableConcept.self, member, keeping: &unknown)
        case "photo": photo = try decoder.array(of: Attachment.self, member, keeping: &unknown)
        case "contact": contact = try decoder.array(of: Contact.self, member, keeping: &unknown)
        case "animal": animal = try decoder.single(Animal.self, member, keeping: &unknown)
        case "communication": communication = try decoder.array(of: Communication.self, member, keeping: &unknown)
        case "careProvider": careProvider = try decoder.array(of: Reference.self, member, keeping: &unknown)
        case "managingOrganization": managingOrganization = try decoder.single(Reference.self, member, keeping: &unknown)
        case "link": link = try decoder.array(of: Link.self, member, keeping: &unknown)
        default:
          if try decoder.choice(&deceased, name: "deceased", key: key, member: member, keeping: &unknown) { continue }
          if try decoder.choice(&multipleBirth, name: "multipleBirth", key: key, member: member, keeping: &unknown) { continue }
          try decoder.keepUnknown(member, in: &unknown)
        }
      }
      return true
    }

    func encode(to writer: inout JSONWriter) {
      writer.beginObject()
      writer.key("resourceType")
      writer.string(Patient.resourceType)
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
      writer.member("animal", animal)
      writer.member("communication", communication)
      writer.member("careProvider", careProvider)
      writer.member("managingOrganization", managingOrganization)
      writer.member("link", link)
      writer.members(unknown)
      writer.endObject()
    }
  }
}
