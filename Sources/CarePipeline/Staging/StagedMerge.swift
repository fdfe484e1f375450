import CareModel
import FHIRCoders
import FHIRCore
import FHIRDSTU2
import FHIRJSON
import FHIRR4
import Foundation

/// The pipeline's merge for inputs larger than memory. Resources are added one at a time and
/// written to a temporary file (as the tokens they were read from, packed, or as compact JSON);
/// memory keeps only a compact index (each key, where its newest version is staged, each
/// `fullUrl`). Then the references the merge follows
/// join resources into groups (a patient with its plans, orders and observations), groups are
/// packed into partitions of bounded size, and each partition is loaded and merged by a
/// ``MergeRun`` of its own. Medications are shared: a partition loads those it refers to as
/// reference targets only.
///
/// The entities are those of ``Pipeline/run(_:)-(PipelineInput)`` over the same resources,
/// handed out partition by partition (each sorted as a whole run sorts), in an order that does
/// not depend on the input's order.
final class StagedMerge {
  /// Where one kept resource's newest version is staged.
  ///
  /// One per staged resource, kept in memory to the end of the run: its three flags share a byte,
  /// which makes it 16 bytes instead of 24 (docs/benchmarks.md, "Figures after this round").
  struct Slot {
    var offset: Int64 = 0
    var length: Int32 = 0
    var type: UInt16 = 0
    private var flags: UInt8 = 0

    init(offset: Int64 = 0, length: Int32 = 0, type: UInt16 = 0) {
      self.offset = offset
      self.length = length
      self.type = type
    }

    var isDSTU2: Bool {
      get { flag(1) }
      set { setFlag(1, newValue) }
    }
    /// For a Patient: whether the coder converts it (its observations are then its own).
    var patientConverts: Bool {
      get { flag(2) }
      set { setFlag(2, newValue) }
    }
    /// Whether the staged bytes are the model's own compact JSON (they then serve as the source's
    /// JSON, ``IndexedResource/compactJSON``), not the tokens as read, packed
    /// (``FHIRJSON/JSONTokens/packed(valueAt:)``).
    var isCanonical: Bool {
      get { flag(4) }
      set { setFlag(4, newValue) }
    }

    private func flag(_ bit: UInt8) -> Bool { flags & bit != 0 }
    private mutating func setFlag(_ bit: UInt8, _ on: Bool) { flags = on ? flags | bit : flags & ~bit }
  }

  let pipeline: Pipeline
  let options: Pipeline.StagingOptions
  /// Prepares entries with the pipeline's options and coders.
  let preparer: StagedConversion.Preparer
  let file: StagingFile
  /// The references each staged version follows: `ordinal offset kind reference` lines.
  let sites: StagingFile
  /// The identifiers of each staged version: `ordinal offset type<tab>system<tab>value` lines.
  let identifiers: StagingFile
  /// Whether any staged reference is logical (by identifier).
  var hasLogicalSites = false

  /// Each kept resource's key; its position is the resource's ordinal.
  var keys = KeyTable()
  var slots: [Slot] = []
  /// The JSON as read of the staged resources that decoding repaired (few), by ordinal.
  var originalJSON: [Int32: [UInt8]] = [:]
  /// The entries' `fullUrl`s: the ordinal each leads to, and each kept version's.
  var urls = StagedURLs()
  var typeNames: [String] = []
  var typeIndex: [String: UInt16] = [:]
  /// The CarePlan entity uuid of each kept CarePlan that converts.
  var planUUIDs: [Int32: UUID] = [:]
  var report = PipelineReport()

  /// Creates an empty staging area.
  /// - Throws: ``StagingError`` when the temporary files cannot be created.
  init(pipeline: Pipeline, options: Pipeline.StagingOptions) throws {
    self.pipeline = pipeline
    self.options = options
    preparer = StagedConversion.Preparer(pipeline)
    let directory = options.directory ?? NSTemporaryDirectory()
    file = try StagingFile(directory: directory)
    sites = try StagingFile(directory: directory)
    identifiers = try StagingFile(directory: directory)
  }

  /// Stages one resource (a Bundle adds its entries), de-duplicating as ``ResourceIndex`` does.
  /// - Throws: ``StagingError``.
  func add(_ entry: PipelineInput.Entry) throws {
    try add(StagedEntry(entry, preparer))
  }

  /// Stages a prepared entry's resources.
  /// - Throws: ``StagingError``.
  func add(_ prepared: StagedEntry) throws {
    for item in prepared.items { try add(item) }
  }

  private func add(_ item: StagedEntry.Item) throws {
    let type = item.facts.type
    report.resourcesRead[type, default: 0] += 1
    var key = item.key
    if let url = item.fullUrl, let known = urls.ordinal(of: url) { key = keys.key(known) }
    let (ordinal, isNew) = keys.ordinalInserting(key)
    if !isNew {
      report.duplicatesMerged[type, default: 0] += 1
      // Both versions decoded again from what is staged (duplicates are few).
      let resource = try Self.decode(
        item.bytes, isCanonical: item.isCanonical, isDSTU2: item.facts.isDSTU2, type: type, path: file.path
      ).resource
      if ResourceIndex.isNewer(resource, than: try load(ordinal).resource) {
        try stage(
          item.facts, item.bytes, isCanonical: item.isCanonical, as: ordinal, key: key,
          fullUrl: urls.keptURL(of: ordinal) ?? item.fullUrl)
        originalJSON[ordinal] = item.originalJSON
      }
    } else {
      slots.append(Slot())
      try stage(item.facts, item.bytes, isCanonical: item.isCanonical, as: ordinal, key: key, fullUrl: item.fullUrl)
      originalJSON[ordinal] = item.originalJSON
    }
    if let url = item.fullUrl { urls.add(url, for: ordinal) }
  }

