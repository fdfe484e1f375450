import CareStore
import Foundation

/// `fhirkit import` of inputs unchanged since the store's last import (``ImportFingerprint``).
extension ImportCommand {
  /// The store's standing mark, when `fingerprint` (the inputs read again to digest them) equals
  /// its: the import would write nothing. The inputs are read only when everything else matches.
  /// - Throws: ``StoreError``, or ``JSONError`` when an input cannot be read.
  static func unchangedMark(_ fingerprint: ImportFingerprint, files: [InputFiles.Input], importer: CareImporter)
    throws -> ImportMark?
  {
    guard let mark = try importer.standingImportMark(), mark.quickKey == fingerprint.quickKey else { return nil }
    // A progress line while the inputs are digested (seconds for gigabytes).
    Console.shared.startProgress()
    defer { Console.shared.endProgress() }
    var digested = 0
    let digests = try ImportFingerprint.contentDigests(of: files) { count in
      digested += count
      Console.shared.phase { _ in
        "comparing the inputs with the store's last import: \(digested / 1_000_000) MB digested"
      }
    }
    return fingerprint.fingerprint(contentDigests: digests) == mark.fingerprint ? mark : nil
  }

  /// Says on stderr that the import was not run, with the counts of the import that left `mark`
  /// (every entity unchanged).
  func sayUnchanged(_ mark: ImportMark) {
    guard !Console.shared.quiet else { return }
    var summary = ImportSummary()
    for kind in EntityKind.allCases {
      var counts = ImportSummary.Counts()
      counts.unchanged = mark.entities[kind.rawValue] ?? 0
      summary.counts[kind] = counts
    }
    let date = ISO8601DateFormatter().string(from: mark.date)
    // The counts are that import's: nothing was read or merged now.
    let table = Self.describe(summary, resources: mark.resourcesRead).split(separator: "\n").dropFirst()
    printError("resources read: \(mark.resourcesRead) by the import of \(date)")
    printError(table.dropLast().joined(separator: "\n"))
    printError(
      "fhirkit: the inputs are unchanged since that import and nothing was written to the store since:"
        + " nothing to do (--recheck merges and stores them again)")
  }

  /// The entities an import stored or found stored, per kind.
  static func entities(_ summary: ImportSummary) -> [String: Int] {
    var entities: [String: Int] = [:]
    for (kind, counts) in summary.counts {
      let total = counts.added + counts.unchanged + counts.newVersions
      if total > 0 { entities[kind.rawValue] = total }
    }
    return entities
  }
}
