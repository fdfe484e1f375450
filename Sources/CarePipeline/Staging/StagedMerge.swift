import CareModel
import FHIRCoders
import FHIRCore
import FHIRDSTU2
import FHIRJSON
import FHIRR4
import Foundation
/// The pipeline's merge for inputs larger than memory. Resources are added one at a time and
/// written to a temporary file (as the tokens they were read from, packed, or as compact JSON);
/// what the merge needs to know of each (its key, `fullUrl`, the references it follows, its
/// identifiers) goes to the staging index, which is on disk too (``StagedIndex``). Once
/// everything is staged, the index keeps the newest version of each key, the references the
/// merge follows join resources into groups (a patient with its plans, orders and
/// observations), groups are packed into partitions of bounded size, and each partition is
/// loaded and merged by a ``MergeRun`` of its own. Medications are shared: a partition loads
/// those it refers to as reference targets only.
///
/// The entities are those of ``Pipeline/run(_:)-(PipelineInput)`` over the same resources,
/// handed out partition by partition (each sorted as a whole run sorts), in an order that does
/// not depend on the input's order.
final class StagedMerge {
  let pipeline: Pipeline
  let options: Pipeline.StagingOptions
  /// Prepares entries with the pipeline's options and coders.
  let preparer: StagedConversion.Preparer
  let file: StagingFile
  /// Every staged version: its key, sequence number, slot, `fullUrl` and CarePlan uuid, to be
  /// sorted by key (``StagedIndex/Version``).
  let versions: RecordSorter
  /// Every staged version's `fullUrl`, with its sequence number and key, to be sorted by URL.
  let fullURLs: RecordSorter
  /// The references each staged version follows: records of its sequence number, the site's
  /// kind and the reference (``StagedFacts/Site``), after one of kind `U` with its `fullUrl`
  /// when it has one.
  let sites: RecordFile
  /// The identifiers of each staged version: records of its sequence number and
  /// `type<tab>system<tab>value`.
  let identifiers: RecordFile
  /// Whether any staged reference is logical (by identifier).
  var hasLogicalSites = false
  /// The number of versions staged: the next one's sequence number.
  var versionCount: Int32 = 0
  /// The JSON as read of the staged versions that decoding repaired (few), by sequence number.
  var originalJSON: [Int32: [UInt8]] = [:]
  var typeNames: [String] = []
  var typeIndex: [String: UInt16] = [:]
  var report = PipelineReport()
  /// The partitions, once cut (``partition()``).
  var partitions: Partitions?
  /// The partitions' members, once cut (``Partitions/members``), kept open while they are merged.
  var partitionFile: StagingFile?

  /// Creates an empty staging area.
  /// - Throws: ``StagingError`` when the temporary files cannot be created.
  init(pipeline: Pipeline, options: Pipeline.StagingOptions) throws {
    self.pipeline = pipeline
    self.options = options
    preparer = StagedConversion.Preparer(pipeline)
    let directory = options.directory ?? NSTemporaryDirectory()
    file = try StagingFile(directory: directory)
    sites = try RecordFile(directory: directory)
    identifiers = try RecordFile(directory: directory)
    versions = RecordSorter(directory: directory, runBytes: options.sortBytes, jobs: options.jobs)
    fullURLs = RecordSorter(directory: directory, runBytes: options.sortBytes, jobs: options.jobs)
  }

  /// The directory of the temporary files.
  var directory: String { options.directory ?? NSTemporaryDirectory() }

  /// Stages one resource (a Bundle adds its entries); versions of one key are resolved once
  /// everything is staged, as ``ResourceIndex`` resolves them.
  /// - Throws: ``StagingError``.
  func add(_ entry: PipelineInput.Entry) throws {
    try add(StagedEntry(entry, preparer))
  }

  /// Stages a prepared entry's resources.
  /// - Throws: ``StagingError``.
  func add(_ prepared: StagedEntry) throws {
    for item in prepared.items {
      report.resourcesRead[item.facts.type, default: 0] += 1
      try stage(
        item.facts, item.bytes, isCanonical: item.isCanonical, isSourceText: item.isSourceText, weight: item.weight,
        key: item.key, fullUrl: item.fullUrl, originalJSON: item.originalJSON)
    }
  }

