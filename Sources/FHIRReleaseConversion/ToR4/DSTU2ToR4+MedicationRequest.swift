import FHIRCore
import FHIRDSTU2
import FHIRR4

/// DSTU2 `MedicationOrder` → R4 `MedicationRequest`: `dateWritten`, `patient`,
/// `prescriber` and `reasonEnded` are renamed, `reason[x]` and the string `note` become
/// lists, `dateEnded` an extension; `intent` (`order`), `status`, `subject` and
/// `medication[x]` get defaults when missing. The R4-only elements carried by the R4 →
/// DSTU2 conversion come back.
extension DSTU2ToR4 {
  /// Converts a DSTU2 `MedicationOrder` at `path`.
  mutating func medicationRequest(_ source: FHIRDSTU2.MedicationOrder, _ path: String) -> FHIRR4.MedicationRequest {
    var target = FHIRR4.MedicationRequest()
    var extensions = domainResource(source, path, into: &target)
    target.identifier = identifiers(source.identifier, path, "identifier")
    target.authoredOn = primitive(source.dateWritten, path, "dateWritten")
    if let dateEnded = primitive(source.dateEnded, path, "dateEnded") {
      conversion.carry(
        .dateTime(dateEnded), element: "MedicationOrder.dateEnded", path: Self.at(path, "dateEnded"), into: &extensions)
    }
    target.statusReason = codeableConcept(source.reasonEnded, path, "reasonEnded")
    target.subject = reference(source.patient, path, "patient")
    target.requester = reference(source.prescriber, path, "prescriber")
    target.encounter = reference(source.encounter, path, "encounter")
    switch source.reason {
    case .codeableConcept(let reason)?: target.reasonCode = [codeableConcept(reason, Self.at(path, "reasonCodeableConcept"))]
    case .reference(let reason)?: target.reasonReference = [reference(reason, Self.at(path, "reasonReference"))]
    case nil: break
    }
    if let note = text(source.note, path, "note", as: FHIRMarkdown.self) { target.note = [FHIRR4.Annotation(text: note)] }
    switch source.medication {
    case .codeableConcept(let medication)?:
      target.medication = .codeableConcept(codeableConcept(medication, Self.at(path, "medicationCodeableConcept")))
    case .reference(let medication)?:
      target.medication = .reference(reference(medication, Self.at(path, "medicationReference")))
    case nil: break
    }
    target.dosageInstruction = each(source.dosageInstruction, path, "dosageInstruction") { $0.dosage($1, $2) }
    target.dispenseRequest = one(source.dispenseRequest, path, "dispenseRequest") { $0.dispenseRequest($1, $2) }
    target.substitution = one(source.substitution, path, "substitution") { $0.substitution($1, $2) }
    target.priorPrescription = reference(source.priorPrescription, path, "priorPrescription")
    restoreR4Only(&target, &extensions)
    target.status = conversion.mapCode(
      primitive(source.status, path, "status"), element: "MedicationOrder.status",
      map: ReleaseConverter.medicationStatusToR4, reverse: ReleaseConverter.medicationStatusToDSTU2,
      path: Self.at(path, "status"), extensions: &extensions)
    target.status = required(target.status, default: "unknown", path, "status")
    target.intent = restore(&extensions, "MedicationRequest.intent", Self.code).first
      ?? required(nil, default: ReleaseConverter.defaultMedicationIntent, path, "intent")
    target.subject = required(target.subject, path, "subject")
    if target.medication == nil {
      conversion.defaulted(Self.at(path, "medicationCodeableConcept"), "required in R4; data-absent-reason unknown")
      target.medication = .codeableConcept(Self.absentConcept)
    }
    target.extension = extensions
    target.unknown = conversion.unknown(source.unknown, path)
    return target
  }

  /// Puts back the R4-only elements of a MedicationRequest carried by the R4 → DSTU2
  /// conversion (and further reasons and notes, which DSTU2 holds one of).
  func restoreR4Only(_ target: inout FHIRR4.MedicationRequest, _ extensions: inout [Extension]) {
    let concept = FHIRR4.CodeableConcept.self
    let reference = FHIRR4.Reference.self
    target.category = restore(&extensions, "MedicationRequest.category", as: concept)
    target.priority = restore(&extensions, "MedicationRequest.priority", Self.code).first
    target.doNotPerform = restore(&extensions, "MedicationRequest.doNotPerform", Self.boolean).first
    target.supportingInformation = restore(&extensions, "MedicationRequest.supportingInformation", as: reference)
    target.performer = restore(&extensions, "MedicationRequest.performer", as: reference).first
    target.performerType = restore(&extensions, "MedicationRequest.performerType", as: concept).first
    target.recorder = restore(&extensions, "MedicationRequest.recorder", as: reference).first
    target.instantiatesCanonical = restore(&extensions, "MedicationRequest.instantiatesCanonical", Self.uri)
    target.instantiatesUri = restore(&extensions, "MedicationRequest.instantiatesUri", Self.uri)
    target.basedOn = restore(&extensions, "MedicationRequest.basedOn", as: reference)
    target.groupIdentifier = restore(&extensions, "MedicationRequest.groupIdentifier", as: FHIRR4.Identifier.self).first
    target.courseOfTherapyType = restore(&extensions, "MedicationRequest.courseOfTherapyType", as: concept).first
    target.insurance = restore(&extensions, "MedicationRequest.insurance", as: reference)
    target.detectedIssue = restore(&extensions, "MedicationRequest.detectedIssue", as: reference)
    target.eventHistory = restore(&extensions, "MedicationRequest.eventHistory", as: reference)
    target.reasonCode += restore(&extensions, "MedicationRequest.reasonCode", as: concept)
    target.reasonReference += restore(&extensions, "MedicationRequest.reasonReference", as: reference)
    target.note += restore(&extensions, "MedicationRequest.note", as: FHIRR4.Annotation.self)
    let reported = conversion.restore(&extensions, element: "MedicationRequest.reported").first
    if let reported {
      if let value = Self.boolean(reported) {
        target.reported = .boolean(value)
      } else if let value = ModelConversion.model(reference, from: reported) {
        target.reported = .reference(restoringParts(value))
      }
    }
  }

