import FHIRCore
import FHIRDSTU2
import FHIRR4

/// R4 `MedicationRequest` → DSTU2 `MedicationOrder`: `authoredOn`, `subject`,
/// `requester`, `statusReason` become `dateWritten`, `patient`, `prescriber`,
/// `reasonEnded`; intent `order` is implied, other intents and the elements DSTU2 lacks
/// become extensions; the first reason and a plain first note become `reason[x]` and
/// `note`. The data-absent-reason defaults of the reverse conversion are removed.
extension R4ToDSTU2 {
  mutating func medicationRequest(_ source: FHIRR4.MedicationRequest, _ path: String) -> FHIRDSTU2.MedicationOrder {
    var target = FHIRDSTU2.MedicationOrder()
    var extensions = domainResource(source, path, into: &target)
    target.identifier = identifiers(source.identifier, path, "identifier")
    target.dateWritten = keep(source.authoredOn, path, "authoredOn")
    if case .dateTime(let ended)? = conversion.restore(&extensions, element: "MedicationOrder.dateEnded").first {
      target.dateEnded = ended
    }
    if source.intent?.value?.string == ReleaseConverter.defaultMedicationIntent {
      conversion.implied(Self.join(path, "intent"))
    } else {
      carry(
        source.intent, Extension.Value.code, element: "MedicationRequest.intent", path: path, key: "intent",
        into: &extensions)
    }
    switch source.reported {
    case .boolean(let reported)?:
      carry(
        reported, Extension.Value.boolean, element: "MedicationRequest.reported", path: path, key: "reportedBoolean",
        into: &extensions)
    case .reference(let reported)?:
      carry(
        reported, type: "Reference", element: "MedicationRequest.reported", path: path, key: "reportedReference",
        into: &extensions)
    case nil: break
    }
    target.status = keep(
      conversion.mapCode(
        source.status, element: "MedicationOrder.status", map: ReleaseConverter.medicationStatusToDSTU2,
        reverse: ReleaseConverter.medicationStatusToR4, path: Self.join(path, "status"), extensions: &extensions))
    target.reasonEnded = codeableConcept(source.statusReason, path, "statusReason")
    target.patient = Self.isAbsent(source.subject) ? nil : reference(source.subject, path, "subject")
    target.prescriber = reference(source.requester, path, "requester")
    target.encounter = reference(source.encounter, path, "encounter")
    target.reason = reason(source, path, &extensions)
    target.note = note(source.note, path, element: "MedicationRequest.note", &extensions)
    requestOnly(source, path, &extensions)
    switch source.medication {
    case .codeableConcept(let concept)? where !Self.isAbsent(concept):
      target.medication = .codeableConcept(codeableConcept(concept, Self.join(path, "medicationCodeableConcept")))
    case .reference(let medication)?:
      target.medication = .reference(reference(medication, Self.join(path, "medicationReference")))
    default: break
    }
    target.dosageInstruction = source.dosageInstruction.enumerated().map {
      dosage($1, Self.join(path, "dosageInstruction", $0))
    }
    target.dispenseRequest = source.dispenseRequest.map { dispenseRequest($0, Self.join(path, "dispenseRequest")) }
    target.substitution = source.substitution.map { substitution($0, Self.join(path, "substitution")) }
    target.priorPrescription = reference(source.priorPrescription, path, "priorPrescription")
    target.extension = extensions
    target.unknown = conversion.unknown(source.unknown, path)
    return target
  }

  /// `reason[x]` is one value in DSTU2: the first code, else the first reference; the
  /// other codes, and the references beside a kept reason, become extensions.
  mutating func reason(
    _ source: FHIRR4.MedicationRequest, _ path: String, _ extensions: inout [Extension]
  ) -> FHIRDSTU2.ConceptOrReference? {
    var reason: FHIRDSTU2.ConceptOrReference?
    var references = source.reasonReference
    if let first = source.reasonCode.first {
      reason = .codeableConcept(codeableConcept(first, Self.join(path, "reasonCode", 0)))
    } else if let first = references.first {
      reason = .reference(reference(first, Self.join(path, "reasonReference", 0)))
      references.removeFirst()
    }
    carry(
      Array(source.reasonCode.dropFirst()), type: "CodeableConcept", element: "MedicationRequest.reasonCode",
      path: path,
      key: "reasonCode", into: &extensions)
    carry(
      references, type: "Reference", element: "MedicationRequest.reasonReference", path: path, key: "reasonReference",
      into: &extensions)
    return reason
  }

