import FHIRKit
import Foundation
import SystemPackage

/// The files named on the command line, with folders expanded.
enum InputFiles {
  /// How a file's JSON is framed: the library's framing.
  typealias Framing = ResourceFraming

  /// One input to read: standard input or a file, and its framing.
  struct Input {
    /// The name given (`-` for standard input; bytes that are not UTF-8 as U+FFFD).
    var path: String
    /// The name shown in messages: the path, `<stdin>` for standard input.
    var source: String { path == "-" ? "<stdin>" : path }
    /// The file as the file system names it (`nil` for standard input).
    var file: FilePath?
    var framing: Framing
    /// The first bytes of standard input, when they were read already (to tell care NDJSON
    /// from FHIR, ``CareInputDetection``): handed out again before the rest.
    var replay: [UInt8] = []

    /// Calls `body` with each chunk of the input as stored (see ``ByteChunks``).
    func read(onIdle: (() throws -> Void)? = nil, _ body: (ByteChunks.Chunk) throws -> Void) throws {
      if let file {
        try ByteChunks.read(file: file, source: path, onIdle: onIdle, body)
      } else {
        // The head of standard input read to tell what it holds comes first.
        try ByteChunks.read(path: "-", replaying: replay, onIdle: onIdle, body)
      }
    }
  }

  /// The inputs of a command, and the files its folders hold that are not inputs.
  struct Listing {
    var inputs: [Input] = []
    /// Files in the folders named that were not read (not `.json`, `.ndjson`, or either
    /// gzip-compressed), in path order.
    var skipped: [String] = []
    /// Folders named that hold no input file.
    var emptyFolders: [String] = []
  }

  /// Expands `paths`: folders recursively into their `.json` and `.ndjson` files, in any
  /// case and optionally `.gz` (sorted), `-` into standard input (whose framing
  /// ``ResourceReader`` detects). A file named explicitly is read whatever its name. Names
  /// that are not UTF-8 are kept as bytes (``InputPaths``).
  /// - Throws: ``CLIError`` with exit code 3 for a path that does not exist or a folder
  ///   that cannot be listed.
  static func expand(_ paths: [String]) throws -> Listing {
    var listing = Listing()
    for argument in paths {
      if argument == "-" {
        listing.inputs.append(Input(path: "-", file: nil, framing: .json))
        continue
      }
      let path = InputPaths.commandLinePath(argument)
      switch InputPaths.kind(of: path) {
      case nil:
        throw CLIError.unreadable("\(argument): no such file or folder")
      case .file:
        listing.inputs.append(input(path))
      case .folder:
        let files: [FilePath]
        do {
          files = try InputPaths.files(under: path)
        } catch let error as JSONError {
          throw CLIError.unreadable("\(argument): \(error.message)")
        }
        let before = listing.inputs.count
        for file in files.map({ path.pushing($0) }) {
          if ResourceFraming.isInputName(file.description) {
            listing.inputs.append(input(file))
          } else {
            listing.skipped.append(file.description)
          }
        }
        if listing.inputs.count == before { listing.emptyFolders.append(path.description) }
      }
    }
    return listing
  }

  /// ``expand(_:)``, printing the error and exiting with code 3 for a missing path, and
  /// naming each skipped file on stderr (hidden by `--quiet`). When standard input is read and
  /// is a terminal, says so in one line (else the command would seem to hang).
  static func expandOrExit(_ paths: [String]) throws -> Listing {
    let listing: Listing
    do {
      listing = try expand(paths)
      if paths.contains("-") && isatty(0) == 1 {
        printError("fhirkit: reading standard input (end it with Ctrl-D; 'fhirkit --help' for inputs)")
      }
    } catch let error as CLIError {
      printError("fhirkit: \(error.message)")
      throw error.exitCode
    }
    for file in listing.skipped {
      printRecordMessage("fhirkit: \(file): skipped: not .json or .ndjson (optionally .gz)")
    }
    for folder in listing.emptyFolders { ResourceReader.noResources(in: folder) }
    return listing
  }

  private static func input(_ file: FilePath) -> Input {
    Input(path: file.description, file: file, framing: ResourceFraming(path: file.description))
  }
}
