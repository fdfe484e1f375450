import Foundation

/// Where converted lines go: standard output or a file, written in large blocks.
final class OutputFile {
  private let handle: FileHandle
  private var buffer: [UInt8] = []
  private let closesHandle: Bool

  /// Standard output when `path` is `nil` or `-`, else `path` (created or truncated).
  /// - Throws: ``CLIError`` with exit code 3 when the file cannot be created.
  init(path: String?) throws {
    guard let path, path != "-" else {
      handle = .standardOutput
      closesHandle = false
      return
    }
    guard FileManager.default.createFile(atPath: path, contents: nil),
      let handle = FileHandle(forWritingAtPath: path)
    else { throw CLIError.unreadable("\(path): cannot create the output file") }
    self.handle = handle
    closesHandle = true
  }

  /// Writes `bytes` and a newline.
  func writeLine(_ bytes: [UInt8]) throws {
    buffer += bytes
    buffer.append(0x0A)
    if buffer.count > 1 << 20 { try flush() }
  }

  /// Writes what is buffered and closes a file.
  func close() throws {
    try flush()
    if closesHandle { try handle.close() }
  }

  /// Writes what is buffered (when a streamed input pauses, so that readers see the lines).
  func flush() throws {
    guard !buffer.isEmpty else { return }
    if !closesHandle { Console.shared.clearForStandardOutput() }
    try handle.write(contentsOf: buffer)
    buffer.removeAll(keepingCapacity: true)
  }
}
