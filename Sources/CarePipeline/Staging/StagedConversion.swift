public import CareModel
public import FHIRCore
import FHIRCoders
import FHIRDSTU2
public import FHIRJSON
import FHIRR4

/// A staged pipeline run fed one resource at a time by a caller that reads its input itself
/// (the `fhirkit` command does, to report bad records its own way and decode on several
/// threads). Memory is bounded by the partition size, not by the input, as with
/// ``Pipeline/convert(_:reading:staging:_:)``; the entities are those ``Pipeline/run(_:)-(PipelineInput)``
/// gives for the same resources.
///
/// ```swift
/// let conversion = try StagedConversion(pipeline: Pipeline())
/// for resource in decodedResources { try conversion.add(.r4(resource)) }
/// let report = try conversion.finish { record in try writer.write(record) }
/// ```
public final class StagedConversion {
  private let stagedMerge: StagedMerge
  private var finished = false
  /// The partitions and what merging one reads, once ``partitionCount()`` cut them.
  private var cut: (partitions: StagedMerge.Partitions, merger: PartitionMerger)?
  /// Called after each partition (a few patient groups) is merged, with the partitions merged
  /// so far and their number: for a progress display. By default nothing is called.
  public var onPartitionMerged: (_ done: Int, _ total: Int) -> Void = { _, _ in }

  /// Creates an empty staging area.
  /// - Parameters:
  ///   - pipeline: The pipeline whose coders and options merge the resources.
  ///   - staging: Where to stage and how large a partition is.
  /// - Throws: ``StagingError`` when the temporary files cannot be created.
  public init(pipeline: Pipeline, staging: Pipeline.StagingOptions = Pipeline.StagingOptions()) throws {
    stagedMerge = try StagedMerge(pipeline: pipeline, options: staging)
  }

  /// Stages one resource; a Bundle stages its entries' resources with their `fullUrl`s.
  /// - Parameters:
  ///   - resource: The resource, of either release.
  ///   - fullUrl: The `fullUrl` of the Bundle entry it came in, if any.
  /// - Throws: ``StagingError``.
  public func add(_ resource: PipelineResource, fullUrl: String? = nil) throws {
    precondition(!finished, "StagedConversion.add after finish")
    try add(PipelineInput.Entry(resource: resource, fullUrl: fullUrl))
  }

  /// Stages one entry (keeping its ``PipelineInput/Entry/originalJSON``); a Bundle stages its
  /// entries' resources.
  /// - Throws: ``StagingError``.
  public func add(_ entry: PipelineInput.Entry) throws {
    precondition(!finished && cut == nil, "StagedConversion.add after finish or partitionCount")
    try stagedMerge.add(entry)
  }

  /// Stages one resource from the model's own compact JSON (what `jsonBytes()` writes, as a
  /// store or another process keeps it): the same as decoding it and staging the entry, but an
  /// Observation, or a type the models do not know, is staged as it is, without decoding it
  /// whole and encoding it again (``Pipeline/StagingOptions/stagesFromTokens``): it is decoded
  /// once, when its partition is merged.
  /// - Parameters:
  ///   - json: The resource's compact JSON, as its model writes it.
  ///   - release: The release it is in.
  ///   - fullUrl: The `fullUrl` of the Bundle entry it came in, if any.
  ///   - originalJSON: Its JSON as first read, when decoding repaired it.
  /// - Throws: ``StagingError``, also when `json` is not one JSON value or does not decode.
  public func add(canonicalJSON json: [UInt8], release: FHIRRelease, fullUrl: String?, originalJSON: [UInt8]? = nil)
    throws
  {
    precondition(!finished && cut == nil, "StagedConversion.add after finish or partitionCount")
    let source = "a staged \(release) resource"
    var options = JSONTokenizer.Options()
    options.expectedInputBytes = json.count  // one small value: no 256 KiB stream block
    let tokenizer = JSONTokenizer(options: options, source: source)
    do {
      try tokenizer.feed(json)
      try tokenizer.finish()
    } catch {
      throw StagingError(path: source, message: "it is not JSON")
    }
    guard case .value(let tokens)? = tokenizer.nextOutput() else {
      throw StagingError(path: source, message: "it is not one JSON value")
    }
    if stagedMerge.options.stagesFromTokens,
      try stagedMerge.addRaw(
        tokens, at: 0, release: release, fullUrl: fullUrl, canonical: json, originalJSON: originalJSON)
    {
      return
    }
    let resource: PipelineResource?
    do {
      switch release {
      case .dstu2: resource = try FHIRDSTU2.AnyResource.decode(from: tokens).value.map(PipelineResource.dstu2)
      case .r4: resource = try FHIRR4.AnyResource.decode(from: tokens).value.map(PipelineResource.r4)
      }
    } catch {
      throw StagingError(path: source, message: "it does not decode")
    }
    guard let resource else { throw StagingError(path: source, message: "it does not decode") }
    var entry = PipelineInput.Entry(resource: resource, fullUrl: fullUrl)
    entry.originalJSON = originalJSON
    try stagedMerge.add(entry)
  }

