import CarePipeline
import FHIRCoders
import FHIRJSON
import FHIRTestSupport
import Foundation
import Testing

/// One vocabulary for outcomes (converted, converted with issues, skipped) in the summary,
/// the report and the exit code, and the coders' approximations reaching `--report`.
@Suite struct OutcomeCommandTests {
  /// Every Synthea bundle of the fixtures, both releases (the hand-written `custom__` ones left out).
  static let syntheaBundles: [String] = ["r4/bundles", "dstu2/bundles"].flatMap { folder in
    Fixtures.files(extensions: ["json"], under: folder).filter { $0.contains("/synthea__") }
  }

  static var syntheaArguments: [String] { syntheaBundles.map { "Fixtures/" + $0 } }

  @Test func careConversionOfEverySyntheaBundleExitsZeroCountingIssues() throws {
    #expect(Self.syntheaBundles.count > 50)
    let result = try CommandRunner.run(["convert", "--to", "care"] + Self.syntheaArguments)
    #expect(result.exitCode == 0, "\(result.stderr.suffix(500))")
    let summary = try #require(result.stderr.split(separator: "\n").last.map(String.init))
    // DSTU2 Synthea data has error-level issues (a positiveInt of 0, arrays for one value).
    #expect(summary.contains(" converted with issues"), "\(summary)")
    #expect(!summary.contains("skipped") && !summary.contains("failed"), "\(summary)")
  }

  @Test func importOfEverySyntheaBundleExitsZeroCountingIssues() throws {
    let store = TemporaryFolders.make("fhirkit-outcomes") + "/store.sqlite"
    let result = try CommandRunner.run(["import", "--store", store] + Self.syntheaArguments)
    #expect(result.exitCode == 0, "\(result.stderr.suffix(500))")
    #expect(result.stderr.contains(" converted with issues"))
    #expect(result.stderr.contains("patient "))  // the table is on stderr
    #expect(result.stdout.isEmpty)
    #expect(!result.stderr.contains("skipped"))
  }

  @Test func aResourceTheCodersCannotConvertIsSkippedByNameAndReason() throws {
    // Two Observations with neither a value nor a component value.
    let input = "Fixtures/bad/circular-references.json"
    let convert = try CommandRunner.run(["convert", "--to", "care", input])
    #expect(convert.exitCode == 1)
    #expect(
      convert.stderr.contains(
        "fhirkit: skipped: Observation/loop-a: Observation.value[x]: neither a value nor a component value"))
    #expect(convert.stderr.contains("skipped: Observation/loop-b"))
    #expect(convert.stderr.contains("; 0 converted, 2 skipped"), "\(convert.stderr)")
    let store = TemporaryFolders.make("fhirkit-outcomes") + "/store.sqlite"
    let imported = try CommandRunner.run(["import", "--store", store, input])
    #expect(imported.exitCode == 1)
    #expect(imported.stderr.contains("skipped: Observation/loop-a"))
    #expect(imported.stderr.contains("fhirkit: 0 converted, 2 skipped"), "\(imported.stderr)")
  }

  @Test func errorLevelIssuesAreConvertedWithIssuesUnlessStrict() throws {
    let input = Array(
      "{\"resourceType\":\"Patient\",\"id\":\"a\",\"gender\":\"femme\"}\n{\"resourceType\":\"Patient\",\"id\":\"b\"}\n"
        .utf8)
    let result = try CommandRunner.run(["convert", "--to", "r4", "-"], stdin: input)
    #expect(result.exitCode == 0, "\(result.stderr)")
    #expect(result.stdout.split(separator: "\n").count == 2)
    #expect(
      result.stderr.hasSuffix("fhirkit: 2 resource(s) written; 1 converted, 1 converted with issues\n"),
      "\(result.stderr)")
    let strict = try CommandRunner.run(["convert", "--to", "r4", "--strict", "-"], stdin: input)
    #expect(strict.exitCode == 1)
    let care = try CommandRunner.run(["convert", "--to", "care", "-"], stdin: input)
    #expect(care.exitCode == 0, "\(care.stderr)")
    #expect(care.stderr.contains("1 converted, 1 converted with issues"))
  }

  @Test func theReportListsEveryApproximationTheCodersMade() throws {
    let report = TemporaryFolders.make("fhirkit-outcomes") + "/report.ndjson"
    let result = try CommandRunner.run(["convert", "--to", "care", "--report", report] + Self.syntheaArguments)
    #expect(result.exitCode == 0, "\(result.stderr.suffix(500))")
    var listed: [String: Int] = [:]  // "Type disposition path" → count
    var issues = 0
    for line in try String(contentsOfFile: report, encoding: .utf8).split(separator: "\n") {
      let object = try JSONValue(parsing: String(line))
      switch object["kind"]?.stringValue {
      case "approximated":
        let key = [object["resourceType"], object["disposition"], object["path"]].map { $0?.stringValue ?? "" }.joined(
          separator: " ")
        if case .number(let count)? = object["count"] { listed[key, default: 0] += count.intValue ?? 0 }
        #expect(object["reason"]?.stringValue?.isEmpty == false)
      case "conversionIssue": issues += 1
      default: break
      }
    }
    // The library's report of the same resources, merged per type.
    let library = try Pipeline().run(Self.syntheaBundles.map { .path(Fixtures.root + "/" + $0) }).report
    var expected: [String: Int] = [:]
    var expectedIssues = 0
    for (type, conversion) in library.conversion {
      for disposition in ConversionReport.Disposition.allCases where disposition != .mapped {
        for (path, count) in conversion[disposition] {
          expected["\(type) \(disposition.rawValue) \(path)", default: 0] += count
        }
      }
      expectedIssues += conversion.issues.count
    }
    #expect(!expected.isEmpty)
    #expect(listed == expected)
    #expect(issues == expectedIssues)
    let total = expected.values.reduce(0, +)
    #expect(result.stderr.contains("fhirkit: \(total) element(s) approximated ("), "\(result.stderr.suffix(400))")
    #expect(result.stderr.contains(": see --report"))
  }

  @Test func reportedConversionIssuesNameTheResource() throws {
    let report = TemporaryFolders.make("fhirkit-outcomes") + "/report.ndjson"
    let result = try CommandRunner.run([
      "convert", "--to", "care", "--report", report, "Fixtures/bad/timing-period-zero-or-negative.ndjson",
    ])
    #expect(result.exitCode == 0, "\(result.stderr)")
    let lines = try String(contentsOfFile: report, encoding: .utf8).split(separator: "\n").map {
      try JSONValue(parsing: String($0))
    }
    let issues = lines.filter { $0["kind"] == "conversionIssue" }
    #expect(!issues.isEmpty)
    #expect(
      issues.allSatisfy {
        $0["resourceType"]?.stringValue != nil && $0["id"]?.stringValue != nil && $0["path"]?.stringValue != nil
      })
    #expect(result.stderr.contains("input problem(s) worked around"))
    #expect(!lines.contains { "\($0)".contains("Zyxwvut") })
  }
}
