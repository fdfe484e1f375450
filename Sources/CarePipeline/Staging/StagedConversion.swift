public import CareModel

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
  private let merge: StagedMerge
  private var finished = false
  /// Called after each partition (a few patient groups) is merged, with the partitions merged
  /// so far and their number: for a progress display. By default nothing is called.
  public var onPartitionMerged: (_ done: Int, _ total: Int) -> Void = { _, _ in }

  /// Creates an empty staging area.
  /// - Parameters:
  ///   - pipeline: The pipeline whose coders and options merge the resources.
  ///   - staging: Where to stage and how large a partition is.
  /// - Throws: ``StagingError`` when the temporary files cannot be created.
  public init(pipeline: Pipeline, staging: Pipeline.StagingOptions = Pipeline.StagingOptions()) throws {
    merge = try StagedMerge(pipeline: pipeline, options: staging)
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
    precondition(!finished, "StagedConversion.add after finish")
    try merge.add(entry)
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
    checking check: (PipelineReport) throws -> Void = { _ in }, withSources body: (CareRecord, [SourceReference]) throws -> Void
  ) throws -> PipelineReport {
    precondition(!finished, "StagedConversion.finish called twice")
    finished = true
    return try merge.mergeAll(checking: check, progress: onPartitionMerged, body)
  }

  /// Merges everything staged to check it, before ``finish(checking:withSources:)``: `check` is
  /// called with each partition's report, as `finish` calls it, and nothing is handed out — a
  /// strict import looks at every partition so before it stores anything. The merge runs again
  /// in `finish`.
  /// - Parameter check: What it throws stops the check.
  /// - Throws: ``StagingError``, or what `check` throws.
  public func check(_ check: (PipelineReport) throws -> Void) throws {
    precondition(!finished, "StagedConversion.check after finish")
    try merge.checkAll(check, progress: onPartitionMerged)
  }
}
