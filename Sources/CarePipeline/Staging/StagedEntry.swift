import FHIRJSON

/// An entry made ready to stage (``StagedConversion/Preparer``): its resources, a Bundle's
/// flattened, each with its key, the JSON it is staged as and what staging keeps of it besides
/// (``StagedFacts``). Preparing is the part of staging that does not depend on what was staged
/// before, so a reader that decodes on several threads prepares there and adds in order
/// (``StagedConversion/add(_:)-(StagedEntry)``). A prepared entry no longer holds the decoded
/// resources: they are let go on the thread that prepared them.
public struct StagedEntry: Sendable {
  /// One resource ready to stage.
  struct Item: Sendable {
    /// The key the resource and its `fullUrl` give it (``ResourceIndex/key(of:fullUrl:canonicalBytes:)``);
    /// staging keeps an earlier resource's key when the `fullUrl` led to one before.
    var key: String
    var fullUrl: String?
    /// What it is staged as, decoded again when its partition is merged: the model's own compact
    /// JSON when `isCanonical`, its JSON as read when `isSourceText`, else the tokens it was
    /// decoded from, packed (``FHIRJSON/JSONTokens/packed(valueAt:)``).
    var bytes: [UInt8]
    /// Whether `bytes` are the model's own compact JSON (then they serve as the source's JSON).
    var isCanonical: Bool
    /// Whether `bytes` are the resource's JSON as read (``StagedMerge/Slot/isSourceText``).
    var isSourceText = false
    /// What it counts for when partitions are cut (``StagedIndex/Version/weight``), when not its
    /// bytes' count.
    var weight: Int?
    /// Its JSON as read, when decoding repaired it.
    var originalJSON: [UInt8]?
    var facts: StagedFacts

    /// An unmodelled resource's item, from its skeleton (``StagedMerge/skeleton(_:at:)``) and
    /// its JSON as read (`isSourceText`) or its tokens packed: what decoding it whole would give.
    init(
      skeleton: PipelineResource, bytes: [UInt8], isSourceText: Bool, weight: Int?, fullUrl: String?,
      _ preparer: StagedConversion.Preparer
    ) {
      self.weight = weight
      key = ResourceIndex.key(of: skeleton, fullUrl: fullUrl) { skeleton.canonicalBytes }
      self.fullUrl = fullUrl
      self.bytes = bytes
      isCanonical = false
      self.isSourceText = isSourceText
      facts = preparer.facts(of: skeleton, source: nil)
    }

    init(_ entry: PipelineInput.Entry, _ preparer: StagedConversion.Preparer) {
      (bytes, isCanonical) = StagedEntry.staged(entry)
      let resource = entry.resource
      key = ResourceIndex.key(of: resource, fullUrl: entry.fullUrl) { [bytes, isCanonical] in
        isCanonical ? bytes : resource.canonicalBytes
      }
      fullUrl = entry.fullUrl
      originalJSON = entry.originalJSON
      facts = preparer.facts(of: resource, source: entry.source)
    }
  }

  let items: [Item]

  /// Prepares `entry` with `preparer`: its JSON as the pipeline stages it, and its facts as the
  /// pipeline's coders read them.
  init(_ entry: PipelineInput.Entry, _ preparer: StagedConversion.Preparer) {
    var items: [Item] = []
    PipelineInput.flatten(entry) { flat in items.append(Item(flat, preparer)) }
    self.items = items
  }

  /// An entry of one item.
  init(_ item: Item) {
    items = [item]
  }

  /// What a resource is staged as, to be decoded again when its partition is merged. When the
  /// model holds exactly the elements read (``ResourceSource``), those tokens packed, which is
  /// cheaper than encoding the model or writing them as JSON and reads back without tokenizing
  /// (docs/benchmarks/job-2026-11-28-sessions-11-13.md, "Staged tokens packed"); else the model's
  /// own compact JSON. Also when each source's JSON is kept (``Pipeline/Options/keepsSourceJSON``,
  /// `import`): the merge encodes the JSON of the resources that become sources, from the model it
  /// decodes anyway, rather than staging every resource's (most never become one:
  /// docs/benchmarks/job-2026-11-29.md, "Sources encoded when merged").
  static func staged(_ entry: PipelineInput.Entry) -> (bytes: [UInt8], isCanonical: Bool) {
    guard let source = entry.source else { return (entry.resource.canonicalBytes, true) }
    return (source.tokens.packed(valueAt: source.index), false)
  }
}
