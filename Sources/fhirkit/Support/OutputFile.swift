import ArgumentParser
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where a command's data goes: standard output or a file (`-o`, `--report`), written in
/// large blocks.
///
/// A regular file (or a path where nothing is yet) is written to a temporary file in the same
/// folder and renamed over the path by ``close()``, so an interrupted or failed run keeps what
/// was there. A symbolic link is followed to its target. A special file (a character device
/// such as `/dev/null`, a FIFO, a socket) is opened and written in place, never replaced.
final class OutputFile: @unchecked Sendable {
  /// What `-o` or `--report` names, as given (for messages).
  let name: String
  private let handle: FileHandle
  private var buffer: [UInt8] = []
  private let isStandardOutput: Bool
  /// The path the temporary file is renamed to, when the output is a regular file.
  private let target: String?
  /// The temporary file, until it is renamed or removed.
  private var temporary: String?
  private let lock = NSLock()
  private var linesWritten = 0
  /// The lines in ``buffer``, counted as they are added (counting a megabyte's newlines at each
  /// flush took 1 % of `convert --to care`'s instructions).
  private var linesBuffered = 0
  /// What the file is, for messages (`output`, `report`).
  private let role: String
  private var finished = false

  /// Standard output when `path` is `nil` or `-`, else `path` as described above.
  /// - Parameter role: What the file is, for messages (`output`, `report`).
  /// - Throws: ``CLIError`` with exit code 3 ("cannot write the output") when the file
  ///   cannot be created or opened.
  ///   - followsLive: Whether a regular file that does not exist yet is written in place, so that
  ///     a reader can follow it while the command runs (records streamed from a pipe); nothing
  ///     was there to keep. An existing file is still replaced at the end.
  init(path: String?, role: String = "output", followsLive: Bool = false) throws {
    self.role = role
    guard let path, path != "-" else {
      name = "standard output"
      handle = .standardOutput
      isStandardOutput = true
      target = nil
      Interruption.shared.register(self)
      return
    }
    name = path
    isStandardOutput = false
    var info = stat()
    if stat(path, &info) == 0, info.st_mode & S_IFMT != S_IFREG {
      // A device, FIFO, socket or pipe: written in place (a FIFO waits here for its reader).
      // Opened by the path given, which the system follows even through links whose text is
      // no path (`/dev/stdout` → `/proc/self/fd/1` → `pipe:[…]`).
      let descriptor = open(path, O_WRONLY | O_CLOEXEC)
      guard descriptor >= 0 else { throw Self.cannotWrite(path, role: role) }
      handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
      target = nil
      Interruption.shared.register(self)
      return
    }
    let resolved = Self.followingLinks(path)
    if followsLive, stat(resolved, &info) != 0, errno == ENOENT {
      let descriptor = open(resolved, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode_t(0o666))
      guard descriptor >= 0 else { throw Self.cannotWrite(path, role: role) }
      handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
      target = nil
      Interruption.shared.register(self)
      return
    }
    let (folder, base) = Self.split(resolved)
    let temporary = folder + ".\(base).fhirkit-\(getpid()).tmp"
    // An existing file keeps its permissions; a new one gets 0666 less the umask.
    let mode = stat(resolved, &info) == 0 ? info.st_mode & 0o7777 : 0o666
    unlink(temporary)
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode_t(mode))
    guard descriptor >= 0 else { throw Self.cannotWrite(path, role: role) }
    if stat(resolved, &info) == 0 { fchmod(descriptor, info.st_mode & 0o7777) }
    handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
    target = resolved
    self.temporary = temporary
    Interruption.shared.register(self)
  }

  deinit { abandon() }

  /// Writes `bytes`, one line without a newline of its own (an NDJSON record, compact JSON),
  /// and a newline.
  /// - Throws: ``CLIError`` with exit code 3 when the output cannot be written.
  func writeLine(_ bytes: [UInt8]) throws {
    buffer += bytes
    buffer.append(0x0A)
    linesBuffered += 1
    if buffer.count > 1 << 20 { try flush() }
  }

  /// Writes `bytes`, a document of any number of lines (pretty-printed JSON), and a newline.
  /// - Throws: ``CLIError`` with exit code 3 when the output cannot be written.
  func writeDocument(_ bytes: [UInt8]) throws {
    linesBuffered += bytes.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
    try writeLine(bytes)
  }

  /// Writes what is buffered, closes a file, and renames a temporary file over its target.
  /// - Throws: ``CLIError`` with exit code 3 when the output cannot be written (the
  ///   temporary file is removed and the target kept as it was).
  func close() throws {
    guard !finished else { return }
    do {
      try flush()
      if !isStandardOutput { try handle.close() }
    } catch {
      abandon()
      throw error
    }
    defer { Interruption.shared.unregister(self) }
    try lock.withLock {
      finished = true
      guard let temporary, let target else { return }
      self.temporary = nil
      guard rename(temporary, target) == 0 else {
        unlink(temporary)
        throw Self.cannotWrite(name, role: role)
      }
    }
  }

  /// Removes the temporary file, if any, leaving the target as it was; safe to call from the
  /// interruption handler while another thread writes.
  func abandon() {
    lock.withLock {
      finished = true
      if let temporary { unlink(temporary) }
      temporary = nil
    }
    Interruption.shared.unregister(self)
  }

  /// What was written, for the message of an interrupted run: `out.ndjson: not written (kept
  /// as it was)`, or `standard output: 120 line(s) written`.
  var interruptedDescription: String {
    lock.withLock {
      if target != nil {
        return
          "\(name): not written (\(FileManager.default.fileExists(atPath: name) ? "kept as it was" : "not created"))"
      }
      return "\(name): \(linesWritten) line(s) written before it"
    }
  }

  /// Writes what is buffered (when a streamed input pauses, so that readers see the lines).
  func flush() throws {
    guard !buffer.isEmpty else { return }
    if isStandardOutput { Console.shared.clearForStandardOutput() }
    do {
      try handle.write(contentsOf: buffer)
    } catch {
      throw Self.cannotWrite(name, role: role, because: error)
    }
    lock.withLock { linesWritten += linesBuffered }
    linesBuffered = 0
    buffer.removeAll(keepingCapacity: true)
  }

  private static func cannotWrite(_ path: String, role: String, because error: (any Error)? = nil) -> CLIError {
    let reason = error.map { ($0 as NSError).localizedDescription } ?? String(cString: strerror(errno))
    return CLIError(message: "\(path): cannot write the \(role) (\(reason))", exitCode: ExitCode(3))
  }

  /// Whether standard input is a regular file (`< file.ndjson`), not a pipe or terminal.
  static var standardInputIsAFile: Bool {
    var info = stat()
    return fstat(0, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
  }

  /// `path` with symbolic links followed to their final target (which may not exist yet).
  static func followingLinks(_ path: String) -> String {
    var current = path
    for _ in 0..<40 {
      guard let destination = try? FileManager.default.destinationOfSymbolicLink(atPath: current) else {
        return current
      }
      current = destination.hasPrefix("/") ? destination : split(current).folder + destination
    }
    return current
  }

  /// `path` split after its last `/`: the folder with its slash (empty for a name alone)
  /// and the name. Plain string work: Foundation's `deletingLastPathComponent` traps on a
  /// one-character relative path (`-o x`).
  static func split(_ path: String) -> (folder: String, name: String) {
    guard let slash = path.lastIndex(of: "/") else { return ("", path) }
    return (String(path[...slash]), String(path[path.index(after: slash)...]))
  }

  /// Refuses output paths that are one of the inputs (the same file by device and inode), or
  /// the same file as each other: writing would destroy the input.
  /// - Throws: ``CLIError`` with exit code 2; nothing has been opened or written.
  static func refuseInputs(outputs: [String?], inputs: [String]) throws {
    var seen: [(path: String, device: dev_t, inode: ino_t)] = []
    for input in inputs where input != "-" {
      var info = stat()
      guard stat(input, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
      seen.append((input, info.st_dev, info.st_ino))
    }
    var named: [String: String] = [:]
    for case let output? in outputs where output != "-" {
      let resolved = followingLinks(output)
      var info = stat()
      let exists = stat(output, &info) == 0
      if exists && info.st_mode & S_IFMT != S_IFREG { continue }  // a device or FIFO: written in place
      if let other = named[resolved] {
        throw CLIError(message: "\(output): is also where \(other) goes; nothing written", exitCode: ExitCode(2))
      }
      named[resolved] = output
      guard exists else { continue }
      if let same = seen.first(where: { $0.device == info.st_dev && $0.inode == info.st_ino }) {
        throw CLIError(
          message: "\(output): is one of the inputs (\(same.path)); refused, nothing written", exitCode: ExitCode(2))
      }
      seen.append((output, info.st_dev, info.st_ino))
    }
  }
}
