@testable import FHIRCoders
import FHIRJSON
import FHIRR4
import FHIRTestSupport
import Testing

/// The coders record their paths as ``ReportPath``s, interned once: a report recorded by path id
/// reads, compares, hashes, merges and answers `isMapped` exactly as one recorded by name, and a
/// path made when the interner is full is recorded by name instead.
@Suite struct ReportPathTests {
  typealias Disposition = ConversionReport.Disposition

  static func byID(_ records: [(String, Disposition, Int)], _ path: (String) -> ReportPath) -> ConversionReport {
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

  /// (Whether a path made here has an id depends on the shared interner not being full, which
  /// another suite's test makes it for a moment: the reports must read the same either way.)
  @Test func recordingByIDReadsAsByName() {
    Self.checkSame(Self.byID(ReportStorageTests.records) { ReportPath($0) }, ReportStorageTests.records)
    Self.checkSame(Self.byID(ReportStorageTests.records) { ReportPath(unregistered: $0) }, ReportStorageTests.records)
  }

  /// Ids are given in order, once per name, until the interner is full.
  @Test func anInternerGivesEachNameOneID() {
    let interner = PathInterner()
    #expect(ReportPath("A.b", in: interner).id == 0)
    #expect(ReportPath("A.c", in: interner).id == 1)
    #expect(ReportPath("A.b", in: interner).id == 0)
    interner.setLimit(2)
    #expect(ReportPath("A.d", in: interner).id == -1)
    #expect(ReportPath("A.c", in: interner).id == 1)
    #expect(interner.count == 2)
  }

  @Test func pathsBelowAPathAreNamedByTheirSuffix() {
    let start = ReportPath("ReportPathTests.valuePeriod").appending(".start")
    #expect(start.name == "ReportPathTests.valuePeriod.start")
    let byName = ReportPath(unregistered: "ReportPathTests.other").appending(".end")
    #expect(byName.name == "ReportPathTests.other.end")
    #expect(byName.id == -1)
  }

  /// A path made while the interner is full has no id, and is recorded by name: the report
  /// reads and merges the same, also mixed with paths recorded by id.
  @Test func pathMadeWhenTheInternerIsFullIsRecordedByName() {
    let records: [(String, Disposition, Int)] = [
      ("ReportPathTests.full.a", .mapped, 1), ("ReportPathTests.full.b", .dropped, 3),
      ("Patient.id", .mapped, 1), ("ReportPathTests.full.a", .unrepresentable, 1),
    ]
    let full = PathInterner()
    full.setLimit(0)
    let paths = Dictionary(records.map { ($0.0, ReportPath($0.0, in: full)) }, uniquingKeysWith: { a, _ in a })
    #expect(paths.values.allSatisfy { $0.id == -1 })
    Self.checkSame(Self.byID(records) { paths[$0]! }, records)
    Self.checkSame(Self.byID(records) { $0 == "Patient.id" ? ReportPath($0) : paths[$0]! }, records)
  }

  /// The coders' paths are the FHIR paths they stand for.
  @Test func coderPathsNameTheirElements() {
    #expect(ObservationPaths.code.name == "Observation.code")
    #expect(ObservationPaths.values.map(\.value.name).contains("Observation.component.valueSampledData"))
    #expect(ObservationPaths.values.map(\.start.name).contains("Observation.valuePeriod.start"))
    #expect(ObservedValue.quantity(value: 1, unit: nil, hasComparator: false, extensions: []).paths(inComponent: true).value.name
      == "Observation.component.valueQuantity")
    #expect(ObservedValue.unsupported.path(inComponent: false) == "Observation.valueAttachment")
    #expect(PatientPaths.name.name == "Patient.name")
    #expect(CarePlanPaths.element("created").name == "CarePlan.created")
    #expect(CarePlanPaths.element("other").name == "CarePlan.other")
    #expect(R4MedicationRequests.paths.root.name == "MedicationRequest")
  }

  /// Accounting under a coder's root path (by id) gives the report the public `String` root gives.
  @Test func accountingUnderAnInternedRootReadsAsByName() throws {
    let bytes = Array(
      #"{"resourceType":"Observation","id":"o1","status":"final","code":{"text":"t"},"valueQuantity":{"value":1},"note":[{"text":"n"}]}"#
        .utf8)
    let tokens = try Chunked.tokens(bytes, chunkSize: bytes.count)
    let decoded = try FHIRR4.Observation.decode(from: tokens)
    let observation = try #require(decoded.value)
    let source = try #require(ResourceSource(tokens: tokens, issues: decoded.issues))
    var base = ConversionReport()
    base.mapped(ObservationPaths.code)
    var byName = base
    ElementAccounting.account(source, root: "Observation", in: &byName)
    var byID = base
    ElementAccounting.account(source, root: ObservationPaths.root, in: &byID)
    var written = base
    ElementAccounting.account(observation, root: ObservationPaths.root, in: &written)
    #expect(byID == byName)
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
