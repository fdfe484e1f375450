import FHIRJSON

extension ReleaseConverter {

  static let animalChildren = [("species", "CodeableConcept"), ("breed", "CodeableConcept"), ("genderStatus", "CodeableConcept")]


  /// DSTU2 `Patient` → R4: `careProvider` becomes `generalPractitioner`, `animal` the
  /// `patient-animal` extension, link type `replace` becomes `replaced-by`.
  static func patientToR4(_ object: inout JSONObject, _ path: String, _ context: inout ConversionContext) {
    context.rename(&object, "careProvider", "generalPractitioner")
    eachName(&object, path, &context, humanNameToR4)
    if let animal = context.take(&object, "animal")?.objectValue {
      context.carryBackbone(
        &object, items: [(nil, animal)], url: patientAnimal, children: animalChildren, path: path, key: "animal",
        reportAs: "patient-animal")
    }
    context.each(&object, "link", path: path) { context, link, linkPath in
      context.mapCode(
        &link, "type", element: "Patient.link.type", map: linkTypesToR4, reverse: linkTypesToDSTU2, path: linkPath)
    }
  }

  /// Applies `convert` to `name` and `contact.name`.
  static func eachName(
    _ object: inout JSONObject, _ path: String, _ context: inout ConversionContext,
    _ convert: @escaping (inout ConversionContext, inout JSONObject, String) -> Void
  ) {
    context.each(&object, "name", path: path, convert)
    context.each(&object, "contact", path: path) { context, contact, contactPath in
      context.each(&contact, "name", path: contactPath, convert)
    }
  }

  /// DSTU2 `HumanName.family` is a list, R4's one string: the first part is kept, further parts are dropped.
  static func humanNameToR4(_ context: inout ConversionContext, _ name: inout JSONObject, _ path: String) {
    if let family = name["family"]?.arrayValue {
      name["family"] = family.first.flatMap { $0 == .null ? nil : $0 }
      for index in family.indices.dropFirst() {
        context.report.record(.dropped, path: ConversionContext.join(ConversionContext.join(path, "family"), index), note: "R4 has one family name")
      }
    }
    if let twin = name["_family"]?.arrayValue {
      name["_family"] = twin.first.flatMap { $0 == .null ? nil : $0 }
      if twin.count > 1 {
        context.report.record(.dropped, path: ConversionContext.join(path, "_family"), note: "R4 has one family name")
      }
    }
  }

  /// R4 `HumanName.family` becomes a one-element list.
  static func humanNameToDSTU2(_ context: inout ConversionContext, _ name: inout JSONObject, _ path: String) {
    if let family = name["family"] { name["family"] = [family] }
    if let twin = name["_family"] { name["_family"] = [twin] }
  }

  /// R4 `Patient` → DSTU2: the reverse of ``patientToR4(_:_:_:)``.
  static func patientToDSTU2(_ object: inout JSONObject, _ path: String, _ context: inout ConversionContext) {
    context.rename(&object, "generalPractitioner", "careProvider")
    eachName(&object, path, &context, humanNameToDSTU2)
    var animals = context.restoreBackbone(&object, url: patientAnimal)
    if !animals.isEmpty {
      object["animal"] = .object(animals.removeFirst())
      for _ in animals {
        context.report.record(.dropped, path: ConversionContext.join(path, "extension"), note: "a second patient-animal extension")
      }
    }
    context.each(&object, "link", path: path) { context, link, linkPath in
      context.mapCode(
        &link, "type", element: "Patient.link.type", map: linkTypesToDSTU2, reverse: linkTypesToR4, path: linkPath,
        fallback: defaultLinkType)
    }
  }
}
