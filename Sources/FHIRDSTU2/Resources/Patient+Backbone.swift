public import FHIRCore
public import FHIRJSON

extension Patient {
  /// `Patient.contact`: a guardian, partner, friend or other contact.
  public struct Contact: FHIRCodable {
    /// Unique id of this element, for references inside the resource (`Element.id`).
    public var id: String?
    /// Additional content defined by implementations (`extension`, 0..*).
    public var `extension`: [Extension] = []
    /// Extensions a reader must understand: they change the meaning of this element (`modifierExtension`, 0..*).
    public var modifierExtension: [Extension] = []
    /// The kind of relationship (`Patient.contact.relationship`, 0..*).
    public var relationship: [CodeableConcept] = []
    /// Name of the contact person (`Patient.contact.name`).
    public var name: HumanName?
    /// Contact details for the person, e.g. phone or email (`Patient.contact.telecom`, 0..*).
    public var telecom: [ContactPoint] = []
    /// Address of the contact person (`Patient.contact.address`).
    public var address: Address?
    /// `male | female | other | unknown`.
    public var gender: Primitive<FHIRCode>?
    /// Organization the contact is acting for or attached to (`Patient.contact.organization`).
    public var organization: Reference?
    /// Period during which this contact person or organization is valid to be contacted (`Patient.contact.period`).
    public var period: Period?
    /// Members the model does not know, in document order.
    public var unknown = JSONObject()

    /// An empty `Contact`: every member absent, every list empty.
    public init() {}

    /// Decodes a `Contact` from the tokens at `index`, recording issues in `decoder`; `nil` if nothing decodes.
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
      guard var members = try decoder.members(ofObjectAt: index) else { return false }
      while let member = decoder.nextMember(&members) {
        let value = member.valueIndex
        switch decoder.key(member) {
        case "id": id = try decoder.string(member, keeping: &unknown)
        case "extension": self.extension = try decoder.array(of: Extension.self, member, keeping: &unknown)
        case "modifierExtension": modifierExtension = try decoder.array(of: Extension.self, member, keeping: &unknown)
        case "relationship": relationship = try decoder.array(of: CodeableConcept.self, member, keeping: &unknown)
        case "name": name = try decoder.single(HumanName.self, member, keeping: &unknown)
        case "telecom": telecom = try decoder.array(of: ContactPoint.self, member, keeping: &unknown)
        case "address": address = try decoder.single(Address.self, member, keeping: &unknown)
        case "gender": try decoder.code(&gender, at: value, in: Patient.genders)
        case "_gender": try decoder.primitiveElement(&gender, member, keeping: &unknown)
        case "organization": organization = try decoder.single(Reference.self, member, keeping: &unknown)
        case "period": period = try decoder.single(Period.self, member, keeping: &unknown)
        default: try decoder.keepUnknown(member, in: &unknown)
        }
      }
      return true
    }

