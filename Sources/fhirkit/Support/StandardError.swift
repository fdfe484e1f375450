import Foundation

/// Writes a line to standard error, clearing the progress line first if one is shown.
func printError(_ line: String) {
  Console.shared.write(line)
}

/// Writes a message about one record (a bad line, a model issue): hidden by `--quiet`.
func printRecordMessage(_ line: String) {
  guard !Console.shared.quiet else { return }
  Console.shared.write(line)
}