  /// Writes a resource as the kept version of `ordinal` (whose key is `key`): `bytes`, its JSON
  /// (the model's own when `isCanonical`), and its `facts`, the references it follows and its
  /// identifiers.
  func stage(
    _ facts: StagedFacts, _ bytes: [UInt8], isCanonical: Bool, as ordinal: Int32, key: String, fullUrl: String?
  ) throws {
    var slot = Slot(offset: try file.append(bytes), length: Int32(bytes.count), type: intern(facts.type))
    slot.isCanonical = isCanonical
    slot.isDSTU2 = facts.isDSTU2
    slot.patientConverts = facts.patientConverts
    urls.setKeptURL(fullUrl, of: ordinal)
    planUUIDs[ordinal] = facts.planUUID(key: key, fullUrl: fullUrl)
    slots[Int(ordinal)] = slot
    if facts.hasLogicalSites { hasLogicalSites = true }
    for site in facts.sites {
      try sites.append(Array("\(ordinal) \(slot.offset) \(site.kind) \(site.text)\n".utf8))
    }
    for fields in facts.identifiers {
      try identifiers.append(Array("\(ordinal) \(slot.offset) \(facts.type)\t\(fields)\n".utf8))
    }
  }

  private func intern(_ type: String) -> UInt16 {
    if let index = typeIndex[type] { return index }
    let index = UInt16(typeNames.count)
    typeNames.append(type)
    typeIndex[type] = index
    return index
  }

  /// The kept version of `ordinal`, decoded again, with the tokens it was decoded from as its
  /// source (when they account for it exactly, see ``ResourceSource``).
  func load(_ ordinal: Int32) throws -> (resource: PipelineResource, source: ResourceSource?) {
    let slot = slots[Int(ordinal)]
    let bytes = try file.read(at: slot.offset, count: Int(slot.length))
    return try Self.decode(
      bytes, isCanonical: slot.isCanonical, isDSTU2: slot.isDSTU2, type: typeNames[Int(slot.type)], path: file.path)
  }

  /// A staged resource decoded again, with the tokens it was decoded from as its source: `bytes`
  /// are its compact JSON when `isCanonical`, else its tokens packed (``StagedEntry/Item/bytes``).
  /// - Throws: ``StagingError`` (naming the staging file at `path` and the resource's `type`)
  ///   when they are not one JSON value or do not decode.
  static func decode(_ bytes: [UInt8], isCanonical: Bool, isDSTU2: Bool, type: String, path: String) throws -> (
    resource: PipelineResource, source: ResourceSource?
  ) {
    let tokens: JSONTokens
    if isCanonical {
      // Sized to the resource: its tokens stay with it (its source) while its partition is merged.
      var options = JSONTokenizer.Options()
      options.expectedInputBytes = bytes.count
      let tokenizer = JSONTokenizer(options: options, source: path)
      try tokenizer.feed(bytes)
      try tokenizer.finish()
      guard case .value(let value)? = tokenizer.nextOutput() else {
        throw StagingError(path: path, message: "a staged resource is not one JSON value")
      }
      tokens = value
    } else {
      guard let value = JSONTokens(packed: bytes) else {
        throw StagingError(path: path, message: "a staged \(type) is not one packed JSON value")
      }
      tokens = value
    }
    let resource: PipelineResource?
    let issues: [ValidationIssue]
    if isDSTU2 {
      let decoded = try FHIRDSTU2.AnyResource.decode(from: tokens)
      (resource, issues) = (decoded.value.map(PipelineResource.dstu2), decoded.issues)
    } else {
      let decoded = try FHIRR4.AnyResource.decode(from: tokens)
      (resource, issues) = (decoded.value.map(PipelineResource.r4), decoded.issues)
    }
    guard let resource else {
      throw StagingError(path: path, message: "a staged \(type) does not decode again")
    }
    return (resource, ResourceSource(tokens: tokens, issues: issues))
  }

  /// The ordinal of the resource `reference` (as staged), written in `referrer`, leads to; a
  /// logical reference leads to the one holder of its identifier among `holders`.
  func target(of reference: String, from referrer: Int32, holders: [LogicalIdentifier: [LogicalIdentifier.Holder]])
    -> Int32?
  {
    if let (identifier, targets) = StagedText.logical(reference) {
      let matched = LogicalIdentifier.matches(holders[identifier] ?? [], types: targets)
      return matched.count == 1 ? keys.ordinal(of: matched[0]) : nil
    }
    let form = ReferenceResolver.form(reference)
    let key = ReferenceResolver.targetKey(
      reference, form: form, referrerFullURL: urls.keptURL(of: referrer), hasKey: { keys.ordinal(of: $0) != nil },
      keyForURL: { urls.ordinal(of: $0).map { keys.key($0) } })
    return key.flatMap { keys.ordinal(of: $0) }
  }
}

@available(*, unavailable)
extension StagedMerge: Sendable {}
