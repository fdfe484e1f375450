import FHIRKit
import Foundation

/// The files named on the command line, with folders expanded.
enum InputFiles {
  /// How a file's JSON is framed: the library's framing.
  typealias Framing = ResourceFraming

  /// One input to read: a path (or `-`) and its framing.
  struct Input {
    var path: String
    var framing: Framing
  }

  /// Expands `paths`: folders recursively into their `.json` and `.ndjson` files
  /// (sorted), `-` into standard input (whose framing ``ResourceReader`` detects).
  /// - Throws: ``CLIError`` with exit code 3 for a path that does not exist.
  static func expand(_ paths: [String]) throws -> [Input] {
    var inputs: [Input] = []
    for path in paths {
      if path == "-" {
        inputs.append(Input(path: "-", framing: .json))
        continue
      }
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
        throw CLIError.unreadable("\(path): no such file or folder")
      }
      if isDirectory.boolValue {
        let files = (FileManager.default.subpaths(atPath: path) ?? [])
          .filter { $0.hasSuffix(".json") || $0.hasSuffix(".ndjson") }
          .sorted()
        inputs += files.map { input(for: (path as NSString).appendingPathComponent($0)) }
      } else {
        inputs.append(input(for: path))
      }
    }
    return inputs
  }

  /// ``expand(_:)``, printing the error and exiting with code 3 for a missing path. When
  /// standard input is read and is a terminal, says so in one line (else the command would
  /// seem to hang).
  static func expandOrExit(_ paths: [String]) throws -> [Input] {
    do {
      let inputs = try expand(paths)
      if paths.contains("-") && isatty(0) == 1 {
        printError("fhirkit: reading standard input (end it with Ctrl-D; 'fhirkit --help' for inputs)")
      }
      return inputs
    } catch let error as CLIError {
      printError("fhirkit: \(error.message)")
      throw error.exitCode
    }
  }

  private static func input(for path: String) -> Input {
    Input(path: path, framing: ResourceFraming(path: path))
  }
}
