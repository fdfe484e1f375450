import FHIRKit

/// Writes converted FHIR resources in the `--format` asked for.
///
/// NDJSON is written as records come. `json` and `bundle` documents are held in memory
/// until ``finish()``, as compact JSON (one copy per resource), then written pretty-printed
/// with `JSONWriter`.
final class ResourceOutput {
  private let format: OutputFormat
  private let file: OutputFile
  /// Each resource with the other members of the Bundle entry it came in (document formats).
  private var held: [(resource: [UInt8], entry: JSONObject?)] = []
  private var topLevelValues = 0
  private var inputBundle: JSONTokens?

  /// Creates an output writing to `file`.
  init(format: OutputFormat, file: OutputFile) {
    self.format = format
    self.file = file
  }

  /// Writes one resource (compact JSON); `record` tells the Bundle entry it came in.
  func write(_ resource: [UInt8], from record: ResourceRecord?) throws {
    guard format != .ndjson else { return try file.writeLine(resource) }
    var entry: JSONObject?
    if let record, record.isBundleEntry, case .object(var object) = JSONValue(tokens: record.tokens) {
      object.members.removeAll { $0.key == "resource" }
      entry = object
    }
    held.append((resource, entry))
  }

  /// Notes one top-level value of the inputs (``ResourceReader/Hooks/topLevelValue``), to
  /// know whether the input was a single Bundle.
  func noteTopLevelValue(_ tokens: JSONTokens) {
    topLevelValues += 1
    let isBundle = ResourceReader.member("resourceType", of: tokens).map { tokens.string(at: $0) == "Bundle" } ?? false
    inputBundle = isBundle ? tokens : nil
  }

  /// Notes one top-level value that is not JSON tokens (a care entity line).
  func noteTopLevelRecord() {
    topLevelValues += 1
    inputBundle = nil
  }

  /// Writes the document (for `json` and `bundle`) and closes the file.
  /// - Throws: What writing throws; ``JSONError`` if a held resource is not JSON (never
  ///   expected, since the encoders wrote it).
  func finish() throws {
    if format != .ndjson {
      var writer = JSONWriter(style: .pretty)
      writer.value(try document())
      try file.writeLine(writer.takeOutput())
    }
    try file.close()
  }

  private func document() throws -> JSONValue {
    let resources = try held.map { item in try item.resource.withUnsafeBytes { try JSONValue(parsing: $0) } }
    if format == .json, held.count == 1, topLevelValues == 1, inputBundle == nil, held[0].entry == nil {
      return resources[0]
    }
    if format == .json, topLevelValues == 1, let inputBundle, case .object(var bundle) = JSONValue(tokens: inputBundle) {
      // The input Bundle, with its entries converted and their other members kept.
      let entries = zip(held, resources).map { item, resource in
        var entry = item.entry ?? JSONObject()
        entry.append(key: "resource", value: resource)
        return JSONValue.object(entry)
      }
      if let index = bundle.members.firstIndex(where: { $0.key == "entry" }) {
        if entries.isEmpty { bundle.members.remove(at: index) } else { bundle.members[index].value = .array(entries) }
      } else if !entries.isEmpty {
        bundle.append(key: "entry", value: .array(entries))
      }
      return .object(bundle)
    }
    var bundle: JSONObject = ["resourceType": "Bundle", "type": "collection"]
    let entries = zip(held, resources).map { item, resource in
      var entry = JSONObject()
      if let fullUrl = item.entry?["fullUrl"] { entry.append(key: "fullUrl", value: fullUrl) }
      entry.append(key: "resource", value: resource)
      return JSONValue.object(entry)
    }
    if !entries.isEmpty { bundle.append(key: "entry", value: .array(entries)) }
    return .object(bundle)
  }
}
