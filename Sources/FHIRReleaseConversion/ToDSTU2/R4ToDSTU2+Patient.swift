import FHIRCore
import FHIRDSTU2
import FHIRR4

/// R4 `Patient` → DSTU2: `generalPractitioner` becomes `careProvider`, the
/// `patient-animal` extension becomes `animal` (a second one is dropped), link type
/// `replaced-by` becomes `replace` and `replaces` (no DSTU2 code) defaults to `seealso`.
extension R4ToDSTU2 {
  mutating func patient(_ source: FHIRR4.Patient, _ path: String) -> FHIRDSTU2.Patient {
    var target = FHIRDSTU2.Patient()
    var extensions = domainResource(source, path, into: &target)
    target.identifier = identifiers(source.identifier, path, "identifier")
    target.active = keep(source.active, path, "active")
    target.name = source.name.enumerated().map { humanName($1, Self.join(path, "name", $0)) }
    target.telecom = contactPoints(source.telecom, path, "telecom")
    target.gender = keep(source.gender, path, "gender")
    target.birthDate = keep(source.birthDate, path, "birthDate")
    switch source.deceased {
    case .boolean(let value)?: target.deceased = .boolean(keep(one: value))
    case .dateTime(let value)?: target.deceased = .dateTime(keep(one: value))
    case nil: break
    }
    target.address = source.address.enumerated().map { address($1, Self.join(path, "address", $0)) }
    target.maritalStatus = codeableConcept(source.maritalStatus, path, "maritalStatus")
    switch source.multipleBirth {
    case .boolean(let value)?: target.multipleBirth = .boolean(keep(one: value))
    case .integer(let value)?: target.multipleBirth = .integer(keep(one: value))
    case nil: break
    }
    target.photo = source.photo.enumerated().map { attachment($1, Self.join(path, "photo", $0)) }
    target.contact = source.contact.enumerated().map { contact($1, Self.join(path, "contact", $0)) }
    target.animal = animal(&extensions, path)
    target.communication = source.communication.enumerated().map {
      communication($1, Self.join(path, "communication", $0))
    }
    target.careProvider = references(source.generalPractitioner, path, "generalPractitioner")
    target.managingOrganization = reference(source.managingOrganization, path, "managingOrganization")
    target.link = source.link.enumerated().map { link($1, Self.join(path, "link", $0)) }
    target.extension = extensions
    target.unknown = conversion.unknown(source.unknown, path)
    return target
  }

  /// `animal` from the first `patient-animal` extension (species, breed, genderStatus);
  /// a second one is dropped.
  mutating func animal(_ extensions: inout [Extension], _ path: String) -> FHIRDSTU2.Patient.Animal? {
    let found = conversion.restoreBackbones(&extensions, url: ReleaseConverter.patientAnimal)
    guard let first = found.first else { return nil }
    for _ in found.dropFirst() { conversion.dropped(Self.join(path, "extension"), "a second patient-animal extension") }
    var animal = FHIRDSTU2.Patient.Animal()
    let extensionPath = Self.join(path, "extension")
    for (name, value) in first {
      let concept = restoredConcept(value, extensionPath)
      switch name {
      case "species": animal.species = concept
      case "breed": animal.breed = concept
      case "genderStatus": animal.genderStatus = concept
      default: conversion.dropped(extensionPath, "patient-animal member without a DSTU2 home")
      }
    }
    return animal
  }

  mutating func contact(_ source: FHIRR4.Patient.Contact, _ path: String) -> FHIRDSTU2.Patient.Contact {
    var target = FHIRDSTU2.Patient.Contact()
    target.id = source.id
    target.extension = self.extensions(source.extension, Self.join(path, "extension"))
    target.modifierExtension = self.extensions(source.modifierExtension, Self.join(path, "modifierExtension"))
    target.relationship = codeableConcepts(source.relationship, path, "relationship")
    target.name = source.name.map { humanName($0, Self.join(path, "name")) }
    target.telecom = contactPoints(source.telecom, path, "telecom")
    target.address = source.address.map { address($0, Self.join(path, "address")) }
    target.gender = keep(source.gender, path, "gender")
    target.organization = reference(source.organization, path, "organization")
    target.period = period(source.period, path, "period")
    target.unknown = conversion.unknown(source.unknown, path)
    return target
  }

  mutating func communication(_ source: FHIRR4.Patient.Communication, _ path: String) -> FHIRDSTU2.Patient.Communication
  {
    var target = FHIRDSTU2.Patient.Communication(language: codeableConcept(source.language, path, "language"))
    target.id = source.id
    target.extension = self.extensions(source.extension, Self.join(path, "extension"))
    target.modifierExtension = self.extensions(source.modifierExtension, Self.join(path, "modifierExtension"))
    target.preferred = keep(source.preferred, path, "preferred")
    target.unknown = conversion.unknown(source.unknown, path)
    return target
  }

  /// A link: its type through ``ReleaseConverter/linkTypesToDSTU2``; `replaces` defaults
  /// to `seealso`, the original kept in the extension `Patient.link.type`.
  mutating func link(_ source: FHIRR4.Patient.Link, _ path: String) -> FHIRDSTU2.Patient.Link {
    var target = FHIRDSTU2.Patient.Link(other: reference(source.other, path, "other"))
    target.id = source.id
    var extensions = self.extensions(source.extension, Self.join(path, "extension"))
    target.modifierExtension = self.extensions(source.modifierExtension, Self.join(path, "modifierExtension"))
    target.type = keep(
      conversion.mapCode(
        source.type, element: "Patient.link.type", map: ReleaseConverter.linkTypesToDSTU2,
        reverse: ReleaseConverter.linkTypesToR4, path: Self.join(path, "type"), extensions: &extensions,
        fallback: ReleaseConverter.defaultLinkType))
    target.extension = extensions
    target.unknown = conversion.unknown(source.unknown, path)
    return target
  }
}
