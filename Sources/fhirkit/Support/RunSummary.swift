import ArgumentParser

/// What a command did with its records, in one vocabulary for the summary line, the report
/// and the exit code:
///
/// - *converted*: the record went through with no error-level issue;
/// - *converted with issues*: it went through, but its input has error-level issues (printed
///   with their place and listed in `--report`); it does not change the exit code unless
///   `--strict` is given;
/// - *skipped*: it could not be converted (unreadable JSON, not a resource the models read, a
///   resource a coder refuses), said with why and where; the exit code is 1;
/// - *values skipped*: a number no `Double` holds that could not be kept as text (a dose, a
///   timing duration or period), skipped from a record otherwise converted; the exit code is 1;
/// - *not stored*: an entity the store could not write (`import`); the exit code is 1.
struct RunSummary {
  /// Records (resources or entities) written.
  var written = 0
  /// Input records converted without an error-level issue.
  var converted = 0
  /// Input records converted although their input has error-level issues.
  var convertedWithIssues = 0
  /// Input records that could not be converted (each reported with why and where).
  var skipped = 0
  /// Inputs that could not be read at all.
  var unreadable = 0
  /// Numbers skipped from converted records because no `Double` holds them.
  var valuesSkipped = 0
  /// Entities the store could not write.
  var notStored = 0
  /// Other counts for the summary line, by name (`dropped`, `unresolved reference(s)`, …).
  var actions: [String: Int] = [:]

  /// Counts the files of the input folders that were not read.
  mutating func countSkipped(_ listing: InputFiles.Listing) {
    if !listing.skipped.isEmpty { actions["file(s) skipped", default: 0] += listing.skipped.count }
  }

  /// Whether something was skipped (a record, a value, an entity not stored) or an input could
  /// not be read.
  var somethingFailed: Bool { skipped > 0 || unreadable > 0 || valuesSkipped > 0 || notStored > 0 }

  /// The summary line: `fhirkit: 9 resource(s) written; 2 dropped; 7 converted, 2 converted
  /// with issues, 1 skipped`. The outcome counts are shown when not every record was
  /// converted cleanly.
  /// - Parameter noun: What was written, as printed (`resource(s)`).
  func line(noun: String) -> String {
    var line = "fhirkit: \(written) \(noun) written"
    if !actions.isEmpty {
      line += "; " + actions.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", ")
    }
    if convertedWithIssues > 0 || skipped > 0 {
      var outcomes = ["\(converted) converted"]
      if convertedWithIssues > 0 { outcomes.append("\(convertedWithIssues) converted with issues") }
      if skipped > 0 { outcomes.append("\(skipped) skipped") }
      line += "; " + outcomes.joined(separator: ", ")
    }
    if valuesSkipped > 0 { line += "; \(valuesSkipped) value(s) skipped" }
    if notStored > 0 { line += "; \(notStored) not stored" }
    if unreadable > 0 { line += "; \(unreadable) input(s) unreadable" }
    return line
  }

  /// Prints the summary (with `--quiet`, only when something failed) and ends with the
  /// documented exit code: 3 when an input was unreadable, 1 when a record or value was skipped,
  /// an entity not stored (or a strict run stopped); 0 when every record was converted, with issues or not.
  /// - Parameter stopped: The exit code of a strict run that stopped early, if it did.
  func finish(noun: String, stopped: ExitCode? = nil) throws {
    if !Console.shared.quiet || somethingFailed || stopped != nil { printError(line(noun: noun)) }
    if unreadable > 0 { throw ExitCode(3) }
    if let stopped { throw stopped }
    if skipped > 0 || valuesSkipped > 0 || notStored > 0 { throw someRecordsFailed }
  }
}