  /// A note string from a plain first note (text only); the other notes (all of them if
  /// the first has an author, time, id or extensions) become extensions `element`.
  mutating func note(
    _ notes: [FHIRR4.Annotation], _ path: String, element: String, _ extensions: inout [Extension]
  ) -> Primitive<FHIRString>? {
    var carried = notes
    var text: Primitive<FHIRString>?
    if let first = notes.first, first.id == nil, first.extension.isEmpty, first.author == nil, first.time == nil,
      first.unknown.isEmpty
    {
      text = keep(Self.retype(first.text))
      carried.removeFirst()
    }
    carry(carried, type: "Annotation", element: element, path: path, key: "note", into: &extensions)
    return text
  }

  /// The MedicationRequest elements DSTU2 lacks, as extensions `MedicationRequest.<name>`.
  mutating func requestOnly(_ source: FHIRR4.MedicationRequest, _ path: String, _ extensions: inout [Extension]) {
    func element(_ key: String) -> String { "MedicationRequest.\(key)" }
    carry(
      source.category, type: "CodeableConcept", element: element("category"), path: path, key: "category",
      into: &extensions)
    carry(
      source.priority, Extension.Value.code, element: element("priority"), path: path, key: "priority",
      into: &extensions)
    carry(
      source.doNotPerform, Extension.Value.boolean, element: element("doNotPerform"), path: path, key: "doNotPerform",
      into: &extensions)
    carry(
      source.supportingInformation, type: "Reference", element: element("supportingInformation"), path: path,
      key: "supportingInformation", into: &extensions)
    carry(
      source.performer, type: "Reference", element: element("performer"), path: path, key: "performer",
      into: &extensions)
    carry(
      source.performerType, type: "CodeableConcept", element: element("performerType"), path: path,
      key: "performerType", into: &extensions)
    carry(
      source.recorder, type: "Reference", element: element("recorder"), path: path, key: "recorder", into: &extensions)
    carry(
      source.instantiatesCanonical, Extension.Value.canonical, element: element("instantiatesCanonical"), path: path,
      key: "instantiatesCanonical", into: &extensions)
    carry(
      source.instantiatesUri, Extension.Value.uri, element: element("instantiatesUri"), path: path,
      key: "instantiatesUri", into: &extensions)
    carry(source.basedOn, type: "Reference", element: element("basedOn"), path: path, key: "basedOn", into: &extensions)
    carry(
      source.groupIdentifier, type: "Identifier", element: element("groupIdentifier"), path: path,
      key: "groupIdentifier", into: &extensions)
    carry(
      source.courseOfTherapyType, type: "CodeableConcept", element: element("courseOfTherapyType"), path: path,
      key: "courseOfTherapyType", into: &extensions)
    carry(
      source.insurance, type: "Reference", element: element("insurance"), path: path, key: "insurance",
      into: &extensions)
    carry(
      source.detectedIssue, type: "Reference", element: element("detectedIssue"), path: path, key: "detectedIssue",
      into: &extensions)
    carry(
      source.eventHistory, type: "Reference", element: element("eventHistory"), path: path, key: "eventHistory",
      into: &extensions)
  }

  /// Whether a reference holds only the data-absent-reason default.
  static func isAbsent(_ reference: FHIRR4.Reference?) -> Bool {
    guard let reference else { return false }
    return reference.id == nil && reference.reference == nil && reference.type == nil && reference.identifier == nil
      && reference.display == nil && reference.unknown.isEmpty && isAbsent(reference.extension)
  }

  /// Whether a CodeableConcept holds only the data-absent-reason default.
  static func isAbsent(_ concept: FHIRR4.CodeableConcept?) -> Bool {
    guard let concept else { return false }
    return concept.id == nil && concept.coding.isEmpty && concept.text == nil && concept.unknown.isEmpty
      && isAbsent(concept.extension)
  }
}
