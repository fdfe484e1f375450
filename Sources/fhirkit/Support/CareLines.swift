import ArgumentParser
import CareModel
import FHIRKit
import Foundation

/// Reads care-entity NDJSON (one entity per line, with `"kind"`, as `convert --to care` and
/// `export --to care` write it) for `convert --from care` and `import --from care`.
///
/// A line that is not a care record is skipped: said on stderr with its line and the coding
/// path of the problem (never the value, unless `--verbose`), written to the report, and
/// counted; with `--strict` it stops the command with exit code 1.
struct CareLines {
  /// One entity read, with its place.
  struct Line {
    var record: CareRecord
    /// `file:line`.
    var location: String
  }

  var strict: Bool
  var issueReport: IssueReport

  /// The care records of `files`, in input order.
  /// - Throws: `ExitCode(1)` at the first bad line in strict mode.
  func read(_ files: [InputFiles.Input], summary: inout RunSummary) throws -> [Line] {
    var lines: [Line] = []
    for file in files {
      let source = file.source
      // As sent, like FHIR inputs: gzip decompressed, a leading byte order mark skipped.
      var bytes: [UInt8] = []
      let decoder = InputDecoder(source: source) { note in
        if note == .byteOrderMark { printRecordMessage("fhirkit: \(source): information: \(note)") }
      }
      do {
        try file.read { chunk in
          Console.shared.count(bytes: chunk.count)
          try decoder.feed(chunk) { bytes += $0 }
        }
        try decoder.finish { bytes += $0 }
      } catch let error as JSONError {
        printError("fhirkit: \(error)")
        summary.unreadable += 1
        continue
      }
      let data = Data(bytes)
      let skippedBefore = summary.skipped
      let read = try read(data, source: source, summary: &summary)
      if read.isEmpty && summary.skipped == skippedBefore {
        ResourceReader.noResources(in: source, records: "care records")
      }
      lines += read
    }
    return lines
  }

  /// The care records of one input, one per non-blank line; bad lines are reported and skipped.
  private func read(_ data: Data, source: String, summary: inout RunSummary) throws -> [Line] {
    let decoder = CareJSON.fastDatesDecoder()
    var lines: [Line] = []
    for (index, bytes) in data.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated()
    where !bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) {
      let location = "\(source):\(index + 1)"
      do {
        lines.append(Line(record: try decoder.decode(CareRecord.self, from: Data(bytes)), location: location))
      } catch let error as DecodingError {
        // The coding path only: the decoder's own description may quote the value.
        var message = "not a care record"
        if let path = Self.path(of: error), !path.isEmpty { message += " (at \(path))" }
        if Console.shared.verbose { message += ": \(error)" }
        summary.skipped += 1
        Console.shared.count(issues: 1)
        printRecordMessage("fhirkit: skipped: \(location): \(message)")
        issueReport.write([
          "kind": "skipped", "location": .string(location), "severity": "error", "code": "notACareRecord",
          "message": .string(message),
        ])
        if strict { throw someRecordsFailed }
      }
    }
    return lines
  }

  private static func path(of error: DecodingError) -> String? {
    let context: DecodingError.Context?
    switch error {
    case .typeMismatch(_, let c), .valueNotFound(_, let c), .dataCorrupted(let c): context = c
    case .keyNotFound(let key, let c):
      return (c.codingPath + [key]).map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
    @unknown default: context = nil
    }
    return context?.codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
  }
}
