import FHIRCore
import FHIRDSTU2
import FHIRJSON
import FHIRR4

/// `Patient`, DSTU2 → R4: `careProvider` becomes `generalPractitioner`, `animal` the
/// `patient-animal` extension, link type `replace` becomes `replaced-by`.
extension DSTU2ToR4 {
  /// Converts a DSTU2 `Patient` at `path`.
  mutating func patient(_ source: FHIRDSTU2.Patient, _ path: String) -> FHIRR4.Patient {
    var target = FHIRR4.Patient()
    var extensions = domainResource(source, path, into: &target)
    target.identifier = identifiers(source.identifier, path, "identifier")
    target.active = primitive(source.active, path, "active")
    target.name = each(source.name, path, "name") { $0.humanName($1, $2) }
    target.telecom = each(source.telecom, path, "telecom") { $0.contactPoint($1, $2) }
    target.gender = primitive(source.gender, path, "gender")
    target.birthDate = primitive(source.birthDate, path, "birthDate")
    switch source.deceased {
    case .boolean(let value)?: target.deceased = .boolean(primitive(value, path, "deceasedBoolean") ?? value)
    case .dateTime(let value)?: target.deceased = .dateTime(primitive(value, path, "deceasedDateTime") ?? value)
    case nil: break
    }
    target.address = each(source.address, path, "address") { $0.address($1, $2) }
    target.maritalStatus = codeableConcept(source.maritalStatus, path, "maritalStatus")
    switch source.multipleBirth {
    case .boolean(let value)?: target.multipleBirth = .boolean(primitive(value, path, "multipleBirthBoolean") ?? value)
    case .integer(let value)?: target.multipleBirth = .integer(primitive(value, path, "multipleBirthInteger") ?? value)
    case nil: break
    }
    target.photo = each(source.photo, path, "photo") { $0.attachment($1, $2) }
    target.contact = each(source.contact, path, "contact") { $0.contact($1, $2) }
    if let animal = source.animal { self.animal(animal, Self.at(path, "animal"), into: &extensions) }
    target.communication = each(source.communication, path, "communication") { $0.communication($1, $2) }
    target.generalPractitioner = references(source.careProvider, path, "careProvider")
    target.managingOrganization = reference(source.managingOrganization, path, "managingOrganization")
    target.link = each(source.link, path, "link") { $0.link($1, $2) }
    target.extension = extensions
    target.unknown = conversion.unknown(source.unknown, path)
    return target
  }

  /// `Patient.contact`.
  mutating func contact(_ source: FHIRDSTU2.Patient.Contact, _ path: String) -> FHIRR4.Patient.Contact {
    var target = FHIRR4.Patient.Contact()
    target.id = source.id
    target.extension = extensionList(source.extension, Self.at(path, "extension"))
    target.modifierExtension = extensionList(source.modifierExtension, Self.at(path, "modifierExtension"))
    target.relationship = codeableConcepts(source.relationship, path, "relationship")
    target.name = one(source.name, path, "name") { $0.humanName($1, $2) }
    target.telecom = each(source.telecom, path, "telecom") { $0.contactPoint($1, $2) }
    target.address = one(source.address, path, "address") { $0.address($1, $2) }
    target.gender = primitive(source.gender, path, "gender")
    target.organization = reference(source.organization, path, "organization")
    target.period = period(source.period, path, "period")
    target.unknown = conversion.unknown(source.unknown, path)
    return target
  }

  /// `Patient.animal` → the `patient-animal` extension (`species`, `breed`,
  /// `genderStatus`); the animal's own `id`, extensions and unknown members are dropped.
  mutating func animal(_ source: FHIRDSTU2.Patient.Animal, _ path: String, into extensions: inout [Extension]) {
    var children: [(String, Extension.Value)] = []
    for (name, concept) in [("species", source.species), ("breed", source.breed), ("genderStatus", source.genderStatus)] {
      guard let concept else { continue }
      children.append((name, complex(codeableConcept(concept, Self.at(path, name)), "CodeableConcept")))
    }
    conversion.carryBackbone(
      children, dropping: Self.backboneMembers(source.id, source.extension, source.modifierExtension, source.unknown),
      url: ReleaseConverter.patientAnimal, reportAs: "patient-animal", path: path, into: &extensions)
  }

  /// The names of a backbone element's own members that a carrying extension has no home
  /// for: `id`, `extension`, `modifierExtension` and unknown members, where present.
  static func backboneMembers(
    _ id: String?, _ extensions: [Extension], _ modifierExtensions: [Extension], _ unknown: JSONObject
  ) -> [String] {
    var names: [String] = []
    if id != nil { names.append("id") }
    if !extensions.isEmpty { names.append("extension") }
    if !modifierExtensions.isEmpty { names.append("modifierExtension") }
    names += unknown.members.map(\.key)
    return names
  }

  /// `Patient.communication`.
  mutating func communication(_ source: FHIRDSTU2.Patient.Communication, _ path: String) -> FHIRR4.Patient.Communication {
    var target = FHIRR4.Patient.Communication()
    target.id = source.id
    target.extension = extensionList(source.extension, Self.at(path, "extension"))
    target.modifierExtension = extensionList(source.modifierExtension, Self.at(path, "modifierExtension"))
    target.language = codeableConcept(source.language, path, "language")
    target.preferred = primitive(source.preferred, path, "preferred")
    target.unknown = conversion.unknown(source.unknown, path)
    return target
  }

  /// `Patient.link`: the type `replace` becomes `replaced-by`.
  mutating func link(_ source: FHIRDSTU2.Patient.Link, _ path: String) -> FHIRR4.Patient.Link {
    var target = FHIRR4.Patient.Link()
    target.id = source.id
    var extensions = extensionList(source.extension, Self.at(path, "extension"))
    target.modifierExtension = extensionList(source.modifierExtension, Self.at(path, "modifierExtension"))
    target.other = reference(source.other, path, "other")
    target.type = conversion.mapCode(
      primitive(source.type, path, "type"), element: "Patient.link.type", map: ReleaseConverter.linkTypesToR4,
      reverse: ReleaseConverter.linkTypesToDSTU2, path: Self.at(path, "type"), extensions: &extensions)
    target.extension = extensions
    target.unknown = conversion.unknown(source.unknown, path)
    return target
  }
}
