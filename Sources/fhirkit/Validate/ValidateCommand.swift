import ArgumentParser
import FHIRDSTU2
import FHIRKit
import FHIRR4

/// `fhirkit validate`: decodes every resource with the models and reports their issues.
struct ValidateCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "validate",
    abstract: "Check FHIR JSON against the R4 or DSTU2 models and report every issue.",
    discussion: """
      Each resource (NDJSON line, Bundle entry or single resource) is decoded with the \\
      models of its release, detected per resource unless --release says otherwise. \\
      Issues are printed as `location: severity: message at path (code) in Type/id`, \\
      never with data values. Information-level issues (elements the models keep \\
      without knowing them) are shown with --verbose.

      Examples:
        fhirkit validate Fixtures/r4/examples/Patient
        fhirkit validate --release dstu2 --report issues.ndjson export.ndjson
      """)

  @Argument(help: "Files, folders or - for standard input.")
  var inputs: [String] = ["-"]

  @Option(help: "The release of the inputs (auto detects it per resource).")
  var release: ReleaseOption = .auto

  @Option(help: "Write every issue as NDJSON to this file.")
  var report: String?

  @Flag(help: "Stop at the first error-level issue.")
  var strict = false

  @Flag(help: "Also show information-level issues.")
  var verbose = false

  func run() throws {
    let files = try InputFiles.expandOrExit(inputs)
    let issueReport = try IssueReport(path: report)
    var resources = 0
    var failed = 0
    var unreadable = 0
    for file in files {
      var inputRelease: FHIRRelease?
      do {
        try ResourceReader.read(
          file,
          onError: { error in
            failed += 1
            printError("fhirkit: \(error)")
            issueReport.write(error)
            if strict { throw someRecordsFailed }
          },
          { record in
            resources += 1
            let issues = try decode(record, inputRelease: &inputRelease)
            for issue in issues where verbose || issue.severity != .information {
              print("\(record.location): \(issue)")
              issueReport.write(issue, location: record.location)
            }
            if issues.contains(where: { $0.severity == .error }) {
              failed += 1
              if strict { throw someRecordsFailed }
            }
          })
      } catch let error as JSONError {
        printError("fhirkit: \(error)")
        unreadable += 1
      }
    }
    printError("fhirkit: \(resources) resource(s) checked, \(failed) with errors")
    if unreadable > 0 { throw ExitCode(3) }
    if failed > 0 { throw someRecordsFailed }
  }

  private func decode(_ record: ResourceRecord, inputRelease: inout FHIRRelease?) throws -> [ValidationIssue] {
    let options = DecodingOptions(mode: .lenient, pathPrefix: record.pathPrefix)
    switch release.release(for: record.tokens, inputRelease: &inputRelease) {
    case .r4: return try FHIRR4.AnyResource.decode(from: record.tokens, at: record.index, options: options).issues
    case .dstu2: return try FHIRDSTU2.AnyResource.decode(from: record.tokens, at: record.index, options: options).issues
    }
  }
}
