import CareModel
import FHIRCoders
import FHIRCore
import FHIRDSTU2
import FHIRJSON
import Testing

/// Each timing element is reported once, by the name its release gives it: an element the
/// coder reads but cannot keep whole (`frequencyMax`, `boundsRange.low`) is `unrepresentable`,
/// not also `dropped`; a DSTU2 bounding Duration, `boundsQuantity`, is `mapped` where it is used.
@Suite struct TimingReportDispositionTests {
  @Test(arguments: [
    (#""frequency":1,"frequencyMax":2"#, "frequencyMax"), (#""frequency":1,"period":1,"periodMax":2"#, "periodMax"),
    (#""count":3,"countMax":5"#, "countMax"),
    (#""boundsRange":{"low":{"value":2,"unit":"d","system":"http://unitsofmeasure.org","code":"d"},"high":{"value":4,"unit":"d"}}"#, "boundsRange.low"),
  ])
  func aRangeIsUnrepresentableOnly(repeatJSON: String, element: String) throws {
    let json = MedicationScheduleSupport.request("r", dosages: [#"{"timing":{"repeat":{"periodUnit":"d",\#(repeatJSON)}}}"#])
    let report = try MedicationScheduleSupport.decode(json).report
    let path = "MedicationRequest.dosageInstruction.timing.repeat." + element
    #expect(report.unrepresentable[path] == 1)
    #expect(report.dropped.keys.filter { $0 == path || $0.hasPrefix(path + ".") }.isEmpty, "\(report.dropped)")
  }

  @Test func aDSTU2BoundsQuantityIsMapped() throws {
    let json = #"""
      {"resourceType":"MedicationOrder","id":"o","status":"active","patient":{"reference":"Patient/p"},"dateWritten":"2024-03-10T09:00:00Z","medicationCodeableConcept":{"text":"Drug"},"dosageInstruction":[{"timing":{"repeat":{"frequency":1,"period":8,"periodUnits":"h","boundsQuantity":{"value":3,"unit":"d","system":"http://unitsofmeasure.org","code":"d"}}}}]}
      """#
    let order = try #require(
      try Array(json.utf8).withUnsafeBytes { try FHIRDSTU2.MedicationOrder.decode(from: JSONTokens(parsing: $0)) }.value)
    let converted = try DSTU2MedicationOrderCoder().decode(order)
    let path = "MedicationOrder.dosageInstruction.timing.repeat.boundsQuantity"
    #expect(converted.report.mapped[path] == 1, "\(converted.report.mapped)")
    #expect(converted.report.dropped.keys.filter { $0.hasPrefix(path) }.isEmpty, "\(converted.report.dropped)")
    #expect(converted.value.schedule.elements.allSatisfy { $0.end == MedicationScheduleSupport.date("2024-03-13T09:00:00Z") })
  }
}