  /// `MedicationOrder.dispenseRequest`: `medication[x]` (no R4 home) becomes an extension;
  /// `dispenseInterval`, `performer` and a `numberOfRepeatsAllowed` of 0 carried by the
  /// R4 → DSTU2 conversion come back.
  mutating func dispenseRequest(
    _ source: FHIRDSTU2.MedicationOrder.DispenseRequest, _ path: String
  ) -> FHIRR4.MedicationRequest.DispenseRequest {
    var target = FHIRR4.MedicationRequest.DispenseRequest()
    target.id = source.id
    var extensions = extensionList(source.extension, Self.at(path, "extension"))
    target.modifierExtension = extensionList(source.modifierExtension, Self.at(path, "modifierExtension"))
    let element = "MedicationOrder.dispenseRequest.medication"
    switch source.medication {
    case .codeableConcept(let medication)?:
      let medicationPath = Self.at(path, "medicationCodeableConcept")
      let value = complex(codeableConcept(medication, medicationPath), "CodeableConcept")
      conversion.carry(value, element: element, path: medicationPath, into: &extensions)
    case .reference(let medication)?:
      let medicationPath = Self.at(path, "medicationReference")
      conversion.carry(complex(reference(medication, medicationPath), "Reference"), element: element, path: medicationPath, into: &extensions)
    case nil: break
    }
    target.validityPeriod = period(source.validityPeriod, path, "validityPeriod")
    target.numberOfRepeatsAllowed = integer(source.numberOfRepeatsAllowed, path, "numberOfRepeatsAllowed", as: FHIRUnsignedInt.self)
    target.quantity = quantity(source.quantity, path, "quantity")
    target.expectedSupplyDuration = quantity(source.expectedSupplyDuration, path, "expectedSupplyDuration")
    target.dispenseInterval = restore(&extensions, "MedicationRequest.dispenseRequest.dispenseInterval", as: FHIRR4.Quantity.self).first
    target.performer = restore(&extensions, "MedicationRequest.dispenseRequest.performer", as: FHIRR4.Reference.self).first
    if let repeats = restore(&extensions, "MedicationRequest.dispenseRequest.numberOfRepeatsAllowed", Self.unsignedInt).first {
      target.numberOfRepeatsAllowed = repeats
    }
    target.extension = extensions
    target.unknown = conversion.unknown(source.unknown, path)
    return target
  }

  /// `MedicationOrder.substitution`: `type` becomes `allowedCodeableConcept` (unless it is
  /// the data-absent default of the R4 → DSTU2 conversion); `allowed[x]` is required in R4
  /// and defaults to `true`.
  mutating func substitution(
    _ source: FHIRDSTU2.MedicationOrder.Substitution, _ path: String
  ) -> FHIRR4.MedicationRequest.Substitution {
    var target = FHIRR4.MedicationRequest.Substitution()
    target.id = source.id
    var extensions = extensionList(source.extension, Self.at(path, "extension"))
    target.modifierExtension = extensionList(source.modifierExtension, Self.at(path, "modifierExtension"))
    if let type = source.type, !Self.isAbsent(type) {
      target.allowed = .codeableConcept(codeableConcept(type, Self.at(path, "type")))
    }
    if let allowed = conversion.restore(&extensions, element: "MedicationRequest.substitution.allowed").first {
      if let value = Self.boolean(allowed) {
        target.allowed = .boolean(value)
      } else if let value = ModelConversion.model(FHIRR4.CodeableConcept.self, from: allowed) {
        target.allowed = .codeableConcept(value)
      }
    }
    if target.allowed == nil {
      conversion.defaulted(Self.at(path, "allowedBoolean"), "required in R4; true")
      target.allowed = .boolean(true)
    }
    target.reason = codeableConcept(source.reason, path, "reason")
    target.extension = extensions
    target.unknown = conversion.unknown(source.unknown, path)
    return target
  }

  /// Whether a DSTU2 CodeableConcept holds only a `data-absent-reason` of `unknown` (the
  /// default the R4 → DSTU2 conversion sets for a required element R4 lacks).
  static func isAbsent(_ concept: FHIRDSTU2.CodeableConcept) -> Bool {
    guard concept.id == nil, concept.coding.isEmpty, concept.text == nil, concept.unknown.isEmpty,
      concept.extension.count == 1, let only = concept.extension.first
    else { return false }
    return only.url?.string == ReleaseConverter.dataAbsentReason && only.value == .code(code("unknown")) && only.id == nil
      && only.extension.isEmpty && only.unknown.isEmpty
  }
}
