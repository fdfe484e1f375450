import CareModel
import FHIRJSON
import FHIRTestSupport
import Foundation
import Testing

/// `fhirkit convert --to care` and `--from care` end to end.
@Suite struct CareConvertCommandTests {
  func records(_ text: String) throws -> [CareRecord] {
    try CareJSON.records(fromNDJSON: Data(text.utf8))
  }

  @Test func syntheaBundleBecomesLinkedCareEntities() throws {
    let result = try CommandRunner.run(["convert", "--to", "care", ConvertInputsTests.synthea])
    #expect(result.exitCode == 0, "\(result.stderr)")
    let records = try records(result.stdout)
    let kinds = Dictionary(grouping: records, by: \.kind).mapValues(\.count)
    #expect(kinds["patient"] == 1)
    #expect(kinds["outcome"] == 44)  // the bundle's 44 Observations
    #expect((kinds["task"] ?? 0) > 0 && (kinds["carePlan"] ?? 0) > 0)
    #expect(CareJSON.unresolvedLinks(in: records).isEmpty)
    #expect(result.stdout.split(separator: "\n").allSatisfy { $0.contains(#""kind":""#) })
    let counts = kinds.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", ")
    #expect(result.stderr.hasSuffix("\nfhirkit: \(records.count) care record(s) written; \(counts)\n"), "\(result.stderr)")
    #expect(result.stderr.hasPrefix("fhirkit: ") && result.stderr.contains(" element(s) approximated ("))
  }

  /// A Synthea Bundle given twice, and its NDJSON lines given twice: every resource staged twice
  /// as the same bytes (merged without decoding either copy), the same entities as given once.
  @Test func aBundleGivenTwiceGivesTheEntitiesOfOnce() throws {
    let once = try CommandRunner.run(["convert", "--to", "care", ConvertInputsTests.synthea])
    #expect(once.exitCode == 0, "\(once.stderr)")
    let twice = try CommandRunner.run(["convert", "--to", "care", ConvertInputsTests.synthea, ConvertInputsTests.synthea])
    #expect(twice.exitCode == 0, "\(twice.stderr)")
    #expect(twice.stdout == once.stdout)
    let lines = Array(try CommandRunner.run(["convert", "--to", "r4", ConvertInputsTests.synthea]).stdout.utf8)
    let linesOnce = try CommandRunner.run(["convert", "--to", "care", "-"], stdin: lines)
    let linesTwice = try CommandRunner.run(["convert", "--to", "care", "-"], stdin: lines + lines)
    #expect(linesTwice.stdout == linesOnce.stdout)
    #expect(!linesOnce.stdout.isEmpty)
  }

  @Test func theSameResourcesInAnyFramingGiveTheSameEntities() throws {
    // A Bundle file, the same Bundle on stdin, and its resources as NDJSON lines on stdin.
    let file = try CommandRunner.run(["convert", "--to", "care", ConvertInputsTests.synthea])
    let bundle = Fixtures.bytes(String(ConvertInputsTests.synthea.dropFirst("Fixtures/".count)))
    let stdin = try CommandRunner.run(["convert", "--to", "care", "-"], stdin: bundle)
    let lines = try CommandRunner.run(["convert", "--to", "r4", ConvertInputsTests.synthea]).stdout
    let fromLines = try CommandRunner.run(["convert", "--to", "care", "-"], stdin: Array(lines.utf8))
    #expect(file.stdout == stdin.stdout)
    // Without the Bundle's fullUrls, its urn:uuid references cannot resolve, so links (and
    // the per-patient observation log plan) may differ; patients and outcomes do not.
    func count(_ kind: String, _ text: String) throws -> Int { try records(text).filter { $0.kind == kind }.count }
    for kind in ["patient", "outcome"] {
      #expect(try count(kind, fromLines.stdout) == count(kind, file.stdout), "\(kind)")
    }
  }

  @Test func unresolvedReferencesAreReportedByPathWithoutValues() throws {
    let report = FileManager.default.temporaryDirectory.appendingPathComponent("fhirkit-care-\(getpid()).ndjson").path
    defer { try? FileManager.default.removeItem(atPath: report) }
    let input = """
      {"resourceType":"CarePlan","id":"plan","status":"active","intent":"plan","subject":{"reference":"Patient/nobody-here"},"activity":[{"reference":{"reference":"MedicationRequest/missing-too"}}]}

      """
    let result = try CommandRunner.run(["convert", "--to", "care", "--report", report, "-"], stdin: Array(input.utf8))
    #expect(result.exitCode == 0, "\(result.stderr)")
    #expect(result.stderr.contains("fhirkit: unresolved reference: CarePlan/plan: CarePlan.subject: relative reference notFound"))
    #expect(result.stderr.contains("CarePlan.activity[0].reference"))
    #expect(result.stderr.contains("2 unresolved reference(s)"))
    #expect(!result.stderr.contains("nobody-here") && !result.stderr.contains("missing-too"))
    let lines = try String(contentsOfFile: report, encoding: .utf8).split(separator: "\n").map { try JSONValue(parsing: String($0)) }
      .filter { $0["kind"] == "unresolvedReference" }
    #expect(lines.count == 2)
    #expect(lines.allSatisfy { $0["kind"] == "unresolvedReference" && $0["resourceType"] == "CarePlan" && $0["id"] == "plan" })
    #expect(Set(lines.compactMap { $0["path"]?.stringValue }) == ["CarePlan.subject", "CarePlan.activity[0].reference"])
  }

  /// A Bulk Data export's Observations without their Patients: one unresolved reference each,
  /// the first 20 named on stderr and the rest counted in one line; `--report` has them all.
  @Test func manyUnresolvedReferencesAreCountedOnStderr() throws {
    let report = TemporaryFolders.make("fhirkit-unresolved") + "/report.ndjson"
    let input = (0..<25).map { i in
      #"{"resourceType":"Observation","id":"o\#(i)","status":"final","code":{"text":"weight"},"subject":{"reference":"Patient/p\#(i)"},"valueQuantity":{"value":70,"unit":"kg"},"effectiveDateTime":"2020-01-01T10:00:00Z"}"#
    }.joined(separator: "\n") + "\n"
    for arguments in [["convert", "--to", "care", "-o", "/dev/null"], ["import", "--store", TemporaryFolders.make("fhirkit-unresolved") + "/s.sqlite"]] {
      let result = try CommandRunner.run(arguments + ["--report", report, "-"], stdin: Array(input.utf8))
      #expect(result.exitCode == 0, "\(result.stderr)")
      let named = result.stderr.split(separator: "\n").filter { $0.hasPrefix("fhirkit: unresolved reference: Observation/") }
      #expect(named.count == 20)
      #expect(result.stderr.contains("fhirkit: 5 more unresolved reference(s): see --report"), "\(result.stderr)")
      let lines = try String(contentsOfFile: report, encoding: .utf8).split(separator: "\n").filter {
        $0.contains(#""kind":"unresolvedReference""#)
      }
      #expect(lines.count == 25)
    }
  }

  @Test func badRecordsAreReportedAndTheRestMerged() throws {
    let input = """
      {"resourceType":"Patient","id":"p1"}
      {"resourceType":"Patient","id":"p2" oops}
      {"resourceType":"Observation","id":"o1","status":"final","code":{"text":"weight"},"subject":{"reference":"Patient/p1"},"valueQuantity":{"value":70,"unit":"kg"},"effectiveDateTime":"2020-01-01T10:00:00Z"}

      """
    let result = try CommandRunner.run(["convert", "--to", "care", "-"], stdin: Array(input.utf8))
    #expect(result.exitCode == 1)
    #expect(result.stderr.contains("<stdin>:2:"))
    let kinds = try records(result.stdout).map(\.kind).sorted()
    #expect(kinds == ["carePlan", "outcome", "patient", "task"])
    let strict = try CommandRunner.run(["convert", "--to", "care", "--strict", "-"], stdin: Array(input.utf8))
    #expect(strict.exitCode == 1 && strict.stdout.isEmpty)
  }

  /// A record the care path repairs to fit the models (an array where one value belongs) is
  /// converted with issues, its repair printed with its place; `--strict` stops at it, for
  /// `convert --to care` and `import` alike.
  @Test func aRepairedRecordIsNamedAndStopsStrictRuns() throws {
    let input = Array(#"{"resourceType":"Patient","id":"b","gender":["female"]}"#.utf8) + [0x0A]
    let lenient = try CommandRunner.run(["convert", "--to", "care", "--from", "r4", "-"], stdin: input)
    #expect(lenient.exitCode == 0)
    #expect(lenient.stderr.contains("<stdin>: unwrapped gender:"), "\(lenient.stderr)")
    #expect(!lenient.stderr.contains("female"))
    #expect(lenient.stderr.contains("1 converted with issues"))
    let strict = try CommandRunner.run(["convert", "--to", "care", "--from", "r4", "--strict", "-"], stdin: input)
    #expect(strict.exitCode == 1 && strict.stdout.isEmpty, "\(strict.stderr)")
    let store = TemporaryFolders.make("care-strict") + "/s.sqlite"
    let imported = try CommandRunner.run(["import", "--strict", "-", "--store", store], stdin: input)
    #expect(imported.exitCode == 1, "\(imported.stderr)")
  }

  @Test func jobsDoNotChangeTheEntities() throws {
    let arguments = ["convert", "--to", "care", "Fixtures/r4/bundles", "Fixtures/dstu2/bundles"]
    let one = try CommandRunner.run(arguments + ["--jobs", "1"])
    let two = try CommandRunner.run(arguments + ["--jobs", "2"])
    #expect(one.stdout.split(separator: "\n").count > 3000)
    #expect(one.stdout == two.stdout && one.stderr == two.stderr && one.exitCode == two.exitCode)
  }

  @Test func jsonFormatWritesOneArray() throws {
    let ndjson = try CommandRunner.run(["convert", "--to", "care", ConvertInputsTests.synthea])
    let json = try CommandRunner.run(["convert", "--to", "care", "--format", "json", ConvertInputsTests.synthea])
    #expect(json.exitCode == 0, "\(json.stderr)")
    let array = try #require(try JSONValue(parsing: json.stdout).arrayValue)
    let lines = try ndjson.stdout.split(separator: "\n").map { try JSONValue(parsing: String($0)) }
    #expect(array == lines)
  }

  @Test(arguments: ["r4", "dstu2"])
  func careEntitiesGoBackToFHIR(_ release: String) throws {
    let care = try CommandRunner.run(["convert", "--to", "care", ConvertInputsTests.synthea]).stdout
    let records = try records(care)
    let result = try CommandRunner.run(["convert", "--from", "care", "--to", release, "-"], stdin: Array(care.utf8))
    #expect(result.exitCode == 0, "\(result.stderr)")
    let resources = try result.stdout.split(separator: "\n").map { try JSONValue(parsing: String($0)) }
    // Plans carry their tasks as activities; other tasks become orders. The pipeline's
    // medication plan is not written: its tasks are orders, as `export` writes them.
    let medicationPlans = records.filter { if case .carePlan(let p) = $0 { p.id.hasPrefix("medications/") } else { false } }
    #expect(medicationPlans.count == 1)
    let plans = Set(records.compactMap { if case .carePlan(let p) = $0, !p.id.hasPrefix("medications/") { p.uuid } else { nil } })
    let planTasks = records.filter { if case .task(let t) = $0, let plan = t.carePlanUUID { plans.contains(plan) } else { false } }
    #expect(resources.count == records.count - planTasks.count - medicationPlans.count)
    let types = Dictionary(grouping: resources, by: { $0["resourceType"]?.stringValue ?? "" }).mapValues(\.count)
    #expect(types["Patient"] == 1 && types["Observation"] == 44)
    let activities = resources.filter { $0["resourceType"] == "CarePlan" }.reduce(0) { $0 + ($1["activity"]?.arrayValue?.count ?? 0) }
    #expect(activities == planTasks.count)
    // Read back, every entity comes back with its uuid (the care extensions carry it).
    let back = try CommandRunner.run(["convert", "--to", "care", "-"], stdin: Array(result.stdout.utf8))
    #expect(Set(try self.records(back.stdout).map(\.uuid)).isSuperset(of: records.map(\.uuid)))
  }

  @Test func badCareLinesAreReportedWithoutValues() throws {
    let input = """
      {"kind":"patient","id":"p","uuid":"not-a-uuid-Secretvalue","name":{},"effectiveDate":"2020-01-01T00:00:00.000Z"}
      {"kind":"spaceship"}
      {"kind":"contact","id":"c","uuid":"5C2E5BB1-7E4B-4A8C-9E43-3A8F4C1D2E3F","name":{},"effectiveDate":"2020-01-01T00:00:00.000Z"}

      """
    let result = try CommandRunner.run(["convert", "--from", "care", "--to", "r4", "-"], stdin: Array(input.utf8))
    #expect(result.exitCode == 1)
    #expect(result.stderr.contains("<stdin>:1: not a care record"))
    #expect(result.stderr.contains("<stdin>:2: not a care record"))
    #expect(!result.stderr.contains("Secretvalue"))
  }
}
