import ArgumentParser
import CarePipeline
import CareStore
import CareStoreSQLite
import Foundation

/// `fhirkit import`: FHIR resources → care pipeline → care store.
struct ImportCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "import",
    abstract: "Merge FHIR resources into care entities and store them (versioned, idempotent).",
    discussion: """
      Reads the inputs as 'convert --to care' does, merges them with the care pipeline and \
      writes the entities into the store in batched transactions. Importing the same input \
      again adds nothing; a changed resource adds one new version of its entities. Prints \
      counts per entity kind: added, unchanged, new versions.

      Exit codes: 0 all good; 1 some records failed (the others are stored); 2 usage error; \
      3 input unreadable or the store cannot be used (its content is kept).
      """)

  @Argument(help: "Files, folders or - for standard input.")
  var inputs: [String] = ["-"]

  @Option(help: "The store file (created, mode 0600, when missing).")
  var store = "./fhirkit.sqlite"

  @Option(help: "The release of the inputs (auto detects it per resource).")
  var from: ReleaseOption = .auto

  @Option(help: "Entities per write transaction.")
  var batchSize = 2000

  @Option(help: "Write issues as NDJSON to this file.")
  var report: String?

  @Flag(help: "Stop at the first bad record.")
  var strict = false

  @Flag(help: "Stage resources and entities on disk: memory bounded whatever the input's size (see docs/cli.md for the one case it differs).")
  var staged = false

  @OptionGroup var messages: MessageOptions

  func validate() throws {
    guard batchSize > 0 else { throw ValidationError("--batch-size must be at least 1") }
  }

  func run() throws {
    messages.apply()
    let listing = try InputFiles.expandOrExit(inputs)
    let files = listing.inputs
    let issueReport = try IssueReport(path: report)
    // --staged: resources are staged on disk and merged partition by partition; the entities
    // are spooled by kind and written in batches, so memory stays bounded whatever the size.
    var conversion: StagedConversion?
    do {
      conversion = staged ? try StagedConversion(pipeline: Pipeline()) : nil
    } catch let error as StagingError {
      printError("fhirkit: \(error)")
      throw ExitCode(3)
    }
    let reader = CareInputReader(from: from, strict: strict, issueReport: issueReport, staged: conversion)
    try reader.read(files)
    let summary: ImportSummary
    var pipelineReport = PipelineReport()
    // In memory, the pipeline runs before the store is opened (nothing is written until then).
    let result = conversion == nil ? Pipeline().run(reader.input) : nil
    do {
      let backend = try SQLiteBackend(path: store)
      let importer = CareImporter(backend: backend, batchSize: batchSize)
      if let conversion {
        summary = try importer.importRecords { add in pipelineReport = try conversion.finish(withSources: add) }
      } else if let result {
        pipelineReport = result.report
        summary = try importer.importResult(result)
      } else {
        preconditionFailure("no pipeline result")
      }
    } catch let error as StoreError {
      printError("fhirkit: \(error)")
      throw ExitCode(3)
    } catch let error as StagingError {
      printError("fhirkit: \(error)")
      throw ExitCode(3)
    }
    print(Self.describe(summary, resources: reader.resourcesRead))
    if !listing.skipped.isEmpty { printError("fhirkit: \(listing.skipped.count) file(s) skipped in folders") }
    if reader.entriesWithoutResource > 0 {
      printError("fhirkit: \(reader.entriesWithoutResource) Bundle entry(ies) without resource skipped")
    }
    let failures = reader.failed + pipelineReport.failures.count
    if failures > 0 || reader.unreadable > 0 {
      printError("fhirkit: \(failures) records failed, \(reader.unreadable) inputs unreadable")
    }
    if reader.unreadable > 0 && reader.resourcesRead == 0 { throw ExitCode(3) }
    if failures > 0 || reader.unreadable > 0 { throw someRecordsFailed }
  }

  /// The printed summary: one line per kind.
  static func describe(_ summary: ImportSummary, resources: Int) -> String {
    var lines = ["resources read: \(resources)", "kind        added  unchanged  new versions"]
    for kind in EntityKind.allCases {
      let c = summary.counts[kind] ?? ImportSummary.Counts()
      var line = kind.rawValue.padding(toLength: 10, withPad: " ", startingAt: 0)
      line += String(format: " %6d %10d %13d", c.added, c.unchanged, c.newVersions)
      if c.conflicts > 0 { line += "  (\(c.conflicts) outcomes for an occupied occurrence not stored)" }
      lines.append(line)
    }
    lines.append("batches committed: \(summary.batches)")
    return lines.joined(separator: "\n")
  }
}
