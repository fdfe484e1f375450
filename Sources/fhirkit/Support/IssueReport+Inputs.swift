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

extension IssueReport {
  /// Writes a Bundle entry without a resource as an information line, by place and request
  /// method (never values).
  /// - Parameters:
  ///   - action: What became of it (`notWritten`, `skipped`).
  ///   - message: Why, without values.
  func write(_ entry: EntryWithoutResource, action: String, message: String) {
    var line: JSONObject = [
      "location": .string(entry.location), "path": .string(entry.path.description), "severity": "information",
      "code": "entryWithoutResource", "action": .string(action), "message": .string(message),
    ]
    if let method = entry.requestMethod { line["method"] = .string(method) }
    write(line)
  }
}
