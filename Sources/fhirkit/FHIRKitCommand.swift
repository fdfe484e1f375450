import ArgumentParser

/// The `fhirkit` command-line tool.
@main
struct FHIRKitCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "fhirkit",
    abstract: "Convert FHIR JSON (R4, DSTU2) to care entities and back.",
    discussion: """
      Inputs are files, folders (searched recursively for .json and .ndjson) or - for \
      standard input carrying NDJSON or one or more JSON values (Bundles or resources).

      Examples:
        fhirkit inspect Fixtures/r4/bundles
        fhirkit validate --report issues.ndjson Fixtures/dstu2/bundles
        fhirkit convert --to r4 Fixtures/dstu2/bundles > r4.ndjson
        cat export.ndjson | fhirkit convert --to care - > care.ndjson

      Exit codes: 0 every record converted (with issues or not); 1 some records skipped \
      (counts on stderr); 2 usage error; 3 input unreadable, or cannot write the output; \
      129/130/143 interrupted.

      Shell completions: fhirkit --generate-completion-script bash|zsh|fish.
      """,
    version: FHIRKitVersion.current,
    subcommands: [
      InspectCommand.self, ValidateCommand.self, ConvertCommand.self, ImportCommand.self, ExportCommand.self,
      ServeCommand.self,
    ],
    defaultSubcommand: nil)

  /// Runs the command, mapping usage errors to exit code 2 (argument-parser's default
  /// is 64) so that the exit codes are the documented ones.
  static func main() {
    Interruption.shared.install()
    do {
      var command = try parseAsRoot()
      try command.run()
    } catch let error as CLIError {
      Interruption.shared.abandonAll()
      Console.shared.endProgress()
      printError("fhirkit: \(error.message)")
      exit(withError: error.exitCode)
    } catch {
      Interruption.shared.abandonAll()
      let code = exitCode(for: error)
      if code == .validationFailure {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if let (option, value) = UnknownOption.negativeValue(in: arguments),
          let command = UnknownOption.subcommand(in: arguments)
        {
          printUsageError("The value '\(value)' is invalid for '\(option)'", command: command)
        } else if let (option, command) = UnknownOption.find(in: arguments) {
          printUsageError("Unknown option '\(option)'", command: command)
        } else {
          printError(fullMessage(for: error))
        }
        exit(withError: ExitCode(2))
      }
      exit(withError: error)
    }
  }

  /// Prints a usage error as argument-parser prints its own: the message, the command's
  /// usage, and where its help is.
  private static func printUsageError(_ message: String, command: any ParsableCommand.Type) {
    printError("Error: \(message)")
    printError("Usage: \(usageString(for: command))")
    printError("  See 'fhirkit \(command._commandName) --help' for more information.")
  }
}
