import FHIRTestSupport
import Foundation
import Testing

/// Every file of `Fixtures/bad/` through `fhirkit convert --to r4`: exit code 1 when
/// something is wrong, each expected error on stderr with its place, no data value on
/// stderr, and the good records around the bad ones still written.
@Suite struct BadCorpusCommandTests {
  @Test(arguments: BadCorpus.entries)
  func convertReportsAndGoesOn(_ entry: BadCorpus.Entry) throws {
    try check(entry, path: "Fixtures/\(BadCorpus.folder)/\(entry.file)")
  }

  @Test(arguments: BadCorpus.generatedFiles)
  func convertReportsGeneratedCases(_ file: String) throws {
    let (bytes, entry) = BadCorpus.generated(file)
    // One folder per case: the cases run in parallel, and each removes its folder when done.
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fhirkit-bad-\(getpid())-\(file)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent(file).path
    #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
    try check(entry, path: path)
  }

  /// The corpus files whose problem only the care pipeline can see, through
  /// `fhirkit convert --to care`: no value reaches stderr, every line written is a care
  /// record, and each expected unresolved reference is on stderr and in `--report` at the
  /// reference's path, with its reason.
  @Test(arguments: BadCorpus.entries.filter { $0.pipelineExpect != nil })
  func careConversionOfReferenceProblems(_ entry: BadCorpus.Entry) throws {
    let report = FileManager.default.temporaryDirectory.appendingPathComponent("fhirkit-bad-care-\(getpid())-\(entry.file).ndjson").path
    defer { try? FileManager.default.removeItem(atPath: report) }
    let path = "Fixtures/\(BadCorpus.folder)/\(entry.file)"
    let result = try CommandRunner.run(["convert", "--to", "care", "--report", report, path])
    // Unresolved references are warnings; exit code 1 only when a coder refuses a record
    // (the panel Observations of circular-references.json carry no value).
    #expect(result.exitCode == 0 || result.exitCode == 1, "\(result.stderr)")
    #expect(!result.stderr.contains(BadCorpus.marker), "stderr quotes the data")
    let written = result.stdout.split(separator: "\n")
    #expect(written.allSatisfy { $0.hasPrefix("{") && $0.contains(#""kind":""#) })
    let reported = (try? String(contentsOfFile: report, encoding: .utf8)) ?? ""
    for expected in entry.pipelineExpect ?? [] {
      #expect(reported.contains(#""path":""# + expected.path + #"""#) && reported.contains(#""reason":""# + expected.code + #"""#), "\(reported)")
      #expect(result.stderr.contains(": \(expected.path): ") && result.stderr.contains(expected.code), "\(result.stderr)")
    }
  }

  /// The corpus files with coder reports (numbers no `Double` holds, timing rules broken),
  /// through `fhirkit convert --to care` and `fhirkit import`: each coder report is on stderr
  /// and in `--report` at its resource and path, no value is quoted, exit code 1 exactly when a
  /// number had to be skipped (an error of the numbers files; a broken timing rule is an input
  /// problem worked around: converted with issues, exit 0), and every record is still converted
  /// and stored.
  @Test(arguments: BadCorpus.entries.filter { $0.expect.contains { $0.layer == "coder" } })
  func careConversionAndImportReportCoderIssues(_ entry: BadCorpus.Entry) throws {
    let folder = TemporaryFolders.make("fhirkit-bad-coder")
    let report = folder + "/report.ndjson"
    let path = "Fixtures/\(BadCorpus.folder)/\(entry.file)"
    let release = entry.release ?? "auto"
    let failing = entry.file.hasPrefix("numbers-that-do-not-fit") && entry.expect.contains { $0.severity == "error" }
    let converted = try CommandRunner.run(["convert", "--from", release, "--to", "care", "--report", report, path])
    let stored = folder + "/store.sqlite"
    let imported = try CommandRunner.run(["import", "--from", release, "--store", stored, path])
    for result in [converted, imported] {
      #expect(result.exitCode == (failing ? 1 : 0), "\(result.stderr)")
      #expect(!result.stderr.contains(BadCorpus.marker), "stderr quotes the data")
      #expect(!result.stderr.contains("EncodingError"))
      for expected in entry.expect where expected.layer == "coder" {
        #expect(result.stderr.contains("\(expected.severity): ") && result.stderr.contains(" at \(expected.path) ("), "no \(expected) on stderr:\n\(result.stderr)")
      }
    }
    let reported = try String(contentsOfFile: report, encoding: .utf8)
    for expected in entry.expect where expected.layer == "coder" {
      #expect(reported.contains(#""path":""# + expected.path + #"""#), "\(expected) not in the report")
    }
    let exported = try CommandRunner.run(["export", "--store", stored, "--to", "care"])
    #expect(exported.stdout.split(separator: "\n").count == converted.stdout.split(separator: "\n").count)
    #expect(converted.stdout.split(separator: "\n").count > 0)
  }

  func check(_ entry: BadCorpus.Entry, path: String) throws {
    let result = try CommandRunner.run(["convert", "--from", entry.release ?? "auto", "--to", "r4", path])
    #expect(result.exitCode == (entry.failsInCLI ? 1 : 0), "\(result.stderr)")
    for report in entry.cliExpect {
      let place: String
      switch (report.layer, report.line, report.entry) {
      case ("json", let line?, _): place = "\(path):\(line):"
      case (_, let line?, _): place = "\(path):\(line): \(report.severity)"
      case (_, _, let index?): place = "\(path) entry[\(index)]: \(report.severity)"
      default: place = path
      }
      let line = result.stderr.split(separator: "\n").first {
        report.isMissingResourceType
          ? $0.hasPrefix("fhirkit: \(path):\(report.line ?? 0): skipped: no resourceType")
          : $0.contains(place) && $0.contains("at \(report.shownPath ?? report.path) (\(report.code)")
      }
      if report.severity == "error" {
        #expect(line != nil, "no \(report) on stderr:\n\(result.stderr)")
      }
    }
    #expect(!result.stderr.contains(BadCorpus.marker), "stderr quotes the data")
    let written = result.stdout.split(separator: "\n")
    #expect(written.count >= entry.goodRecords, "\(result.stderr)")
    if entry.expect.allSatisfy({ $0.layer == "json" }) {
      #expect(written.count == entry.goodRecords, "\(result.stderr)")
    }
  }
}
