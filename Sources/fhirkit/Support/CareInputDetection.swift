import ArgumentParser
import CareModel
import FHIRKit
import Foundation

/// Tells care-entity NDJSON — what `export --to care` and `convert --to care` write, one
/// entity per line with `"kind"` and no `resourceType` — from FHIR input, for `convert` and
/// `import` without `--from`: by the first non-blank line of each input, read as
/// `--from care` reads it (``CareLines``: gzip and a byte order mark undone, the line decoded
/// as a care record).
///
/// Files are opened again when they are read; the bytes of standard input looked at are kept
/// in its ``InputFiles/Input/replay``, so nothing is lost.
enum CareInputDetection {
  /// The first line is not waited for beyond this: the input is not care NDJSON.
  static let lineLimit = 1 << 20

  /// The names of the inputs that are care NDJSON: all those that have a first line, when
  /// each has a care record there; none when no input does.
  /// - Throws: ``CLIError`` with exit code 2 when some inputs are care NDJSON and others are
  ///   not: which to read how is for `--from` to say.
  static func careInputs(_ inputs: inout [InputFiles.Input], command: String) throws -> [String] {
    var care: [String] = []
    var other: [String] = []
    for index in inputs.indices {
      let name = inputs[index].source
      switch isCareRecord(firstLine(of: &inputs[index])) {
      case true?: care.append(name)
      case false?: other.append(name)
      case nil: break
      }
    }
    guard !care.isEmpty else { return [] }
    guard other.isEmpty else {
      throw CLIError(
        message: "\(care[0]): care NDJSON (as 'export --to care' writes) among FHIR inputs (\(other[0])); "
          + "\(command) it on its own with --from care, and the FHIR inputs without",
        exitCode: ExitCode(2))
    }
    return care
  }

  /// Whether `line` is a care record; `nil` when there is no line.
  private static func isCareRecord(_ line: [UInt8]?) -> Bool? {
    guard let line else { return nil }
    return (try? CareJSON.makeDecoder().decode(CareRecord.self, from: Data(line))) != nil
  }

  /// The first non-blank line of `input`'s content, or `nil` when it has none (empty, blank,
  /// or unreadable: the reading proper says so).
  private static func firstLine(of input: inout InputFiles.Input) -> [UInt8]? {
    struct Enough: Error {}
    var raw: [UInt8] = []
    var content: [UInt8] = []
    let keepRaw = input.file == nil
    let decoder = InputDecoder(source: input.path)
    do {
      try input.read { chunk in
        if keepRaw { raw.append(contentsOf: chunk) }
        try decoder.feed(chunk) { content.append(contentsOf: $0) }
        if line(in: content, complete: false) != nil || content.count > lineLimit { throw Enough() }
      }
      try decoder.finish { content.append(contentsOf: $0) }
    } catch {
      // Enough read, or an input that cannot be read or decompressed: said when it is read.
    }
    if keepRaw { input.replay = raw }
    return line(in: content, complete: true)
  }

  /// The first non-blank line of `content`: once its newline has come, or at the end.
  private static func line(in content: [UInt8], complete: Bool) -> [UInt8]? {
    let blank: Set<UInt8> = [0x20, 0x09, 0x0A, 0x0D]
    guard let start = content.firstIndex(where: { !blank.contains($0) }) else { return nil }
    if let end = content[start...].firstIndex(of: 0x0A) { return Array(content[start..<end]) }
    return complete && content.count <= lineLimit ? Array(content[start...]) : nil
  }

  /// Says on stderr (hidden by `--quiet`) that the inputs named are read as care entities, as
  /// with `--from care`.
  static func sayReadAsCare(_ names: [String]) {
    for name in names {
      printRecordMessage(
        "fhirkit: \(name): information: care NDJSON (as 'export --to care' writes), read as with --from care")
    }
  }
}
