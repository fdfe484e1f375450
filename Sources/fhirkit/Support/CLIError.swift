import ArgumentParser

/// A failure that ends the command with a documented exit code.
struct CLIError: Error, CustomStringConvertible {
  var message: String
  var exitCode: ExitCode

  /// Input that cannot be read at all (exit code 3).
  static func unreadable(_ message: String) -> CLIError {
    CLIError(message: message, exitCode: ExitCode(3))
  }

  var description: String { message }
}

/// Exit code 1: the command ran, but some records failed.
let someRecordsFailed = ExitCode(1)