    /// Writes the `Contact` as one JSON object, members in the specification's order, unknown members last.
    public func encode(to writer: inout JSONWriter) {
      writer.beginObject()
      writer.member("id", id)
      writer.member("extension", self.extension)
      writer.member("modifierExtension", modifierExtension)
      writer.member("relationship", relationship)
      writer.member("name", name)
      writer.member("telecom", telecom)
      writer.member("address", address)
      writer.member("gender", gender)
      writer.member("organization", organization)
      writer.member("period", period)
      writer.members(unknown)
      writer.endObject()
    }
  }

  /// `Patient.animal`: what kind of animal the patient is.
  public struct Animal: FHIRCodable {
    /// Unique id of this element, for references inside the resource (`Element.id`).
    public var id: String?
    /// Additional content defined by implementations (`extension`, 0..*).
    public var `extension`: [Extension] = []
    /// Extensions a reader must understand: they change the meaning of this element (`modifierExtension`, 0..*).
    public var modifierExtension: [Extension] = []
    /// Dog, cow, … (required).
    public var species: CodeableConcept?
    /// The animal's breed, e.g. poodle (`Patient.animal.breed`).
    public var breed: CodeableConcept?
    /// Neutered, intact, … .
    public var genderStatus: CodeableConcept?
    /// Members the model does not know, in document order.
    public var unknown = JSONObject()

    /// An `Animal` with the given members; the others stay absent.
    public init(species: CodeableConcept? = nil) {
      self.species = species
    }

    /// Decodes an `Animal` from the tokens at `index`, recording issues in `decoder`; `nil` if nothing decodes.
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
      guard var members = try decoder.members(ofObjectAt: index) else { return false }
      while let member = decoder.nextMember(&members) {
        switch decoder.key(member) {
        case "id": id = try decoder.string(member, keeping: &unknown)
        case "extension": self.extension = try decoder.array(of: Extension.self, member, keeping: &unknown)
        case "modifierExtension": modifierExtension = try decoder.array(of: Extension.self, member, keeping: &unknown)
        case "species": species = try decoder.single(CodeableConcept.self, member, keeping: &unknown)
        case "breed": breed = try decoder.single(CodeableConcept.self, member, keeping: &unknown)
        case "genderStatus": genderStatus = try decoder.single(CodeableConcept.self, member, keeping: &unknown)
        default: try decoder.keepUnknown(member, in: &unknown)
        }
      }
      if species == nil { try decoder.recordMissing("species", in: index) }
      return true
    }

    /// Writes the `Animal` as one JSON object, members in the specification's order, unknown members last.
    public func encode(to writer: inout JSONWriter) {
      writer.beginObject()
      writer.member("id", id)
      writer.member("extension", self.extension)
      writer.member("modifierExtension", modifierExtension)
      writer.member("species", species)
      writer.member("breed", breed)
      writer.member("genderStatus", genderStatus)
      writer.members(unknown)
      writer.endObject()
    }
  }

  /// `Patient.communication`: a language the patient speaks.
  public struct Communication: FHIRCodable {
    /// Unique id of this element, for references inside the resource (`Element.id`).
    public var id: String?
    /// Additional content defined by implementations (`extension`, 0..*).
    public var `extension`: [Extension] = []
    /// Extensions a reader must understand: they change the meaning of this element (`modifierExtension`, 0..*).
    public var modifierExtension: [Extension] = []
    /// Required.
    public var language: CodeableConcept?
    /// Whether this is the patient's preferred language (`Patient.communication.preferred`).
    public var preferred: Primitive<FHIRBoolean>?
    /// Members the model does not know, in document order.
    public var unknown = JSONObject()

    /// A `Communication` with the given members; the others stay absent.
    public init(language: CodeableConcept? = nil) {
      self.language = language
    }

    /// Decodes a `Communication` from the tokens at `index`, recording issues in `decoder`; `nil` if nothing decodes.
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
      guard var members = try decoder.members(ofObjectAt: index) else { return false }
      while let member = decoder.nextMember(&members) {
        let value = member.valueIndex
        switch decoder.key(member) {
        case "id": id = try decoder.string(member, keeping: &unknown)
        case "extension": self.extension = try decoder.array(of: Extension.self, member, keeping: &unknown)
        case "modifierExtension": modifierExtension = try decoder.array(of: Extension.self, member, keeping: &unknown)
        case "language": language = try decoder.single(CodeableConcept.self, member, keeping: &unknown)
        case "preferred": try decoder.primitive(&preferred, at: value)
        case "_preferred": try decoder.primitiveElement(&preferred, member, keeping: &unknown)
        default: try decoder.keepUnknown(member, in: &unknown)
        }
      }
      if language == nil { try decoder.recordMissing("language", in: index) }
      return true
    }

    /// Writes the `Communication` as one JSON object, members in the specification's order, unknown members last.
    public func encode(to writer: inout JSONWriter) {
      writer.beginObject()
      writer.member("id", id)
      writer.member("extension", self.extension)
      writer.member("modifierExtension", modifierExtension)
      writer.member("language", language)
      writer.member("preferred", preferred)
      writer.members(unknown)
      writer.endObject()
    }
  }

  /// `Patient.link`: another Patient record of the same person.
  public struct Link: FHIRCodable {
    /// Unique id of this element, for references inside the resource (`Element.id`).
    public var id: String?
    /// Additional content defined by implementations (`extension`, 0..*).
    public var `extension`: [Extension] = []
    /// Extensions a reader must understand: they change the meaning of this element (`modifierExtension`, 0..*).
    public var modifierExtension: [Extension] = []
    /// Required.
    public var other: Reference?
    /// `replace | refer | seealso` (required).
    public var type: Primitive<FHIRCode>?
    /// Members the model does not know, in document order.
    public var unknown = JSONObject()

    static let types: Set<String> = ["replace", "refer", "seealso"]

    /// A `Link` with the given members; the others stay absent.
    public init(other: Reference? = nil, type: Primitive<FHIRCode>? = nil) {
      self.other = other
      self.type = type
    }

    /// Decodes a `Link` from the tokens at `index`, recording issues in `decoder`; `nil` if nothing decodes.
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
      guard var members = try decoder.members(ofObjectAt: index) else { return false }
      while let member = decoder.nextMember(&members) {
        let value = member.valueIndex
        switch decoder.key(member) {
        case "id": id = try decoder.string(member, keeping: &unknown)
        case "extension": self.extension = try decoder.array(of: Extension.self, member, keeping: &unknown)
        case "modifierExtension": modifierExtension = try decoder.array(of: Extension.self, member, keeping: &unknown)
        case "other": other = try decoder.single(Reference.self, member, keeping: &unknown)
        case "type": try decoder.code(&type, at: value, in: Self.types)
        case "_type": try decoder.primitiveElement(&type, member, keeping: &unknown)
        default: try decoder.keepUnknown(member, in: &unknown)
        }
      }
      if other == nil { try decoder.recordMissing("other", in: index) }
      if type == nil { try decoder.recordMissing("type", in: index) }
      return true
    }

    /// Writes the `Link` as one JSON object, members in the specification's order, unknown members last.
    public func encode(to writer: inout JSONWriter) {
      writer.beginObject()
      writer.member("id", id)
      writer.member("extension", self.extension)
      writer.member("modifierExtension", modifierExtension)
      writer.member("other", other)
      writer.member("type", type)
      writer.members(unknown)
      writer.endObject()
    }
  }
}
