import CareModel
import FHIRTestSupport
import Foundation
import Testing

/// Numbers no `Double` holds among good records, through the built `fhirkit`: every good record
/// is converted and imported, the number is reported by resource and path on stderr and in
/// `--report` (never its value), an outcome value is kept as text (exit 0), a skipped value makes
/// the exit code 1.
@Suite struct NumbersCommandTests {
  /// An Observation; `day` sets its date (the pipeline merges the observations of one day,
  /// one occurrence of the observation log task, into one outcome).
  static func observation(_ id: String, _ value: String, day: Int = 0) -> String {
    #"{"resourceType":"Observation","id":"\#(id)","status":"final","code":{"text":"reading"},"effectiveDateTime":"2020-01-\#(10 + day)T03:04:05Z",\#(value)}"#
  }

  /// The Observation the ten-minute fuzz runs found, which stopped every batch it was in.
  static let finding = observation(
    "fuzz-finding",
    #""component":[{"code":{"text":"a"},"valueQuantity":{"value":7}},{"code":{"text":"b"},"valueSampledData":{"origin":{"value":0},"period":1,"dimensions":1,"data":"2014E2027 4"}}]"#)

  static func write(_ lines: [String]) -> String {
    let path = TemporaryFolders.make("fhirkit-numbers") + "/bad.ndjson"
    #expect(FileManager.default.createFile(atPath: path, contents: Data((lines.joined(separator: "\n") + "\n").utf8)))
    return path
  }

  static func lines(_ text: String) -> Set<Substring> { Set(text.split(separator: "\n")) }

  /// A decimal a `Double` holds only rounded or without its trailing zeros: converted as that
  /// `Double` (exit 0), reported unrepresentable by path in `--report` and counted on stderr;
  /// `import` keeps the decimal as written in the entity's source.
  @Test func aRoundedDecimalIsReportedAndItsSourceKeepsIt() throws {
    let bad = Self.write([
      Self.observation("precise", #""valueQuantity":{"value":1.10,"unit":"mg"}"#),
      Self.observation("exact", #""valueQuantity":{"value":1.5,"unit":"mg"}"#, day: 1),
    ])
    let report = TemporaryFolders.make("fhirkit-numbers") + "/rounded.ndjson"
    let converted = try CommandRunner.run(["convert", "--to", "care", "--report", report, bad])
    #expect(converted.exitCode == 0, "\(converted.stderr)")
    #expect(converted.stderr.contains("1 unrepresentable"), "\(converted.stderr)")
    #expect(!converted.stderr.contains("1.10"))
    let rows = try String(contentsOfFile: report, encoding: .utf8).split(separator: "\n").filter {
      $0.contains(#""disposition":"unrepresentable""#)
    }
    #expect(rows.count == 1)
    #expect(rows.first?.contains(#""path":"Observation.valueQuantity.value""#) == true && rows.first?.contains(#""id":"precise""#) == true)
    let records = try CareJSON.records(fromNDJSON: Data(converted.stdout.utf8))
    let values = records.compactMap { if case .outcome(let o) = $0 { o.values.first?.value } else { nil } }
    #expect(Set(values) == [.double(1.1), .double(1.5)])

    let store = TemporaryFolders.make("fhirkit-numbers") + "/rounded.sqlite"
    #expect(try CommandRunner.run(["import", "--store", store, bad]).exitCode == 0)
    let sources = try CommandRunner.run(["export", "--store", store, "--to", "r4", "--from-sources"])
    #expect(sources.exitCode == 0)
    #expect(sources.stdout.contains(#""value":1.10"#), "\(sources.stdout)")
  }

  @Test func theFuzzFindingAmongASyntheaBundleIsContained() throws {
    let bad = Self.write([Self.finding])
    let report = TemporaryFolders.make("fhirkit-numbers") + "/report.ndjson"
    let alone = try CommandRunner.run(["convert", "--to", "care", ConvertInputsTests.synthea])
    #expect(alone.exitCode == 0)
    let mixed = try CommandRunner.run(["convert", "--to", "care", "--report", report, ConvertInputsTests.synthea, bad])
    #expect(mixed.exitCode == 1, "\(mixed.stderr)")
    // Every record of the bundle alone is written, and the finding's outcome with its good values.
    #expect(Self.lines(alone.stdout).isSubset(of: Self.lines(mixed.stdout)))
    let records = try CareJSON.records(fromNDJSON: Data(mixed.stdout.utf8))
    let outcome = records.compactMap { if case .outcome(let o) = $0, o.id == "fuzz-finding" { o } else { nil } }.first
    #expect(outcome?.values.map(\.value) == [.double(7), .double(4)])
    // (An observation of no patient and no task also gets the observation log plan and task it belongs to.)
    #expect(records.count > Self.lines(alone.stdout).count)
    // Reported by resource and path, in our words, never with the value.
    #expect(mixed.stderr.contains("Observation/fuzz-finding") && mixed.stderr.contains("component[1].valueSampledData.data"), "\(mixed.stderr)")
    #expect(!mixed.stderr.contains("2014E2027") && !mixed.stderr.contains("EncodingError"))
    let reported = try String(contentsOfFile: report, encoding: .utf8)
    #expect(reported.contains(#""path":"component[1].valueSampledData.data""#) && reported.contains(#""id":"fuzz-finding""#), "\(reported)")

    // The same through import: everything stored, the report the same, exit 1.
    let store = TemporaryFolders.make("fhirkit-numbers") + "/store.sqlite"
    let imported = try CommandRunner.run(["import", "--store", store, ConvertInputsTests.synthea, bad])
    #expect(imported.exitCode == 1, "\(imported.stderr)")
    #expect(imported.stderr.contains("component[1].valueSampledData.data") && !imported.stderr.contains("EncodingError"))
    let exported = try CommandRunner.run(["export", "--store", store, "--to", "care"])
    #expect(exported.exitCode == 0)
    let stored = try CareJSON.records(fromNDJSON: Data(exported.stdout.utf8))
    #expect(stored.count == records.count)
    #expect(stored.contains { if case .outcome(let o) = $0 { o.id == "fuzz-finding" } else { false } })
  }

  /// Outcome values that do not fit are kept as text, exactly as written: nothing is lost, an
  /// information line says so, and the run exits 0.
  @Test(arguments: ["1e400", "-1e400", "1e-400", String(repeating: "7", count: 400)])
  func quantityValuesAreKeptAsText(_ number: String) throws {
    let bad = Self.write([
      Self.observation("good-1", #""valueQuantity":{"value":1.50,"unit":"kg"}"#),
      Self.observation("huge", #""valueQuantity":{"value":\#(number),"unit":"kg"}"#, day: 1),
      Self.observation("good-2", #""component":[{"code":{"text":"c"},"valueQuantity":{"value":\#(number)}}]"#, day: 2),
    ])
    let result = try CommandRunner.run(["convert", "--to", "care", bad])
    #expect(result.exitCode == 0, "\(result.stderr)")
    let outcomes = try CareJSON.records(fromNDJSON: Data(result.stdout.utf8)).compactMap { r -> OutcomeEntity? in
      if case .outcome(let o) = r { o } else { nil }
    }
    #expect(outcomes.count == 3)
    #expect(outcomes.first { $0.id == "huge" }?.values.map(\.value) == [.text(number)])
    #expect(outcomes.first { $0.id == "good-2" }?.values.map(\.value) == [.text(number)])
    #expect(outcomes.first { $0.id == "good-1" }?.values.map(\.value) == [.double(1.5)])
    #expect(result.stderr.contains("information: a number too large or too small for a double; kept as text at valueQuantity.value"))
    #expect(result.stderr.contains("component[0].valueQuantity.value"))
    #expect(!result.stderr.contains(number))
  }

  /// Doses and timing numbers cannot be text: skipped, reported, exit 1; the order and the
  /// records around it are still converted and imported.
  @Test func dosesAndTimingNumbersAreSkipped() throws {
    let bad = Self.write([
      #"{"resourceType":"Patient","id":"p1"}"#,
      #"{"resourceType":"MedicationRequest","id":"m1","status":"active","intent":"order","medicationCodeableConcept":{"text":"x"},"subject":{"reference":"Patient/p1"},"authoredOn":"2020-01-01","dosageInstruction":[{"timing":{"repeat":{"frequency":1,"period":1,"periodUnit":"d","duration":1e400,"durationUnit":"min"}},"doseAndRate":[{"doseQuantity":{"value":-1e400,"unit":"mg"}}]}]}"#,
      Self.observation("good", #""subject":{"reference":"Patient/p1"},"valueQuantity":{"value":3}"#),
    ])
    let result = try CommandRunner.run(["convert", "--to", "care", bad])
    #expect(result.exitCode == 1)
    let kinds = try CareJSON.records(fromNDJSON: Data(result.stdout.utf8)).map(\.kind)
    #expect(kinds.contains("patient") && kinds.contains("task") && kinds.contains("outcome"))
    #expect(result.stderr.contains("MedicationRequest/m1") && result.stderr.contains("dosageInstruction[0].doseAndRate[0].doseQuantity.value"))
    #expect(result.stderr.contains("dosageInstruction[0].timing.repeat.duration"))

    let store = TemporaryFolders.make("fhirkit-numbers") + "/store.sqlite"
    let imported = try CommandRunner.run(["import", "--store", store, bad])
    #expect(imported.exitCode == 1)
    let exported = try CommandRunner.run(["export", "--store", store, "--to", "care"])
    #expect(try CareJSON.records(fromNDJSON: Data(exported.stdout.utf8)).map(\.kind).sorted() == kinds.sorted())
  }

  static func request(_ id: String, repeat r: String) -> String {
    #"{"resourceType":"MedicationRequest","id":"\#(id)","status":"active","intent":"order","medicationCodeableConcept":{"text":"x"},"subject":{"reference":"Patient/p1"},"authoredOn":"2020-01-01","dosageInstruction":[{"timing":{"repeat":\#(r)}}]}"#
  }

  /// Every timing number that does not fit — `1e-400` (zero as a `Double`) in a duration,
  /// period or bound, any unfit `boundsRange` bound, a `frequency`, `count` or `offset` too
  /// large for 32 bits — is on stderr by resource and path and counted in the summary, and
  /// fails the run; its value is never printed; the records around it are still converted.
  @Test func timingNumbersThatDoNotFitAreReported() throws {
    let digits = String(repeating: "9", count: 400)
    let bad = Self.write([
      #"{"resourceType":"Patient","id":"p1"}"#,
      Self.request("m1", repeat: #"{"frequency":\#(digits),"count":1e400,"period":1e-400,"periodUnit":"d","duration":1e-400,"durationUnit":"h","when":["MORN"],"offset":\#(digits)}"#),
      Self.request("m2", repeat: #"{"frequency":1,"period":1,"periodUnit":"d","boundsRange":{"low":{"value":-1e400,"code":"d"},"high":{"value":1e-400,"code":"d"}}}"#),
      Self.request("m3", repeat: #"{"frequency":1,"period":1,"periodUnit":"d","boundsDuration":{"value":1e-400,"code":"d"}}"#),
      Self.observation("good", #""subject":{"reference":"Patient/p1"},"valueQuantity":{"value":3}"#),
    ])
    let report = TemporaryFolders.make("fhirkit-numbers") + "/report.ndjson"
    let result = try CommandRunner.run(["convert", "--to", "care", "--report", report, bad])
    #expect(result.exitCode == 1, "\(result.stderr)")
    let expected = [
      ("m1", "count"), ("m1", "frequency"), ("m1", "offset"), ("m1", "duration"), ("m1", "period"),
      ("m2", "boundsRange.low.value"), ("m2", "boundsRange.high.value"), ("m3", "boundsDuration.value"),
    ]
    let reported = try String(contentsOfFile: report, encoding: .utf8).split(separator: "\n")
    for (id, path) in expected {
      let place = "at dosageInstruction[0].timing.repeat.\(path) (invalidValue) in MedicationRequest/\(id)"
      #expect(result.stderr.contains("error: a number too large") && result.stderr.contains("the value is skipped " + place), "\(path): \(result.stderr)")
      #expect(reported.contains { $0.contains(#""kind":"conversionIssue""#) && $0.contains(#""path":"dosageInstruction[0].timing.repeat.\#(path)""#) && $0.contains(#""id":"\#(id)""#) })
    }
    #expect(!result.stderr.contains("not a positive"))
    #expect(result.stderr.contains("; 8 value(s) skipped"), "\(result.stderr)")
    #expect(!result.stderr.contains(digits) && !result.stderr.contains("e400") && !result.stderr.contains("e-400"))
    #expect(!reported.contains { $0.contains("where another type belongs") })
    let kinds = try CareJSON.records(fromNDJSON: Data(result.stdout.utf8)).map(\.kind)
    #expect(kinds.filter { $0 == "task" }.count >= 3 && kinds.contains("patient") && kinds.contains("outcome"))

    let store = TemporaryFolders.make("fhirkit-numbers") + "/store.sqlite"
    let imported = try CommandRunner.run(["import", "--store", store, bad])
    #expect(imported.exitCode == 1)
    #expect(imported.stderr.contains("; 8 value(s) skipped"), "\(imported.stderr)")
  }

  /// Records with an error-level coder issue, each with the path it is reported at: a number
  /// skipped, a timing number skipped, a timing rule broken (tim-5).
  static let strictStops: [(String, String)] = [
    (observation("bad", #""subject":{"reference":"Patient/p1"},"valueRatio":{"numerator":{"value":1e400},"denominator":{"value":1}}"#),
     "valueRatio.numerator.value (invalidValue) in Observation/bad"),
    (request("bad", repeat: #"{"frequency":1,"period":1,"periodUnit":"d","duration":1e-400,"durationUnit":"h"}"#),
     "dosageInstruction[0].timing.repeat.duration (invalidValue) in MedicationRequest/bad"),
    (request("bad", repeat: #"{"frequency":1,"period":0,"periodUnit":"d"}"#),
     "dosageInstruction[0].timing.repeat.period (invalidValue) in MedicationRequest/bad"),
  ]

  /// `--strict` stops at the first error-level issue the coders report, as docs/cli.md says:
  /// the issue is printed and in `--report`, nothing of its partition (here the one patient
  /// group, so nothing at all) or after it is written, exit 1; `import --strict` stores nothing,
  /// in memory or staged. Without `--strict` every record is written.
  @Test(arguments: strictStops)
  func strictStopsAtTheFirstCoderError(_ bad: String, _ place: String) throws {
    let input = Self.write([
      #"{"resourceType":"Patient","id":"p1"}"#, bad,
      Self.observation("good", #""subject":{"reference":"Patient/p1"},"valueQuantity":{"value":3}"#, day: 1),
    ])
    let all = try CommandRunner.run(["convert", "--to", "care", input])
    let written = try CareJSON.records(fromNDJSON: Data(all.stdout.utf8))
    #expect(written.contains { if case .outcome(let o) = $0 { o.id == "good" } else { false } }, "\(all.stderr)")

    let report = TemporaryFolders.make("fhirkit-numbers") + "/report.ndjson"
    let strict = try CommandRunner.run(["convert", "--strict", "--to", "care", "--report", report, input])
    #expect(strict.exitCode == 1)
    #expect(strict.stdout.isEmpty, "\(strict.stdout)")
    #expect(strict.stderr.contains("error: ") && strict.stderr.contains(" at " + place), "\(strict.stderr)")
    #expect(strict.stderr.contains("fhirkit: stopped at the first bad record or error-level issue (--strict); no entities written"))
    #expect(!strict.stderr.contains("e400") && !strict.stderr.contains("e-400"))
    let reported = try String(contentsOfFile: report, encoding: .utf8)
    #expect(reported.contains(#""kind":"conversionIssue""#) && reported.contains(#""id":"bad""#), "\(reported)")

    // Strict: the bad record stops the import before anything is stored, even with good
    // patient groups merged before it.
    let store = TemporaryFolders.make("fhirkit-numbers") + "/store.sqlite"
    let imported = try CommandRunner.run(["import", "--strict", "--store", store, "Fixtures/r4/bundles", input])
    #expect(imported.exitCode == 1)
    #expect(imported.stderr.contains(" at " + place) && imported.stderr.contains("(--strict); nothing stored"), "\(imported.stderr)")
    let exported = try CommandRunner.run(["export", "--store", store, "--to", "care"])
    #expect(exported.stdout.isEmpty)
  }
}
