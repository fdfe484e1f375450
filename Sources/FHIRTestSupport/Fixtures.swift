import Foundation
public import FHIRJSON

/// The real FHIR files in `Fixtures/`, for tests and benchmarks.
public enum Fixtures {
  /// Absolute path of the `Fixtures` folder.
  public static let root: String = {
    // Sources/FHIRTestSupport/Fixtures.swift → package root
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 { url.deleteLastPathComponent() }
    return url.appendingPathComponent("Fixtures").path
  }()

  /// Paths relative to ``root`` of every file ending in one of `extensions`, sorted.
  /// Without `folder`, the bad-input corpus (`bad/`) is left out: it is read only by
  /// the tests that expect its errors (``BadCorpus``); so are the golden care files
  /// (`golden/`), which are FHIRKit's output, not FHIR.
  public static func files(extensions: Set<String>, under folder: String = "") -> [String] {
    let base = folder.isEmpty ? root : root + "/" + folder
    guard let enumerator = FileManager.default.enumerator(atPath: base) else { return [] }
    var result: [String] = []
    for case let relative as String in enumerator {
      let ext = (relative as NSString).pathExtension
      if folder.isEmpty && (relative.hasPrefix(BadCorpus.folder + "/") || relative.hasPrefix(goldenFolder + "/")) {
        continue
      }
      if extensions.contains(ext) {
        result.append(folder.isEmpty ? relative : folder + "/" + relative)
      }
    }
    return result.sorted()
  }

  /// The folder of golden output files, relative to ``root``.
  public static let goldenFolder = "golden"

  /// Every `.json` file.
  public static var jsonFiles: [String] { files(extensions: ["json"]) }

  /// Every `.ndjson` file.
  public static var ndjsonFiles: [String] { files(extensions: ["ndjson"]) }

  /// Every JSON file whose top-level object is a Bundle.
  public static var bundleFiles: [String] {
    jsonFiles.filter { path in
      let bytes = Self.bytes(path)
      guard let head = String(bytes: bytes.prefix(4096), encoding: .utf8) ?? String(bytes: bytes.prefix(4093), encoding: .utf8)
      else { return false }
      return head.contains("\"resourceType\": \"Bundle\"") || head.contains("\"resourceType\":\"Bundle\"")
    }
  }

  /// The contents of a fixture, by path relative to ``root``.
  public static func bytes(_ relativePath: String) -> [UInt8] {
    guard let data = FileManager.default.contents(atPath: root + "/" + relativePath) else {
      fatalError("missing fixture \(relativePath)")
    }
    return [UInt8](data)
  }
}

/// Helpers that push bytes through the FHIRJSON readers in chunks of a given size.
public enum Chunked {
  /// Calls `body` with consecutive chunks of `bytes` of at most `chunkSize` bytes.
  public static func forEachChunk(
    of bytes: [UInt8], size chunkSize: Int, _ body: (UnsafeRawBufferPointer) throws -> Void
  ) rethrows {
    try bytes.withUnsafeBytes { all in
      var start = 0
      while start < all.count {
        let end = min(start + max(chunkSize, 1), all.count)
        try body(UnsafeRawBufferPointer(rebasing: all[start..<end]))
        start = end
      }
    }
  }

  /// Everything a tokenizer hands out for `bytes` fed in chunks of `chunkSize`.
  public static func outputs(
    _ bytes: [UInt8], chunkSize: Int, options: JSONTokenizer.Options = .init()
  ) throws -> [JSONTokenizer.Output] {
    let tokenizer = JSONTokenizer(options: options)
    var outputs: [JSONTokenizer.Output] = []
    try forEachChunk(of: bytes, size: chunkSize) { chunk in
      try tokenizer.feed(chunk)
      while let output = tokenizer.nextOutput() { outputs.append(output) }
    }
    try tokenizer.finish()
    while let output = tokenizer.nextOutput() { outputs.append(output) }
    return outputs
  }

  /// The tokens of the single value in `bytes`, fed in chunks of `chunkSize`.
  public static func tokens(_ bytes: [UInt8], chunkSize: Int, options: JSONTokenizer.Options = .init()) throws
    -> JSONTokens
  {
    let outputs = try outputs(bytes, chunkSize: chunkSize, options: options)
    guard outputs.count == 1, case .value(let tokens) = outputs[0] else {
      fatalError("expected exactly one value")
    }
    return tokens
  }

  /// Every event an ``NDJSONReader`` reports for `bytes` fed in chunks of `chunkSize`.
  public static func ndjsonEvents(_ bytes: [UInt8], chunkSize: Int, options: JSONTokenizer.Options = .init())
    throws -> [NDJSONReader.Event]
  {
    let reader = NDJSONReader(options: options)
    var events: [NDJSONReader.Event] = []
    try forEachChunk(of: bytes, size: chunkSize) { try reader.feed($0) { events.append($0) } }
    try reader.finish { events.append($0) }
    return events
  }

  /// Every event a ``BundleStreamReader`` reports for `bytes` fed in chunks of `chunkSize`.
  public static func bundleEvents(_ bytes: [UInt8], chunkSize: Int, options: JSONTokenizer.Options = .init())
    throws -> [BundleStreamReader.Event]
  {
    let reader = BundleStreamReader(options: options)
    var events: [BundleStreamReader.Event] = []
    try forEachChunk(of: bytes, size: chunkSize) { try reader.feed($0) { events.append($0) } }
    try reader.finish { events.append($0) }
    return events
  }

  /// The error thrown for `bytes` fed in chunks of `chunkSize`, or `nil` if none.
  public static func error(_ bytes: [UInt8], chunkSize: Int, options: JSONTokenizer.Options = .init()) -> JSONError? {
    do {
      _ = try outputs(bytes, chunkSize: chunkSize, options: options)
      return nil
    } catch let error as JSONError {
      return error
    } catch {
      fatalError("unexpected error type \(error)")
    }
  }
}

extension JSONTokens {
  /// A short description of the first difference from `other` (token index, kinds,
  /// offsets), or `nil` if equal. Test failures print this instead of whole values.
  public func firstDifference(from other: JSONTokens) -> String? {
    for index in 0..<Swift.min(count, other.count) {
      let a = self[index]
      let b = other[index]
      let textA = string(at: index)
      let textB = other.string(at: index)
      let offsetA = offset(at: index)
      let offsetB = other.offset(at: index)
      if a.kind != b.kind || offsetA != offsetB || textA != textB
        || endIndex(ofValueAt: index) != other.endIndex(ofValueAt: index)
      {
        return "token \(index): \(a.kind)@\(offsetA) \(textA.utf8.count) bytes vs \(b.kind)@\(offsetB) \(textB.utf8.count) bytes"
      }
    }
    return count == other.count ? nil : "token counts \(count) vs \(other.count)"
  }
}