  /// Makes entries ready to stage on any thread: a reader that decodes on several threads
  /// prepares each entry there and stages them in order with ``add(_:)-(StagedEntry)``, so that
  /// encoding the JSON to stage, reading what staging keeps of each resource (its references,
  /// identifiers, a Patient's or CarePlan's conversion) and letting the decoded resources go run
  /// in parallel too.
  public var preparer: Preparer { stagedMerge.preparer }

  /// Prepares entries for one staging (``preparer``). A class, shared by the threads: copying
  /// the coders' closures for each entry cost 3 % of `convert --to care`'s instructions.
  public final class Preparer: Sendable {
    let coders: Pipeline.Coders

    init(_ pipeline: Pipeline) {
      coders = pipeline.coders
    }

    /// `entry` ready to stage, a Bundle's resources flattened: their JSON and what staging keeps of
    /// them, read with the pipeline's coders. It no longer holds the decoded resources.
    public func prepare(_ entry: PipelineInput.Entry) -> StagedEntry { StagedEntry(entry, self) }

    /// The resource at `index` of `tokens` ready to stage without decoding it, when its
    /// release's models do not know its type: decoding such a resource checks nothing beyond its
    /// `resourceType` and gives its JSON as it is, of which staging reads a few members (its id,
    /// `meta`, identifiers, and the requests an event resource carries out), so they are all that
    /// is read. It is staged as its JSON as read when the tokens hold it
    /// (``FHIRJSON/JSONTokens/sourceBytes(ofValueAt:)``: one copy, where packing its tokens took
    /// 5 % of `convert --to care`'s instructions, and most such resources are never loaded
    /// again), else its tokens packed. `nil` when it must be
    /// decoded and prepared with ``prepare(_:)``: not an object with a `resourceType` string, a
    /// modelled type, a type its release does not define (decoding reports it), or a resource
    /// with neither id nor `fullUrl` (its key is a hash of its whole JSON).
    /// - Parameters:
    ///   - tokens: The tokens the resource is in.
    ///   - index: Where its object starts.
    ///   - release: The release it is read in.
    ///   - fullUrl: The `fullUrl` of the Bundle entry it came in, if any.
    public func prepare(unmodelled tokens: JSONTokens, at index: Int, release: FHIRRelease, fullUrl: String?)
      -> StagedEntry?
    {
      guard tokens[index].kind == .objectStart,
        let type = FHIRDecoder(tokens: tokens).peekString("resourceType", inObjectAt: index),
        release == .r4
          ? FHIRR4.AnyResource.resourceTypes.contains(type)
          : FHIRDSTU2.AnyResource.resourceTypes.contains(type),
        let skeleton = StagedMerge.unmodelledSkeleton(tokens, at: index, type: type, release: release),
        skeleton.id != nil || fullUrl != nil
      else { return nil }
      if let asRead = tokens.sourceBytes(ofValueAt: index) {
        return StagedEntry(
          StagedEntry.Item(
            skeleton: skeleton, bytes: asRead, isSourceText: true, weight: tokens.packedByteCount(valueAt: index),
            fullUrl: fullUrl, self))
      }
      return StagedEntry(
        StagedEntry.Item(
          skeleton: skeleton, bytes: tokens.packed(valueAt: index), isSourceText: false, weight: nil,
          fullUrl: fullUrl, self))
    }

