import CareModel
@testable import FHIRCoders
import FHIRCore
import FHIRDSTU2
import FHIRJSON
import FHIRR4
import FHIRTestSupport
import Foundation
import Testing

/// A CodeableConcept that becomes a care title or text value keeps its text, not its codes: the
/// element the text came from is reported mapped and the codings' `system` and `code` dropped, so
/// that a medication's RxNorm code or a coded result's SNOMED code is never lost without a word.
@Suite struct ConceptCodesReportedTests {
  static func r4(_ json: String) throws -> FHIRR4.AnyResource {
    let bytes = Array(json.utf8)
    return try #require(try FHIRR4.AnyResource.decode(from: Chunked.tokens(bytes, chunkSize: bytes.count)).value)
  }

  static let rxnorm = #"{"coding":[{"system":"http://www.nlm.nih.gov/research/umls/rxnorm","code":"308192","display":"Amoxicillin 500 MG"}]"#

  @Test("a medication's RxNorm code is reported dropped; the title comes from the text, else the display")
  func medicationCode() throws {
    for (concept, title, mapped) in [
      (Self.rxnorm + #","text":"Amoxicillin"}"#, "Amoxicillin", "MedicationRequest.medicationCodeableConcept.text"),
      (Self.rxnorm + "}", "Amoxicillin 500 MG", "MedicationRequest.medicationCodeableConcept.coding.display"),
    ] {
      let json = MedicationScheduleSupport.request("m", dosages: [])
        .replacingOccurrences(of: #"{"text":"Drug"}"#, with: concept)
      let task = try MedicationScheduleSupport.decode(json)
      #expect(task.value.title == title)
      #expect(task.report.mapped[mapped] == 1)
      #expect(task.report.dropped["MedicationRequest.medicationCodeableConcept.coding.code"] == 1)
      #expect(task.report.dropped["MedicationRequest.medicationCodeableConcept.coding.system"] == 1)
      #expect(task.report.mapped["MedicationRequest.medicationCodeableConcept"] == nil)
    }
  }

  @Test("a title from one coding's display: the other codings' displays are reported dropped")
  func titleFromOneOfSeveralCodings() throws {
    let concept = #"{"coding":[{"system":"http://www.nlm.nih.gov/research/umls/rxnorm","code":"308192","display":"Amoxicillin 500 MG"},{"system":"http://example.org/local","code":"A5","display":"Amox 500"}]}"#
    let json = MedicationScheduleSupport.request("m", dosages: []).replacingOccurrences(of: #"{"text":"Drug"}"#, with: concept)
    let task = try MedicationScheduleSupport.decode(json)
    #expect(task.value.title == "Amoxicillin 500 MG")
    #expect(task.report.mapped["MedicationRequest.medicationCodeableConcept.coding.display"] == 1)
    #expect(task.report.dropped["MedicationRequest.medicationCodeableConcept.coding.display"] == 1)
    #expect(task.report.dropped["MedicationRequest.medicationCodeableConcept.coding.code"] == 2)
  }

  @Test("an as-needed condition's code is reported dropped; its text goes in the instructions")
  func asNeededCondition() throws {
    let dosage = #"{"asNeededCodeableConcept":{"coding":[{"system":"http://snomed.info/sct","code":"22253000","display":"Pain"}]},"timing":{"repeat":{"frequency":1,"period":6,"periodUnit":"h"}}}"#
    let task = try MedicationScheduleSupport.decode(MedicationScheduleSupport.request("prn", dosages: [dosage]))
    #expect(task.value.instructions == "As needed for Pain")
    #expect(task.value.impactsAdherence == false)
    #expect(task.report.mapped["MedicationRequest.dosageInstruction.asNeededCodeableConcept.coding.display"] == 1)
    #expect(task.report.dropped["MedicationRequest.dosageInstruction.asNeededCodeableConcept.coding.code"] == 1)
  }

  @Test("a coded result keeps its text as the outcome value; its SNOMED code is reported dropped")
  func codedResult() throws {
    let json = #"{"resourceType":"Observation","id":"o","status":"final","code":{"coding":[{"system":"http://loinc.org","code":"5778-6"}]},"valueCodeableConcept":{"coding":[{"system":"http://snomed.info/sct","code":"260385009","display":"Negative"}],"text":"Negative"},"component":[{"code":{"text":"c"},"valueCodeableConcept":{"coding":[{"system":"http://snomed.info/sct","code":"10828004"}]}}]}"#
    guard case .observation(let observation) = try Self.r4(json) else { throw CocoaError(.coderReadCorrupt) }
    let outcome = try R4ObservationCoder().decode(observation)
    #expect(outcome.value.values.map(\.value) == [.text("Negative"), .text("10828004")])
    #expect(outcome.report.mapped["Observation.valueCodeableConcept.text"] == 1)
    #expect(outcome.report.dropped["Observation.valueCodeableConcept.coding.code"] == 1)
    #expect(outcome.report.dropped["Observation.valueCodeableConcept.coding.display"] == 1)
    // A component's concept with only a code gives the code as its text: the code is mapped, its system not.
    #expect(outcome.report.mapped["Observation.component.valueCodeableConcept.coding.code"] == 1)
    #expect(outcome.report.dropped["Observation.component.valueCodeableConcept.coding.system"] == 1)
  }

  @Test("a plan activity's code gives the task its title; the code's codings are reported dropped")
  func activityCode() throws {
    let json = #"{"resourceType":"CarePlan","id":"cp","status":"active","intent":"plan","subject":{"reference":"Patient/p"},"activity":[{"detail":{"status":"scheduled","code":{"coding":[{"system":"http://snomed.info/sct","code":"229065009","display":"Exercise therapy"}],"text":"Exercise"}}}]}"#
    guard case .carePlan(let plan) = try Self.r4(json) else { throw CocoaError(.coderReadCorrupt) }
    let task = try #require(try R4CarePlanCoder().decodeWithTasks(plan).tasks.first)
    #expect(task.value.title == "Exercise")
    #expect(task.report.mapped["CarePlan.activity.detail.code.text"] == 1)
    #expect(task.report.dropped["CarePlan.activity.detail.code.coding.code"] == 1)
    #expect(task.report.dropped["CarePlan.activity.detail.code.coding.display"] == 1)
  }

  @Test("DSTU2 orders report their medication codes the same way")
  func dstu2Medication() throws {
    let json = #"{"resourceType":"MedicationOrder","id":"o","status":"active","patient":{"reference":"Patient/p"},"dateWritten":"2024-03-10","medicationCodeableConcept":\#(Self.rxnorm)}}"#
    let bytes = Array(json.utf8)
    guard case .medicationOrder(let order)? = try FHIRDSTU2.AnyResource.decode(from: Chunked.tokens(bytes, chunkSize: bytes.count)).value
    else { throw CocoaError(.coderReadCorrupt) }
    let task = try DSTU2MedicationOrderCoder().decode(order)
    #expect(task.value.title == "Amoxicillin 500 MG")
    #expect(task.report.mapped["MedicationOrder.medicationCodeableConcept.coding.display"] == 1)
    #expect(task.report.dropped["MedicationOrder.medicationCodeableConcept.coding.code"] == 1)
  }

  @Test("an observation's kind keeps the element it came from; the code's displays and other parts are reported dropped")
  func observationCode() throws {
    let loinc = #"{"system":"http://loinc.org","code":"8867-4","display":"Heart rate"}"#
    let snomed = #"{"system":"http://snomed.info/sct","code":"364075005","display":"Heart rate"}"#
    for (code, kind, mapped, dropped) in [
      (#"{"coding":[\#(loinc)],"text":"Pulse"}"#, "8867-4", ["coding.code", "coding.system"], ["coding.display", "text"]),
      (#"{"coding":[\#(snomed)],"text":"Pulse"}"#, "Pulse", ["text"], ["coding.code", "coding.display", "coding.system"]),
      (#"{"coding":[\#(snomed)]}"#, "364075005", ["coding.code"], ["coding.display", "coding.system"]),
      // A LOINC code not shaped like one is written back as text: its system is not kept.
      (#"{"coding":[{"system":"http://loinc.org","code":"LP1234"}]}"#, "LP1234", ["coding.code"], ["coding.system"]),
    ] {
      try Self.checkObservationCode(code, kind: kind, mapped: mapped.map { ($0, 1) }, dropped: dropped.map { ($0, 1) })
    }
    // A coding beside the one the kind comes from falls under the same paths: its code (and its
    // system, when the kept one's is mapped) is reported dropped beside the kept one.
    try Self.checkObservationCode(
      #"{"coding":[\#(snomed),\#(loinc)]}"#, kind: "8867-4", mapped: [("coding.code", 1), ("coding.system", 1)],
      dropped: [("coding.code", 1), ("coding.system", 1), ("coding.display", 2)])
    try Self.checkObservationCode(
      #"{"coding":[\#(snomed),{"system":"http://example.org","code":"hr"}]}"#, kind: "364075005",
      mapped: [("coding.code", 1)], dropped: [("coding.code", 1), ("coding.system", 2), ("coding.display", 1)])
  }

  /// Checks the kind an Observation's `code` (and a component's, and a DSTU2 Observation's)
  /// gives, and the counts of the paths below `Observation.code` reported mapped and dropped.
  static func checkObservationCode(
    _ code: String, kind: String, mapped: [(String, Int)], dropped: [(String, Int)]
  ) throws {
    do {
      let component = #"{"code":\#(code),"valueQuantity":{"value":70}}"#
      let r4 = #"{"resourceType":"Observation","id":"o","status":"final","code":\#(code),"valueQuantity":{"value":72},"component":[\#(component)]}"#
      guard case .observation(let observation) = try Self.r4(r4) else { throw CocoaError(.coderReadCorrupt) }
      let outcome = try R4ObservationCoder().decode(observation)
      #expect(outcome.value.values.map(\.kind) == [kind, kind])
      let dstu2JSON = #"{"resourceType":"Observation","id":"o","status":"final","code":\#(code),"valueQuantity":{"value":72}}"#
      let bytes = Array(dstu2JSON.utf8)
      guard case .observation(let old)? = try FHIRDSTU2.AnyResource.decode(from: Chunked.tokens(bytes, chunkSize: bytes.count)).value
      else { throw CocoaError(.coderReadCorrupt) }
      let dstu2 = try DSTU2ObservationCoder().decode(old)
      for base in ["Observation.code.", "Observation.component.code."] {
        for (path, n) in mapped { #expect(outcome.report.mapped[base + path] == n, "\(kind) \(base + path)") }
        for (path, n) in dropped { #expect(outcome.report.dropped[base + path] == n, "\(kind) \(base + path)") }
      }
      for (path, n) in mapped { #expect(dstu2.report.mapped["Observation.code." + path] == n) }
      for (path, n) in dropped { #expect(dstu2.report.dropped["Observation.code." + path] == n) }
      #expect(outcome.report.mapped["Observation.code"] == nil)
      // What is reported mapped is what comes back.
      let again = try R4ObservationCoder().decode(R4ObservationCoder().encode(outcome.value).value)
      #expect(again.value.values.map(\.kind) == [kind, kind])
    }
  }

  @Test("a contained or resolved Medication gives the title; only the element it came from is mapped")
  func medicationReference() throws {
    let medication = #"{"resourceType":"Medication","id":"med","code":\#(Self.rxnorm),"text":"Amoxicillin"},"form":{"coding":[{"system":"http://snomed.info/sct","code":"385055001"}]}}"#
    func request(_ reference: String, contained: Bool) -> String {
      MedicationScheduleSupport.request("m", dosages: [])
        .replacingOccurrences(
          of: #""medicationCodeableConcept":{"text":"Drug"}"#,
          with: (contained ? #""contained":[\#(medication)],"# : "") + #""medicationReference":\#(reference)"#)
    }
    let type = "MedicationRequest."
    // Contained: the contained Medication's code text; its codes, form and the reference are dropped.
    let contained = try MedicationScheduleSupport.decode(request(##"{"reference":"#med","display":"Amox"}"##, contained: true))
    #expect(contained.value.title == "Amoxicillin")
    #expect(contained.report.mapped[type + "contained.code.text"] == 1)
    for path in ["contained.code.coding.code", "contained.code.coding.system", "contained.form.coding.code", "medicationReference.reference", "medicationReference.display"] {
      #expect(contained.report.dropped[type + path] == 1, "\(path)")
    }
    #expect(contained.report.mapped[type + "contained"] == nil && contained.report.mapped[type + "medicationReference"] == nil)
    // The reference's display, when nothing resolves it.
    let display = try MedicationScheduleSupport.decode(request(#"{"reference":"Medication/med","display":"Amox"}"#, contained: false))
    #expect(display.value.title == "Amox")
    #expect(display.report.mapped[type + "medicationReference.display"] == 1)
    #expect(display.report.dropped[type + "medicationReference.reference"] == 1)
    // Resolved elsewhere: the Medication's name; none of its elements are the order's.
    let bytes = Array(medication.utf8)
    guard case .medication(let m)? = try FHIRR4.AnyResource.decode(from: Chunked.tokens(bytes, chunkSize: bytes.count)).value
    else { throw CocoaError(.coderReadCorrupt) }
    var coder = R4MedicationRequestCoder()
    coder.resolveMedication = { $0 == "Medication/med" ? m : nil }
    let resolved = try MedicationScheduleSupport.decode(request(#"{"reference":"Medication/med","display":"Amox"}"#, contained: false), coder: coder)
    #expect(resolved.value.title == "Amoxicillin")
    #expect(!resolved.report.mapped.keys.contains { $0.hasPrefix(type + "contained") || $0.hasPrefix(type + "medicationReference") })
    #expect(!resolved.report.dropped.keys.contains { $0.hasPrefix(type + "contained") })
    #expect(resolved.report.dropped[type + "medicationReference.display"] == 1)
  }
}
