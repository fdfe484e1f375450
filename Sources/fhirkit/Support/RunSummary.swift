import ArgumentParser

/// What a command did, printed as one line on stderr at the end, and its exit code.
struct RunSummary {
  /// Records (resources or entities) written.
  var written = 0
  /// Records that failed (could not be read, or had error-level issues).
  var failed = 0
  /// Inputs that could not be read at all.
  var unreadable = 0
  /// Other counts for the summary line, by name (`dropped`, `unresolved reference`, …).
  var actions: [String: Int] = [:]

  /// Counts the files of the input folders that were not read.
  mutating func countSkipped(_ listing: InputFiles.Listing) {
    if !listing.skipped.isEmpty { actions["file(s) skipped", default: 0] += listing.skipped.count }
  }

  /// The summary line: `fhirkit: 9 resource(s) written; 2 dropped; 1 failed`.
  /// - Parameter noun: What was written, as printed (`resource(s)`).
  func line(noun: String) -> String {
    var line = "fhirkit: \(written) \(noun) written"
    if !actions.isEmpty {
      line += "; " + actions.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", ")
    }
    if failed > 0 { line += "; \(failed) failed" }
    if unreadable > 0 { line += "; \(unreadable) input(s) unreadable" }
    return line
  }

  /// Prints the summary (with `--quiet`, only when something failed) and ends with the
  /// documented exit code: 3 when an input was unreadable, 1 when records failed.
  /// - Parameter stopped: The exit code of a strict run that stopped early, if it did.
  func finish(noun: String, stopped: ExitCode? = nil) throws {
    if !Console.shared.quiet || failed > 0 || unreadable > 0 { printError(line(noun: noun)) }
    if unreadable > 0 { throw ExitCode(3) }
    if let stopped { throw stopped }
    if failed > 0 { throw someRecordsFailed }
  }
}
