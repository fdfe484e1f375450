import ArgumentParser

/// Finds an option the command does not know among the arguments, so that a usage error
/// names it: argument-parser reports a missing required option first (`--too r4` would say
/// "Missing expected argument '--to'"), although the unknown one is the cause.
enum UnknownOption {
  /// The first `--name` (or `--name=value`) before a `--` terminator that is not an option of
  /// the subcommand named by `arguments[0]`, with that subcommand.
  /// - Parameter arguments: The command line without the program name.
  static func find(in arguments: [String]) -> (option: String, command: any ParsableCommand.Type)? {
    guard let command = subcommand(in: arguments) else { return nil }
    let known = longNames(in: FHIRKitCommand.helpMessage(for: command, columns: 1000))
    for argument in arguments.dropFirst() {
      if argument == "--" { break }
      guard argument.hasPrefix("--"), argument.count > 2 else { continue }
      let option = String(argument.prefix { $0 != "=" })
      if !known.contains(option) { return (option, command) }
    }
    return nil
  }

  /// The subcommand named by `arguments[0]`, if any.
  /// - Parameter arguments: The command line without the program name.
  static func subcommand(in arguments: [String]) -> (any ParsableCommand.Type)? {
    guard let name = arguments.first else { return nil }
    return FHIRKitCommand.configuration.subcommands.first { $0._commandName == name }
  }

  /// An option followed by a negative number (`--jobs -1`, `-j -1`), which argument-parser
  /// reads as a missing value followed by an unknown option.
  static func negativeValue(in arguments: [String]) -> (option: String, value: String)? {
    for (option, value) in zip(arguments, arguments.dropFirst())
    where option.hasPrefix("-") && option != "-" && option != "--" {
      if value.count > 1, value.hasPrefix("-"), value.dropFirst().allSatisfy({ $0.isNumber || $0 == "." }) {
        return (option, value)
      }
    }
    return nil
  }

  /// Every `--name` in a help text.
  private static func longNames(in help: String) -> Set<String> {
    var names: Set<String> = ["--help", "--version", "--generate-completion-script"]
    var rest = Substring(help)
    while let start = rest.range(of: "--") {
      let name = rest[start.lowerBound...].prefix { $0 == "-" || $0.isLetter || $0.isNumber }
      names.insert(String(name))
      rest = rest[start.upperBound...]
    }
    return names
  }
}
