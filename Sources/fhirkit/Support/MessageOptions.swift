import ArgumentParser

/// `--quiet`, shared by every command: no per-record messages, and no summary unless
/// something failed.
struct QuietOption: ParsableArguments {
  @Flag(name: .shortAndLong, help: "Print no per-record messages, and no summary unless something failed.")
  var quiet = false

  /// Applies the option to ``Console/shared``.
  func apply() {
    Console.shared.quiet = quiet
  }
}

/// `--quiet` and `--verbose`, shared by the commands that convert records.
struct MessageOptions: ParsableArguments {
  @OptionGroup var quietOption: QuietOption

  @Flag(name: .shortAndLong, help: "Say more, including data values in messages (never shown otherwise).")
  var verbose = false

  /// `--quiet`.
  var quiet: Bool { quietOption.quiet }

  func validate() throws {
    if quiet && verbose { throw ValidationError("--quiet and --verbose cannot be used together") }
  }

  /// Applies the options to ``Console/shared``.
  func apply() {
    quietOption.apply()
    Console.shared.verbose = verbose
  }
}
