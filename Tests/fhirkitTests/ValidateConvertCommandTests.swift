import FHIRTestSupport
import Foundation
import Testing

/// End-to-end tests of `fhirkit validate` and `fhirkit convert` on real fixtures.
@Suite struct ValidateConvertCommandTests {
  @Test func specExamplesValidate() throws {
    let result = try CommandRunner.run(["validate", "Fixtures/r4/examples/Patient", "Fixtures/dstu2/examples/MedicationOrder"])
    #expect(result.exitCode == 0, "\(result.stdout)")
    #expect(result.stderr.contains("resource(s) checked, 0 with errors"))
  }

  /// A Bundle read entry by entry has its own elements checked too (a `type` no value set has,
  /// an `id` given twice), located at the file; a Bundle on an NDJSON line, checked whole, is
  /// checked once.
  @Test func aBundlesOwnElementsAreChecked() throws {
    let folder = TemporaryFolders.make("fhirkit-validate-bundle")
    let path = folder + "/bundle.json"
    try #"{"resourceType":"Bundle","id":"x","type":"bogus","entry":[{"resource":{"resourceType":"Patient","id":"a"}}],"id":"y"}"#
      .write(toFile: path, atomically: true, encoding: .utf8)
    let result = try CommandRunner.run(["validate", path])
    #expect(result.exitCode == 1, "\(result.stderr)")
    #expect(result.stdout.contains("\(path): error: code is not in the required value set at type (invalidCode) in Bundle/y"))
    #expect(result.stdout.contains("the last one is kept at id (duplicateKey)"), "\(result.stdout)")
    #expect(result.stderr.contains("1 resource(s) checked, 0 with errors; 1 Bundle(s) with errors in their own elements"))
    #expect(!result.stdout.contains("bogus"))
    let line = #"{"resourceType":"Bundle","type":"bogus","entry":[]}"# + "\n"
    let piped = try CommandRunner.run(["validate", "--release", "r4", "-"], stdin: Array(line.utf8))
    #expect(piped.exitCode == 1)
    #expect(piped.stdout.components(separatedBy: "(invalidCode)").count == 2, "\(piped.stdout)")
    let good = try CommandRunner.run(["validate", "Fixtures/r4/bundles"])
    #expect(good.exitCode == 0 && !good.stderr.contains("Bundle(s) with errors"), "\(good.stderr)")
  }

  @Test func badDataIsReportedWithPlacesNotValues() throws {
    let report = FileManager.default.temporaryDirectory.appendingPathComponent("fhirkit-issues-\(getpid()).ndjson").path
    defer { try? FileManager.default.removeItem(atPath: report) }
    let result = try CommandRunner.run([
      "validate", "--report", report, "Fixtures/dstu2/bundles/custom__hspc-bilirubin-chart.json",
    ])
    #expect(result.exitCode == 1)
    #expect(result.stdout.contains("entry[0].resource.active (wrongType) in Patient/BILIBABY"))
    #expect(!result.stdout.contains("\"true\""))
    let lines = try String(contentsOfFile: report, encoding: .utf8).split(separator: "\n")
    #expect(lines.count >= 20)
    #expect(lines.allSatisfy { $0.contains("\"path\":") && $0.contains("\"code\":") })
  }

