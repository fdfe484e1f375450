import ArgumentParser
import FHIRDSTU2
import FHIRKit
import FHIRR4
import FHIRReleaseConversion
import Foundation

/// `fhirkit convert`: FHIR JSON from one release to the other, or re-encoded through
/// the models in the same release, as NDJSON.
struct ConvertCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "convert",
    abstract: "Convert FHIR JSON between DSTU2 and R4, or normalise it through the models.",
    discussion: """
      Reads files, folders or - (NDJSON or one or more Bundles or resources) and writes \\
      one resource per line (NDJSON) to standard output or -o; Bundle entries come out \\
      one per line. --from r4 --to r4 re-encodes through the R4 models, which checks \\
      and normalises files. What a conversion drops, defaults or carries as an \\
      extension is counted on stderr and listed with --report, by path, never with \\
      data values. Error-level issues are printed on stderr with their place; the \\
      record is still written, and the exit code is 1. (--to care arrives with the \\
      pipeline.)

      Examples:
        fhirkit convert --to r4 Fixtures/dstu2/bundles > r4.ndjson
        cat export.ndjson | fhirkit convert --from r4 --to r4 - > normalised.ndjson
      """)

  /// What to produce.
  enum Target: String, ExpressibleByArgument, CaseIterable {
    case r4, dstu2, care
  }

  @Argument(help: "Files, folders or - for standard input.")
  var inputs: [String] = ["-"]

  @Option(help: "The release of the inputs (auto detects it per resource).")
  var from: ReleaseOption = .auto

  @Option(help: "The release to write.")
  var to: Target

  @Option(name: .shortAndLong, help: "Write to this file instead of standard output.")
  var output: String?

  @Option(help: "Write issues and conversion entries as NDJSON to this file.")
  var report: String?

  @Flag(help: "Stop at the first bad record.")
  var strict = false

  func validate() throws {
    if to == .care {
      throw ValidationError("--to care needs the care pipeline, which is not built yet; use --to r4 or --to dstu2")
    }
  }

  func run() throws {
    let files = try InputFiles.expandOrExit(inputs)
    let issueReport = try IssueReport(path: report)
    let out = try OutputFile(path: output)
    var converted = 0
    var failed = 0
    var unreadable = 0
    var actions: [ConversionReport.Action: Int] = [:]
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
            let (bytes, issues, conversion) = try convert(record, inputRelease: &inputRelease)
            let errors = issues.filter { $0.severity == .error }
            for issue in errors {
              // The place and code on stderr, as for JSON errors; the record is still written.
              printError("fhirkit: \(record.location): \(issue)")
              issueReport.write(issue, location: record.location)
            }
            for entry in conversion.entries {
              issueReport.write([
                "location": .string(record.location), "path": .string(entry.path),
                "action": .string(entry.action.rawValue), "message": .string(entry.note),
              ])
            }
            actions.merge(conversion.counts, uniquingKeysWith: +)
            guard let bytes else {
              failed += 1
              printError("fhirkit: \(record.location): not a resource the models can read")
              if strict { throw someRecordsFailed }
              return
            }
            try out.writeLine(bytes)
            converted += 1
            if !errors.isEmpty {
              failed += 1
              if strict { throw someRecordsFailed }
            }
          })
      } catch let error as JSONError {
        printError("fhirkit: \(error)")
        unreadable += 1
      }
    }
    try out.close()
    var summary = "fhirkit: \(converted) resource(s) written"
    if !actions.isEmpty {
      summary += "; " + actions.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key.rawValue)" }.joined(separator: ", ")
    }
    if failed > 0 { summary += "; \(failed) failed" }
    printError(summary)
    if unreadable > 0 { throw ExitCode(3) }
    if failed > 0 { throw someRecordsFailed }
  }

  /// Decodes one record in its release and writes it in the target release.
  private func convert(_ record: ResourceRecord, inputRelease: inout FHIRRelease?) throws -> ([UInt8]?, [ValidationIssue], ConversionReport) {
    let options = DecodingOptions(mode: .lenient, pathPrefix: record.pathPrefix)
    switch (from.release(for: record.tokens, inputRelease: &inputRelease), to) {
    case (.r4, .r4):
      let result = try FHIRR4.AnyResource.decode(from: record.tokens, at: record.index, options: options)
      return (result.value?.jsonBytes(), result.issues, ConversionReport())
    case (.dstu2, .dstu2):
      let result = try FHIRDSTU2.AnyResource.decode(from: record.tokens, at: record.index, options: options)
      return (result.value?.jsonBytes(), result.issues, ConversionReport())
    case (.dstu2, .r4):
      let result = try FHIRDSTU2.AnyResource.decode(from: record.tokens, at: record.index, options: options)
      guard let value = result.value else { return (nil, result.issues, ConversionReport()) }
      let (r4, conversion) = ReleaseConverter.toR4(value)
      return (r4.jsonBytes(), result.issues, conversion)
    case (.r4, .dstu2):
      let result = try FHIRR4.AnyResource.decode(from: record.tokens, at: record.index, options: options)
      guard let value = result.value else { return (nil, result.issues, ConversionReport()) }
      let (dstu2, conversion) = ReleaseConverter.toDSTU2(value)
      return (dstu2.jsonBytes(), result.issues, conversion)
    case (_, .care):
      return (nil, [], ConversionReport())
    }
  }
}