    /// What staging keeps of `resource` besides its JSON, read with the pipeline's coders; `source`
    /// is the tokens it was decoded from, if they account for it exactly. The coders are used
    /// where they are kept: passing them to an initializer copied the whole struct, retaining each
    /// coder's closures, for every resource staged (docs/benchmarks/job-2026-11-29.md, "Coders borrowed").
    func facts(of resource: PipelineResource, source: ResourceSource?) -> StagedFacts {
      // The facts do not depend on the key: the key only names the resource once staged.
      let indexed = IndexedResource(key: "", fullUrl: nil, resource: resource, source: source)
      return StagedFacts(resource, facts: coders.facts(for: indexed))
    }
  }

  /// Stages an entry prepared by this conversion's ``preparer``; the same as staging the entry.
  /// - Throws: ``StagingError``.
  public func add(_ prepared: StagedEntry) throws {
    precondition(!finished && cut == nil, "StagedConversion.add after finish or partitionCount")
    try stagedMerge.add(prepared)
  }

  /// Merges everything staged, partition by partition, handing out each entity.
  /// - Parameters:
  ///   - check: Called with each partition's report (the coders' issues and the resources they
  ///     refused, ``PipelineReport/conversion`` and ``PipelineReport/failures``) before the
  ///     partition's entities are handed out: what it throws stops the merge, with none of that
  ///     partition's entities or any later one's handed out (a strict run stops so at the first
  ///     error). By default nothing stops it.
  ///   - body: Called with each entity.
  /// - Returns: The run's report.
  /// - Throws: ``StagingError``, or what `check` or `body` throws.
  public func finish(
    checking check: (PipelineReport) throws -> Void = { _ in }, _ body: (CareRecord) throws -> Void
  ) throws -> PipelineReport {
    try finish(checking: check, withSources: { record, _ in try body(record) })
  }

  /// Merges everything staged, handing out each entity with its provenance: the resources it
  /// came from, as ``PipelineResult/sources`` has them (empty for observation log plans and tasks).
  /// - Parameters:
  ///   - check: As for ``finish(checking:_:)``.
  ///   - body: Called with each entity and its sources.
  /// - Returns: The run's report.
  /// - Throws: ``StagingError``, or what `check` or `body` throws.
  public func finish(
    checking check: (PipelineReport) throws -> Void = { _ in },
    withSources body: (CareRecord, [SourceReference]) throws -> Void
  ) throws -> PipelineReport {
    precondition(!finished && cut == nil, "StagedConversion.finish called twice, or after partitionCount")
    finished = true
    return try stagedMerge.mergeAll(checking: check, progress: onPartitionMerged, body)
  }

  /// ``finish(checking:withSources:)`` that turns each entity, with its sources, into `Output`
  /// with `prepare` on the merging threads, as its partition is merged, so that work on entities
  /// that does not depend on their order (encoding each as a line of JSON, say) runs in parallel
  /// too; `body` gets the outputs in the entities' order, on the calling thread.
  /// - Parameters:
  ///   - check: As for ``finish(checking:_:)``: what it throws stops the merge before the
  ///     partition's outputs are handed out.
  ///   - prepare: Turns an entity and its sources into what `body` takes; called from several
  ///     threads at once.
  ///   - body: Called with each output, in order.
  /// - Returns: The run's report.
  /// - Throws: ``StagingError``, or what `check` or `body` throws.
  public func finish<Output: Sendable>(
    checking check: (PipelineReport) throws -> Void = { _ in },
    preparing prepare: @escaping @Sendable (CareRecord, [SourceReference]) -> Output, _ body: (Output) throws -> Void
  ) throws -> PipelineReport {
    precondition(!finished && cut == nil, "StagedConversion.finish called twice, or after partitionCount")
    finished = true
    return try stagedMerge.mergeAll(checking: check, progress: onPartitionMerged, preparing: prepare, body)
  }