  /// Writes a version of the resource with `key`: `bytes`, its JSON (the model's own when
  /// `isCanonical`), and to the index its `facts`, the references it follows and its identifiers.
  /// - Parameters:
  ///   - isAsRead: Whether `bytes` are tokens as read that no model has decoded yet
  ///     (``Slot/isAsRead``).
  ///   - isSourceText: Whether `bytes` are the resource's JSON as read (``Slot/isSourceText``).
  ///   - weight: What it counts for when partitions are cut (``StagedIndex/Version/weight``),
  ///     when not `bytes.count`.
  func stage(
    _ facts: StagedFacts, _ bytes: [UInt8], isCanonical: Bool, isAsRead: Bool = false, isSourceText: Bool = false,
    weight: Int? = nil, key: String, fullUrl: String?, originalJSON: [UInt8]?
  ) throws {
    guard versionCount < Int32.max else {
      throw StagingError(path: file.path, message: "more than 2,147,483,646 resources to stage in one run")
    }
    let sequence = versionCount
    versionCount += 1
    var slot = Slot(offset: try file.append(bytes), length: Int32(bytes.count), type: intern(facts.type))
    slot.isCanonical = isCanonical
    slot.isAsRead = isAsRead
    slot.isSourceText = isSourceText
    slot.isDSTU2 = facts.isDSTU2
    slot.patientConverts = facts.patientConverts
    let version = StagedIndex.Version(
      key: key, sequence: sequence, slot: slot, weight: weight.map { Int32(clamping: $0) }, fullUrl: fullUrl,
      plan: facts.plan)
    try versions.add { version.write(to: &$0) }
    if let fullUrl {
      try fullURLs.add { record in
        record.appendOrdered(fullUrl)
        record.append(sequence)
        record.appendText(key)
      }
    }
    if let originalJSON { self.originalJSON[sequence] = originalJSON }
    if facts.hasLogicalSites { hasLogicalSites = true }
    func add(_ kind: UInt8, _ text: String, to file: RecordFile) throws {
      try file.append { record in
        record.append(sequence)
        record.append(kind)
        record.append(fields: text.utf8)
      }
    }
    if let fullUrl, !facts.sites.isEmpty { try add(UInt8(ascii: "U"), fullUrl, to: sites) }
    for site in facts.sites { try add(site.kind.asciiValue ?? 0, site.text, to: sites) }
    for fields in facts.identifiers { try add(0, facts.type + "\t" + fields, to: identifiers) }
  }

  private func intern(_ type: String) -> UInt16 {
    if let index = typeIndex[type] { return index }
    let index = UInt16(typeNames.count)
    typeNames.append(type)
    typeIndex[type] = index
    return index
  }

  /// The version staged at `slot`, decoded again, with the tokens it was decoded from as its
  /// source (when they account for it exactly, see ``ResourceSource``).
  func load(_ slot: Slot) throws -> Decoded {
    try decode(try file.read(at: slot.offset, count: Int(slot.length)), slot)
  }

  /// The resource staged at `slot` decoded from its `bytes`, already read.
  func decode(_ bytes: [UInt8], _ slot: Slot) throws -> Decoded {
    try Self.decode(
      bytes, isCanonical: slot.isCanonical, isSourceText: slot.isSourceText, repairs: slot.isAsRead,
      isDSTU2: slot.isDSTU2, type: typeNames[Int(slot.type)], path: file.path)
  }

  /// A staged resource decoded again.
  struct Decoded {
    /// The resource, repaired to fit its model where its JSON did not (as the readers repair it).
    var resource: PipelineResource
    /// The tokens it was decoded from, when they account for it exactly (``ResourceSource``).
    var source: ResourceSource?
    /// Its JSON as read, when decoding repaired it (``PipelineInput/Entry/originalJSON``).
    var originalJSON: [UInt8]?
  }

  /// A staged resource decoded again, with the tokens it was decoded from as its source: `bytes`
  /// are its compact JSON when `isCanonical`, its JSON as read when `isSourceText`, else its
  /// tokens packed (``StagedEntry/Item/bytes``).
  /// With `repairs` (tokens as read that no model has decoded, ``Slot/isAsRead``) it is decoded
  /// with the readers' repairs, so that its entities are those decoding it as read gives.
  /// - Throws: ``StagingError`` (naming the staging file at `path` and the resource's `type`)
  ///   when they are not one JSON value or do not decode.
  static func decode(
    _ bytes: [UInt8], isCanonical: Bool, isSourceText: Bool = false, repairs: Bool, isDSTU2: Bool, type: String,
    path: String
  ) throws -> Decoded {
    let tokens: JSONTokens
    if isCanonical || isSourceText {
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
    let options = repairs ? DecodingOptions.repairing : DecodingOptions()
    let resource: PipelineResource?
    let issues: [ValidationIssue]
    let repaired: [DecodingRepair]
    if isDSTU2 {
      let decoded = try FHIRDSTU2.AnyResource.decode(from: tokens, options: options)
      (resource, issues, repaired) = (decoded.value.map(PipelineResource.dstu2), decoded.issues, decoded.repairs)
    } else {
      let decoded = try FHIRR4.AnyResource.decode(from: tokens, options: options)
      (resource, issues, repaired) = (decoded.value.map(PipelineResource.r4), decoded.issues, decoded.repairs)
    }
    guard let resource else {
      throw StagingError(path: path, message: "a staged \(type) does not decode again")
    }
    var originalJSON: [UInt8]?
    if !repaired.isEmpty {
      // The store keeps the resource as it came, not as repaired.
      originalJSON = try PipelineInput.Entry.jsonAsRead(tokens, at: 0, release: isDSTU2 ? .dstu2 : .r4)
    }
    return Decoded(
      resource: resource, source: ResourceSource(tokens: tokens, issues: issues, repairs: repaired),
      originalJSON: originalJSON)
  }
}

@available(*, unavailable)
extension StagedMerge: Sendable {}