  @Test func dstu2BundleConvertsToR4() throws {
    let path = "Fixtures/dstu2/bundles/synthea__Gerhold_Donovan_66.json"
    let result = try CommandRunner.run(["convert", "--to", "r4", path])
    // The Patient and its order are converted; the types without a conversion are not written.
    #expect(result.exitCode == 1, "\(result.stderr)")
    let lines = result.stdout.split(separator: "\n")
    #expect(lines.count == 2)
    #expect(result.stderr.contains("2 resource(s) written"))
    #expect(result.stderr.contains(
      "7 resource(s) not written: no conversion to R4 for their type (Condition 4, DiagnosticReport 1, Encounter 1, Organization 1)"))
    let all = try CommandRunner.run(["convert", "--to", "r4", "--pass-through", path])
    #expect(all.exitCode == 0 && all.stdout.split(separator: "\n").count == 9, "\(all.stderr)")
    // The converted Patient validates as R4.
    let patient = try #require(lines.first { $0.contains(#""resourceType":"Patient""#) })
    let check = try CommandRunner.run(["validate", "--release", "r4", "-"], stdin: Array(patient.utf8) + [0x0A])
    #expect(check.exitCode == 0, "\(check.stdout)")
  }

  @Test func sameReleaseReencodesEveryLine() throws {
    let path = "Fixtures/r4/ndjson/sample-bulk-10-patients__Patient.000.ndjson"
    let input = Fixtures.bytes(String(path.dropFirst("Fixtures/".count)))
    let result = try CommandRunner.run(["convert", "--from", "r4", "--to", "r4", "-"], stdin: input)
    #expect(result.exitCode == 0, "\(result.stderr)")
    #expect(result.stdout.split(separator: "\n").count == input.split(separator: 0x0A).count)
  }

  /// `--report` lists every issue, the information-level ones too; stdout shows those only with --verbose.
  @Test func reportListsInformationIssuesWithoutVerbose() throws {
    let report = TemporaryFolders.make("fhirkit-validate-report") + "/issues.ndjson"
    let input = Array(#"{"resourceType":"Patient","id":"p1","notAnElement":1}"#.utf8) + [0x0A]
    let result = try CommandRunner.run(["validate", "--report", report, "-"], stdin: input)
    #expect(result.exitCode == 0)
    #expect(!result.stdout.contains("unknownElement"))
    let lines = try String(contentsOfFile: report, encoding: .utf8).split(separator: "\n")
    #expect(lines.count == 1)
    #expect(lines.first?.contains(#""code":"unknownElement""#) == true && lines.first?.contains(#""path":"notAnElement""#) == true)
    let verbose = try CommandRunner.run(["validate", "--verbose", "-"], stdin: input)
    #expect(verbose.stdout.contains("(unknownElement) in Patient/p1"))
  }

  /// The HL7 example temperature entered in error (both releases) becomes no care record: named
  /// as skipped by type, id and path, without its value, and the run exits 1.
  @Test(arguments: ["r4", "dstu2"])
  func enteredInErrorBecomesNoCareRecord(release: String) throws {
    let path = "Fixtures/\(release)/examples/Observation/observation-example-f202-temperature.json"
    let result = try CommandRunner.run(["convert", path, "--to", "care"])
    #expect(result.exitCode == 1, "\(result.stderr)")
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.contains("skipped: Observation/f202: Observation.status:") && result.stderr.contains("(enteredInError)"))
    #expect(!result.stderr.contains("39"))
  }
  /// The HL7 example plan whose one activity is a prohibited heart operation (both releases):
  /// the plan converts, the activity becomes no task, a warning names where (exit 0); an order
  /// not to be performed becomes nothing and is named as skipped (exit 1).
  @Test(arguments: ["r4", "dstu2"])
  func prohibitionsBecomeNoTask(release: String) throws {
    let path = "Fixtures/\(release)/examples/CarePlan/careplan-example-f001-heart.json"
    let result = try CommandRunner.run(["convert", path, "--to", "care"])
    #expect(result.exitCode == 0, "\(result.stderr)")
    #expect(result.stdout.contains(#""kind":"carePlan""#) && !result.stdout.contains(#""kind":"task""#))
    let element = release == "r4" ? "doNotPerform" : "prohibited"
    #expect(result.stderr.contains("warning: a prohibited activity (\(element)) becomes no task") && result.stderr.contains("in CarePlan/f001"))
    #expect(!result.stderr.contains("Operation on heart"))
    guard release == "r4" else { return }
    let order = #"{"resourceType":"MedicationRequest","id":"mr","status":"active","intent":"order","doNotPerform":true,"subject":{"reference":"Patient/p"},"medicationCodeableConcept":{"text":"Aspirin"},"authoredOn":"2024-01-01"}"#
    let refused = try CommandRunner.run(["convert", "--to", "care", "-"], stdin: Array((order + "\n").utf8))
    #expect(refused.exitCode == 1)
    #expect(!refused.stdout.contains(#""kind":"task""#))
    #expect(refused.stderr.contains("skipped: MedicationRequest/mr: MedicationRequest.doNotPerform:") && !refused.stderr.contains("Aspirin"))
  }
}
