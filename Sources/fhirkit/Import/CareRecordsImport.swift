import ArgumentParser
import CareModel
import CareStore
import CareStoreLocation

/// `import --from care`: stores care-entity NDJSON (what `export --to care` and
/// `convert --to care` write) as it is, without the pipeline: the entities keep their uuids,
/// so an exported store imported again into another store gives the same entities.
///
/// Lines that are not care records are skipped (``CareLines``); every kind is stored, contacts
/// included.
struct CareRecordsImport {
  var store: String
  var batchSize: Int
  /// Threads that encode each batch (`--jobs`).
  var jobs: Int
  var strict: Bool
  var issueReport: IssueReport

  /// Reads, stores and prints the summary.
  /// - Throws: `ExitCode(1)` when a line was skipped, 3 when the store cannot be used or an
  ///   input cannot be read.
  func run(_ files: [InputFiles.Input]) throws {
    var outcomes = RunSummary()
    let lines: [CareLines.Line]
    do {
      lines = try CareLines(strict: strict, issueReport: issueReport).read(files, summary: &outcomes)
    } catch let code as ExitCode {
      try issueReport.close()
      throw code
    }
    let summary: ImportSummary
    do {
      let importer = CareImporter(backend: try StoreLocation(store).open(), batchSize: batchSize, jobs: jobs)
      summary = try importer.importRecords { add in
        for line in lines {
          try add(line.record, [])
          outcomes.converted += 1
        }
      }
    } catch let error as StoreError {
      printError("fhirkit: \(error)")
      throw ExitCode(3)
    }
    try issueReport.close()
    if !Console.shared.quiet || outcomes.somethingFailed {
      printError(ImportCommand.describe(summary, resources: lines.count, noun: "care records"))
      if let line = ImportCommand.outcomeLine(outcomes) { printError(line) }
    }
    if outcomes.unreadable > 0 && lines.isEmpty { throw ExitCode(3) }
    if outcomes.somethingFailed { throw someRecordsFailed }
  }
}
