public import FHIRCore
import FHIRJSON
import SystemPackage

/// Where a ``Pipeline`` reads resources from: a file, a folder (read recursively, as a Bulk
/// Data `$export` folder of NDJSON files is), standard input or an open file descriptor.
public struct PipelineSource: Sendable, CustomStringConvertible {
  /// How the JSON of a source is framed: `ndjson` (one resource per line, as Bulk Data
  /// writes it) or `json` (Bundles read entry by entry, or single resources); the framing
  /// the whole toolkit shares.
  public typealias Framing = ResourceFraming

  enum Storage: Sendable {
    case path(String)
    case descriptor(Int32, name: String, framing: Framing)
  }

  let storage: Storage

  /// A file or a folder. A file ending in `.ndjson` is read as NDJSON, any other as JSON; a
  /// folder is read recursively, its `.ndjson` and `.json` files in path order (names in
  /// any case, gzip-compressed `.ndjson.gz` and `.json.gz` too). Any file may be
  /// gzip-compressed (told by its first bytes) or start with a byte order mark.
  public static func path(_ path: String) -> PipelineSource { PipelineSource(storage: .path(path)) }

  /// Standard input, framed as given (NDJSON by default, as `cat export.ndjson | …` gives it).
  public static func standardInput(framing: Framing = .ndjson) -> PipelineSource {
    PipelineSource(storage: .descriptor(0, name: "<stdin>", framing: framing))
  }

  /// An open file descriptor (a pipe, a socket, a file), read to its end and not closed.
  /// - Parameters:
  ///   - descriptor: The descriptor.
  ///   - name: A name for messages.
  ///   - framing: How its JSON is framed.
  public static func fileDescriptor(_ descriptor: Int32, name: String, framing: Framing) -> PipelineSource {
    PipelineSource(storage: .descriptor(descriptor, name: name, framing: framing))
  }

  public var description: String {
    switch storage {
    case .path(let path): path
    case .descriptor(_, let name, _): name
    }
  }

  /// One file to read: a descriptor, or a path as the file system names it (not
  /// necessarily UTF-8; ``name`` shows it).
  struct File {
    var name: String
    var descriptor: Int32?
    var path: FilePath? = nil
    var framing: Framing
  }

  /// The files of this source, a folder expanded recursively in path order.
  /// - Throws: ``InputIssue`` of kind `unreadable` for a path that does not exist.
  func files() throws -> [File] {
    switch storage {
    case .descriptor(let descriptor, let name, let framing):
      return [File(name: name, descriptor: descriptor, framing: framing)]
    case .path(let name):
      let path = FilePath(name)
      switch InputPaths.kind(of: path) {
      case nil:
        throw InputIssue(.unreadable, source: name, message: "no such file or folder")
      case .file:
        return [Self.file(path)]
      case .folder:
        do {
          return try InputPaths.files(under: path)
            .filter { ResourceFraming.isInputName($0.description) }
            .map { Self.file(path.pushing($0)) }
        } catch let error as JSONError {
          throw InputIssue(.unreadable, source: name, message: error.message)
        }
      }
    }
  }

  private static func file(_ path: FilePath) -> File {
    File(name: path.description, descriptor: nil, path: path, framing: ResourceFraming(path: path.description))
  }
}
