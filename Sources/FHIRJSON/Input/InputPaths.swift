public import SystemPackage

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Paths of inputs as the file system has them: bytes, not necessarily UTF-8 (a file
/// named on Linux in Latin-1 is `p\xE9.ndjson`), so that such a file can be found,
/// listed in a folder and opened. Names are shown with invalid bytes as U+FFFD
/// (`FilePath.description`).
public enum InputPaths {
  /// What a path names.
  public enum Kind: Sendable {
    case file
    case folder
  }

  /// The path a command-line argument names, as the bytes the process was given: an
  /// argument that is not valid UTF-8 reaches `CommandLine.arguments` with U+FFFD in
  /// place of its bad bytes, which names no file. `argument` is looked up among the
  /// process's raw arguments; when none is found it is taken as it is.
  public static func commandLinePath(_ argument: String) -> FilePath {
    guard argument.unicodeScalars.contains("\u{FFFD}") else { return FilePath(argument) }
    for index in 1..<Int(CommandLine.argc) {
      guard let raw = CommandLine.unsafeArgv[index] else { continue }
      let path = FilePath(platformString: raw)
      if path.description == argument || String(cString: raw) == argument { return path }
    }
    return FilePath(argument)
  }

  /// What `path` names (following symbolic links), or `nil` if nothing is there.
  public static func kind(of path: FilePath) -> Kind? {
    var info = stat()
    let status = path.withPlatformString { stat($0, &info) }
    guard status == 0 else { return nil }
    return info.st_mode & S_IFMT == S_IFDIR ? .folder : .file
  }

  /// The files under `folder`, recursively, as paths relative to it, sorted by their
  /// shown names. Folders that are symbolic links are not followed (no cycles); files
  /// that are links are listed. An unreadable sub-folder is skipped.
  /// - Throws: ``JSONError`` of kind `readFailed` when `folder` cannot be opened.
  public static func files(under folder: FilePath) throws -> [FilePath] {
    var found: [FilePath] = []
    guard walk(folder, relative: FilePath(""), into: &found) else {
      throw JSONError(.readFailed, "cannot list the folder", source: folder.description)
    }
    return found.sorted { $0.description < $1.description }
  }

  /// Appends the files under `folder` to `found`; `false` if it cannot be opened.
  private static func walk(_ folder: FilePath, relative: FilePath, into found: inout [FilePath]) -> Bool {
    guard let stream = folder.withPlatformString({ opendir($0) }) else { return false }
    defer { closedir(stream) }
    while let entry = readdir(stream) {
      let name = withUnsafePointer(to: &entry.pointee.d_name) { pointer in
        pointer.withMemoryRebound(to: CChar.self, capacity: MemoryLayout.size(ofValue: pointer.pointee)) {
          FilePath(platformString: $0)
        }
      }
      guard let component = name.lastComponent, component.kind == .regular else { continue }  // skips . and ..
      let path = folder.appending(component)
      let relativePath = relative.appending(component)
      var info = stat()
      guard path.withPlatformString({ lstat($0, &info) }) == 0 else { continue }
      switch info.st_mode & S_IFMT {
      case S_IFDIR:
        _ = walk(path, relative: relativePath, into: &found)
      case S_IFREG:
        found.append(relativePath)
      case S_IFLNK:
        if kind(of: path) == .file { found.append(relativePath) }
      default:
        continue
      }
    }
    return true
  }
}
