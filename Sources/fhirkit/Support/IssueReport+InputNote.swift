import FHIRKit

extension IssueReport {
  /// Writes what was done to an input's bytes before reading, as an information line: a
  /// skipped byte order mark (gzip decompression is not an issue and is not written).
  func write(_ note: InputDecoder.Note, source: String) {
    guard note == .byteOrderMark else { return }
    write([
      "location": .string(source), "file": .string(source), "path": "$", "severity": "information",
      "code": "byteOrderMark", "message": .string(note.description),
    ])
  }
}