  /// Merges everything staged to check it, before ``finish(checking:withSources:)``: `check` is
  /// called with each partition's report, as `finish` calls it, and nothing is handed out — a
  /// strict import looks at every partition so before it stores anything. The merge runs again
  /// in `finish`.
  /// - Parameter check: What it throws stops the check.
  /// - Throws: ``StagingError``, or what `check` throws.
  public func check(_ check: (PipelineReport) throws -> Void) throws {
    precondition(!finished, "StagedConversion.check after finish")
    try stagedMerge.checkAll(check, progress: onPartitionMerged)
  }

  // MARK: One partition at a time

  /// Cuts what is staged into partitions (once) and returns their number: the way to share one
  /// run between several importers, each merging the partitions it claims with
  /// ``merge(partition:checking:withSources:)``. Nothing can be staged afterwards, and
  /// ``finish(checking:withSources:)`` is no longer available.
  ///
  /// Partitions are numbered in an order that depends only on the staged resources' keys, not on
  /// the order they were staged in or on the number of threads, so two conversions that staged
  /// the same resources (with the same ``Pipeline/StagingOptions/partitionBytes``) number the same
  /// partitions alike. When one key was staged twice with different contents equally new, the
  /// first staged is kept, as ``Pipeline/run(_:)-(PipelineInput)`` keeps it: stage in the same
  /// order to keep the same one.
  /// - Returns: How many partitions there are (0 when nothing was staged).
  /// - Throws: ``StagingError`` when the staging files cannot be read.
  public func partitionCount() throws -> Int {
    precondition(!finished, "StagedConversion.partitionCount after finish")
    return try partitioned().partitions.ranges.count
  }

  /// Merges partition `number` alone and hands out its entities with their sources, as
  /// ``finish(checking:withSources:)`` hands out that partition's: merging every partition once,
  /// in any order and on any number of conversions that staged the same resources, hands out
  /// exactly the entities one `finish` does. A partition merged twice hands out the same
  /// entities twice.
  /// - Parameters:
  ///   - number: The partition, from 0 to ``partitionCount()`` − 1.
  ///   - check: Called with the partition's report before its entities are handed out; what it
  ///     throws stops there, with nothing handed out.
  ///   - body: Called with each entity and its sources.
  /// - Throws: ``StagingError``, or what `check` or `body` throws.
  public func merge(
    partition number: Int, checking check: (PipelineReport) throws -> Void = { _ in },
    withSources body: (CareRecord, [SourceReference]) throws -> Void
  ) throws {
    precondition(!finished, "StagedConversion.merge(partition:) after finish")
    let (partitions, merger) = try partitioned()
    precondition(partitions.ranges.indices.contains(number), "StagedConversion: no partition \(number)")
    let result = stagedMerge.absorb(try merger.merge(partitions.ranges[number]))
    try check(result.report)
    try result.forEachRecord { record in try body(record, result.sources[record.uuid] ?? []) }
  }

  /// The report of what was staged and of the partitions merged so far by
  /// ``merge(partition:checking:withSources:)``: the run's report once each was merged.
  public var partitionsReport: PipelineReport { stagedMerge.finishedReport() }

  private func partitioned() throws -> (partitions: StagedMerge.Partitions, merger: PartitionMerger) {
    if let cut { return cut }
    let partitions = try stagedMerge.partition()
    let made = (partitions, try stagedMerge.merger(partitions))
    cut = made
    return made
  }
}
