import FHIRJSON

/// An entry made ready to stage (``StagedConversion/Preparer``): its resources, a Bundle's
/// flattened, each with the JSON it is staged as. Preparing is the part of staging that does
/// not depend on what was staged before, so a reader that decodes on several threads prepares
/// there and adds in order (``StagedConversion/add(_:)-(StagedEntry)``).
public struct StagedEntry: Sendable {
  /// One resource and the JSON it is staged as.
  struct Item: Sendable {
    var entry: PipelineInput.Entry
    var json: [UInt8]
    /// Whether `json` is the model's own compact JSON (then it serves as the source's JSON).
    var isCanonical: Bool
  }

  let items: [Item]

  /// Prepares `entry` for a staging whose pipeline keeps each source's JSON or not.
  init(_ entry: PipelineInput.Entry, keepsSourceJSON: Bool) {
    var items: [Item] = []
    PipelineInput.flatten(entry) { flat in
      let (json, isCanonical) = Self.json(of: flat, keepsSourceJSON: keepsSourceJSON)
      items.append(Item(entry: flat, json: json, isCanonical: isCanonical))
    }
    self.items = items
  }

  /// The JSON a resource is staged as, to be decoded again when its partition is merged. When
  /// the model holds exactly the elements read (``ResourceSource``), those tokens written
  /// compactly, which is cheaper than encoding the model; when each source's JSON is kept
  /// (``Pipeline/Options/keepsSourceJSON``), the model's own compact JSON, which then serves as
  /// that JSON too (``IndexedResource/compactJSON``).
  static func json(of entry: PipelineInput.Entry, keepsSourceJSON: Bool) -> (bytes: [UInt8], isCanonical: Bool) {
    guard !keepsSourceJSON, let source = entry.source else { return (entry.resource.canonicalBytes, true) }
    var writer = JSONWriter()
    writer.value(source.tokens, at: source.index)
    return (writer.takeOutput(), false)
  }
}
