@testable import FHIRCoders
import FHIRJSON
import FHIRR4
import FHIRTestSupport
import Testing

/// The coders record their paths as ``ReportPath``s: a report recorded by them reads, compares,
/// hashes, merges and answers `isMapped` exactly as one recorded by name.
@Suite struct ReportPathTests {
  typealias Disposition = ConversionReport.Disposition

  static func byPath(_ records: [(String, Disposition, Int)], _ path: (String) -> ReportPath) -> ConversionReport {
    var report = ConversionReport()
    for (name, disposition, count) in records {
      if count == 1 {
        switch disposition {
        case .mapped: report.mapped(path(name))
        case .dropped: report.dropped(path(name))
        case .defaulted: report.defaulted(path(name))
        case .unrepresentable: report.unrepresentable(path(name))
        }
      } else {
        report.record(disposition, path(name), count: count)
      }
    }
    return report
  }

  static func checkSame(_ report: ConversionReport, _ records: [(String, Disposition, Int)]) {
    let byName = ReportStorageTests.recorded(records)
    ReportStorageTests.check(report, records)
    #expect(report == byName)
    #expect(report.hashValue == byName.hashValue)
    var merged = ConversionReport()
    merged.merge(report)
    merged.merge(byName)
    ReportStorageTests.check(merged, records + records)
    #expect(merged == ReportStorageTests.recorded(records + records))
  }

  @Test func recordingByPathReadsAsByName() {
    Self.checkSame(Self.byPath(ReportStorageTests.records) { ReportPath($0) }, ReportStorageTests.records)
  }

  @Test func pathsBelowAPathAreNamedByTheirSuffix() {
    let start = ReportPath("ReportPathTests.valuePeriod").appending(".start")
    #expect(start.name == "ReportPathTests.valuePeriod.start")
    #expect(start == ReportPath("ReportPathTests.valuePeriod.start"))
  }

  /// The coders' paths are the FHIR paths they stand for.
  @Test func coderPathsNameTheirElements() {
    #expect(ObservationPaths.codeParts.text.name == "Observation.code.text")
    #expect(ObservationPaths.componentCodeParts.system.name == "Observation.component.code.coding.system")
    #expect(ObservationPaths.values.map(\.value.name).contains("Observation.component.valueSampledData"))
    #expect(ObservationPaths.values.map(\.start.name).contains("Observation.valuePeriod.start"))
    #expect(ObservedValue.quantity(value: 1, unit: nil, bound: nil, extensions: []).paths(inComponent: true).value.name
      == "Observation.component.valueQuantity")
    #expect(ObservedValue.unsupported.path(inComponent: false) == "Observation.valueAttachment")
    #expect(PatientPaths.name.name == "Patient.name")
    #expect(CarePlanPaths.element("created").name == "CarePlan.created")
    #expect(CarePlanPaths.element("other").name == "CarePlan.other")
    #expect(R4MedicationRequests.paths.root.name == "MedicationRequest")
  }

  /// Accounting under a coder's root path gives the report the public `String` root gives, from
  /// the tokens or by writing the value.
  @Test func accountingUnderACoderRootReadsAsByName() throws {
    let bytes = Array(
      #"{"resourceType":"Observation","id":"o1","status":"final","code":{"text":"t"},"valueQuantity":{"value":1},"note":[{"text":"n"}]}"#
        .utf8)
    let tokens = try Chunked.tokens(bytes, chunkSize: bytes.count)
    let decoded = try FHIRR4.Observation.decode(from: tokens)
    let observation = try #require(decoded.value)
    let source = try #require(ResourceSource(tokens: tokens, issues: decoded.issues))
    var base = ConversionReport()
    base.mapped(ObservationPaths.codeParts.text)
    var byName = base
    ElementAccounting.account(source, root: "Observation", in: &byName)
    var byPath = base
    ElementAccounting.account(source, root: ObservationPaths.root, in: &byPath)
    var written = base
    ElementAccounting.account(observation, root: ObservationPaths.root, in: &written)
    #expect(byPath == byName)
    #expect(written == byName)
    #expect(byName.dropped["Observation.note.text"] == 1)
    #expect(byName.dropped["Observation.code.text"] == nil)
    // A mapped root (or a path it extends) leaves nothing to account for.
    var mappedRoot = ConversionReport()
    mappedRoot.mapped("Observation")
    ElementAccounting.account(source, root: ObservationPaths.root, in: &mappedRoot)
    #expect(mappedRoot.dropped.isEmpty)
    var mappedParent = ConversionReport()
    mappedParent.mapped("CarePlan")
    ElementAccounting.account(source, root: ActivityPaths.root, in: &mappedParent)
    #expect(mappedParent.dropped.isEmpty)
  }
}
