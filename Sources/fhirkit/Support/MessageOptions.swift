import ArgumentParser

/// `--quiet` and `--verbose`, shared by the commands that read records.
struct MessageOptions: ParsableArguments {
  @Flag(name: .shortAndLong, help: "Print no per-record messages; only the summary, and only when something failed.")
  var quiet = false

  @Flag(name: .shortAndLong, help: "Say more, including data values in messages (never shown otherwise).")
  var verbose = false

  func validate() throws {
    if quiet && verbose { throw ValidationError("--quiet and --verbose cannot be used together") }
  }

  /// Applies the options to ``Console/shared``.
  func apply() {
    Console.shared.quiet = quiet
    Console.shared.verbose = verbose
  }
}
