import CareModel

/// The care entities a ``Pipeline`` makes from an async sequence of resources, followed by its
/// report (see ``Pipeline/records(from:staging:)``).
///
/// Nothing is read until the first element is asked for. Then the whole input is consumed and
/// staged on disk (the merge needs every resource before it can finish a patient), and each
/// further partition is merged only when its first entity is asked for, so memory stays bounded
/// whatever the input's size and however slowly the entities are consumed.
public struct PipelineOutputSequence<Resources: AsyncSequence>: AsyncSequence {
  public typealias Element = PipelineOutput

  let pipeline: Pipeline
  let resources: Resources
  let entry: @Sendable (Resources.Element) -> PipelineInput.Entry
  let staging: Pipeline.StagingOptions

  public func makeAsyncIterator() -> Iterator {
    Iterator(pipeline: pipeline, resources: resources.makeAsyncIterator(), entry: entry, staging: staging)
  }

  /// Hands out the entities partition by partition.
  public struct Iterator: AsyncIteratorProtocol {
    let pipeline: Pipeline
    var resources: Resources.AsyncIterator
    let entry: @Sendable (Resources.Element) -> PipelineInput.Entry
    let staging: Pipeline.StagingOptions
    var merge: StagedMerge?
    var partitions: StagedMerge.Partitions?
    var nextRange = 0
    var pending: [CareRecord] = []
    var pendingIndex = 0
    var finished = false

    /// The next entity, the report after the last one, then `nil`.
    /// - Throws: What the input sequence throws, or ``StagingError``.
    public mutating func next() async throws -> PipelineOutput? {
      if finished { return nil }
      if merge == nil {
        let merge = try StagedMerge(pipeline: pipeline, options: staging)
        while let resource = try await resources.next() { try merge.add(entry(resource)) }
        partitions = try merge.partition()
        self.merge = merge
      }
      guard let merge, let partitions else { return nil }
      while pendingIndex == pending.count {
        guard nextRange < partitions.ranges.count else {
          finished = true
          return .report(merge.finishedReport())
        }
        pending = try merge.merge(partitions.ranges[nextRange], of: partitions).records
        pendingIndex = 0
        nextRange += 1
      }
      pendingIndex += 1
      return .record(pending[pendingIndex - 1])
    }
  }
}

extension Pipeline {
  /// Merges an async sequence of resources of either release (Bundles are flattened) into care
  /// entities, staging them on disk so that inputs larger than memory work.
  ///
  /// ```swift
  /// let pipeline = Pipeline()
  /// for try await output in pipeline.records(from: resources) {
  ///   switch output {
  ///   case .record(let record): store(record)
  ///   case .report(let report): print(report.entities)
  ///   }
  /// }
  /// ```
  /// - Parameters:
  ///   - resources: The resources, in any order.
  ///   - staging: Where to stage and how large a partition is.
  /// - Returns: The entities, partition by partition, then the report.
  public func records<Resources: AsyncSequence>(
    from resources: Resources, staging: StagingOptions = StagingOptions()
  ) -> PipelineOutputSequence<Resources> where Resources.Element == PipelineResource {
    PipelineOutputSequence(pipeline: self, resources: resources, entry: { PipelineInput.Entry(resource: $0) }, staging: staging)
  }

  /// ``records(from:staging:)-(Resources,_)`` for resources that came in Bundle entries, with their `fullUrl`s.
  /// - Parameters:
  ///   - entries: The resources with their entries' `fullUrl`s, in any order.
  ///   - staging: Where to stage and how large a partition is.
  /// - Returns: The entities, partition by partition, then the report.
  public func records<Entries: AsyncSequence>(
    from entries: Entries, staging: StagingOptions = StagingOptions()
  ) -> PipelineOutputSequence<Entries> where Entries.Element == PipelineInput.Entry {
    PipelineOutputSequence(pipeline: self, resources: entries, entry: { $0 }, staging: staging)
  }
}
