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

  /// The inputs of a command, and the files its folders hold that are not inputs.
  struct Listing {
    var inputs: [Input] = []
    /// Files in the folders named that were not read (not `.json`, `.ndjson`, or either
    /// gzip-compressed), in path order.
    var skipped: [String] = []
  }

  /// Expands `paths`: folders recursively into their `.json` and `.ndjson` files, in any
  /// case and optionally `.gz` (sorted), `-` into standard input (whose framing
  /// ``ResourceReader`` detects). A file named explicitly is read whatever its name.
  /// - Throws: ``CLIError`` with exit code 3 for a path that does not exist.
  static func expand(_ paths: [String]) throws -> Listing {
    var listing = Listing()
    for path in paths {
      if path == "-" {
        listing.inputs.append(Input(path: "-", framing: .json))
        continue
      }
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
        throw CLIError.unreadable("\(path): no such file or folder")
      }
      guard isDirectory.boolValue else {
        listing.inputs.append(input(for: path))
        continue
      }
      for name in (FileManager.default.subpaths(atPath: path) ?? []).sorted() {
        let file = (path as NSString).appendingPathComponent(name)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: file, isDirectory: &isFolder), !isFolder.boolValue else { continue }
        if ResourceFraming.isInputName(name) {
          listing.inputs.append(input(for: file))
        } else {
          listing.skipped.append(file)
        }
      }
    }
    return listing
  }

  /// ``expand(_:)``, printing the error and exiting with code 3 for a missing path, and
  /// naming each skipped file on stderr (hidden by `--quiet`).
  static func expandOrExit(_ paths: [String]) throws -> Listing {
    let listing: Listing
    do {
      listing = try expand(paths)
    } catch let error as CLIError {
      printError("fhirkit: \(error.message)")
      throw error.exitCode
    }
    for file in listing.skipped {
      printRecordMessage("fhirkit: \(file): skipped: not .json or .ndjson (optionally .gz)")
    }
    return listing
  }

  private static func input(for path: String) -> Input {
    Input(path: path, framing: ResourceFraming(path: path))
  }
}
