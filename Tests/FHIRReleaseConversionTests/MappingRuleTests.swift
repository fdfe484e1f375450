import FHIRCore
import FHIRDSTU2
import FHIRJSON
import FHIRR4
import FHIRReleaseConversion
import Testing

/// Hand-written checks of single mapping rules, defaults and drops.
@Suite struct MappingRuleTests {
  func dstu2(_ text: String) throws -> FHIRDSTU2.AnyResource {
    var text = text
    let tokens = try text.withUTF8 { try JSONTokens(parsing: UnsafeRawBufferPointer($0)) }
    return try #require(try FHIRDSTU2.AnyResource.decode(from: tokens).value)
  }

  func json(_ value: some FHIREncodable) throws -> JSONValue {
    try value.jsonBytes().withUnsafeBytes { try JSONValue(parsing: $0) }
  }

  @Test func careProviderBecomesGeneralPractitionerAndCodeSystemsMove() throws {
    let source = try dstu2(
      #"{"resourceType":"Patient","careProvider":[{"reference":"Practitioner/1"}],"#
        + #""maritalStatus":{"coding":[{"system":"http://hl7.org/fhir/v3/MaritalStatus","code":"M"}]}}"#)
    let (r4, report) = ReleaseConverter.toR4(source)
    let out = try json(r4)
    #expect(out["generalPractitioner"] != nil)
    #expect(out["careProvider"] == nil)
    #expect(out["maritalStatus"]?["coding"]?.arrayValue?.first?["system"]
      == "http://terminology.hl7.org/CodeSystem/v3-MaritalStatus")
    #expect(report.isEmpty)
    let (back, _) = ReleaseConverter.toDSTU2(r4)
    #expect(try json(back).isEquivalent(to: try json(source)))
  }

  @Test func animalBecomesPatientAnimalExtension() throws {
    let source = try dstu2(#"{"resourceType":"Patient","animal":{"species":{"text":"dog"}}}"#)
    let (r4, report) = ReleaseConverter.toR4(source)
    let url = try json(r4)["extension"]?.arrayValue?.first?["url"]
    #expect(url == "http://hl7.org/fhir/StructureDefinition/patient-animal")
    #expect(report.paths(.carriedAsExtension) == ["animal"])
    let (back, _) = ReleaseConverter.toDSTU2(r4)
    #expect(try json(back).isEquivalent(to: try json(source)))
  }

  @Test func medicationOrderDefaultsIntentAndMovesDose() throws {
    let source = try dstu2(
      #"{"resourceType":"MedicationOrder","status":"active","patient":{"reference":"Patient/1"},"#
        + #""medicationCodeableConcept":{"text":"x"},"note":"n","dateEnded":"2020-01-01","#
        + #""dosageInstruction":[{"doseQuantity":{"value":1},"timing":{"repeat":{"periodUnits":"d","period":1}}}]}"#)
    let (r4, report) = ReleaseConverter.toR4(source)
    let out = try json(r4)
    #expect(out["resourceType"] == "MedicationRequest")
    #expect(out["intent"] == "order")
    #expect(report.paths(.defaulted) == ["intent"])
    #expect(report.paths(.carriedAsExtension) == ["dateEnded"])
    #expect(out["note"]?.arrayValue?.first?["text"] == "n")
    let dosage = out["dosageInstruction"]?.arrayValue?.first
    #expect(dosage?["doseAndRate"]?.arrayValue?.first?["doseQuantity"] != nil)
    #expect(dosage?["timing"]?["repeat"]?["periodUnit"] == "d")
    let (back, backReport) = ReleaseConverter.toDSTU2(r4)
    #expect(backReport.paths(.implied) == ["intent"])
    #expect(try json(back).isEquivalent(to: try json(source)))
  }

  @Test func carePlanProposedKeepsItsStatusThroughR4() throws {
    let source = try dstu2(
      #"{"resourceType":"CarePlan","status":"proposed","subject":{"reference":"Patient/1"},"#
        + #""participant":[{"member":{"reference":"Practitioner/1"}}]}"#)
    let (r4, report) = ReleaseConverter.toR4(source)
    let out = try json(r4)
    #expect(out["status"] == "draft")
    #expect(out["intent"] == "plan")
    #expect(Set(report.paths(.carriedAsExtension)) == ["status", "participant[0]"])
    let (back, _) = ReleaseConverter.toDSTU2(r4)
    #expect(try json(back).isEquivalent(to: try json(source)))
  }

  @Test func observationRelatedSplitsAndPackageIsDropped() throws {
    let source = try dstu2(
      #"{"resourceType":"Observation","status":"final","code":{"text":"c"},"comments":"x","#
        + #""related":[{"type":"has-member","target":{"reference":"Observation/2"}},"#
        + #"{"type":"sequel-to","target":{"reference":"Observation/3"}}]}"#)
    let (r4, report) = ReleaseConverter.toR4(source)
    let out = try json(r4)
    #expect(out["hasMember"]?.arrayValue?.count == 1)
    #expect(report.paths(.carriedAsExtension) == ["related[1]"])
    let (back, _) = ReleaseConverter.toDSTU2(r4)
    #expect(try json(back).isEquivalent(to: try json(source)))

    let medication = try dstu2(#"{"resourceType":"Medication","package":{"container":{"text":"box"}}}"#)
    let (_, medicationReport) = ReleaseConverter.toR4(medication)
    #expect(medicationReport.paths(.dropped) == ["package"])
  }

  @Test func otherResourcesPassThrough() throws {
    let source = try dstu2(#"{"resourceType":"Encounter","id":"e"}"#)
    let (r4, report) = ReleaseConverter.toR4(source)
    #expect(report.paths(.passedThrough) == ["$"])
    #expect(try json(r4).isEquivalent(to: try json(source)))
  }
}
