public import CareModel

extension Pipeline {
  /// Reads `sources` and merges them through on-disk staging, in memory bounded by the
  /// partition size rather than by the input: the way to convert Bulk Data exports of any size,
  /// or a stream such as standard input.
  ///
  /// ```swift
  /// let report = try Pipeline().convert([.path("export/")]) { record in
  ///   try writer.write(record)
  /// }
  /// ```
  ///
  /// The entities are those ``run(_:)-(PipelineInput)`` gives for the same resources, handed
  /// out one partition (a few patients with everything that belongs to them) at a time, each
  /// partition sorted as ``PipelineResult`` is; the order does not depend on the input's order.
  /// - Parameters:
  ///   - sources: Files, folders, standard input or descriptors, read in order.
  ///   - reading: Release and strictness.
  ///   - staging: Where to stage and how large a partition is.
  ///   - body: Called with each entity.
  /// - Returns: The report, with the records that could not be read in ``PipelineReport/inputIssues``.
  /// - Throws: ``InputIssue`` in strict mode, ``StagingError``, or what `body` throws.
  public func convert(
    _ sources: [PipelineSource], reading: ReadOptions = ReadOptions(), staging: StagingOptions = StagingOptions(),
    _ body: (CareRecord) throws -> Void
  ) throws -> PipelineReport {
    try convert(sources, reading: reading, staging: staging, withSources: { record, _ in try body(record) })
  }

  /// ``convert(_:reading:staging:_:)`` handing out each entity with its provenance: the
  /// resources it came from, as ``PipelineResult/sources`` has them for ``run(_:)-(PipelineInput)``.
  /// - Parameter body: Called with each entity and its sources (empty for observation log
  ///   plans and tasks).
  public func convert(
    _ sources: [PipelineSource], reading: ReadOptions = ReadOptions(), staging: StagingOptions = StagingOptions(),
    withSources body: (CareRecord, [SourceReference]) throws -> Void
  ) throws -> PipelineReport {
    let merge = try StagedMerge(pipeline: self, options: staging)
    var issues: [InputIssue] = []
    // Observations and unmodelled types are staged from their tokens and decoded once, when merged.
    var reader = SourceReader(options: reading)
    if staging.stagesFromTokens {
      reader.raw = { tokens, index, release, fullUrl in
        try merge.addRaw(tokens, at: index, release: release, fullUrl: fullUrl)
      }
    }
    try reader.read(sources, add: { try merge.add($0) }, onIssue: { issues.append($0) })
    var report = try merge.mergeAll(body)
    report.inputIssues = issues
    return report
  }

  /// Merges resources already decoded through on-disk staging (see
  /// ``convert(_:reading:staging:_:)``).
  /// - Throws: ``StagingError``, or what `body` throws.
  public func convert(
    _ input: PipelineInput, staging: StagingOptions = StagingOptions(), _ body: (CareRecord) throws -> Void
  ) throws -> PipelineReport {
    let merge = try StagedMerge(pipeline: self, options: staging)
    for entry in input.entries { try merge.add(entry) }
    return try merge.mergeAll { record, _ in try body(record) }
  }

  /// Reads `sources` into memory (see ``convert(_:reading:staging:_:)`` for inputs larger than
  /// memory).
  /// - Returns: The resources, and the records that could not be read.
  /// - Throws: ``InputIssue`` in strict mode.
  public func read(_ sources: [PipelineSource], reading: ReadOptions = ReadOptions()) throws -> (
    input: PipelineInput, issues: [InputIssue]
  ) {
    var input = PipelineInput()
    var issues: [InputIssue] = []
    try SourceReader(options: reading).read(sources, add: { input.add($0) }, onIssue: { issues.append($0) })
    return (input, issues)
  }

  /// Reads `sources` into memory and merges them.
  /// - Returns: The entities and report, with the records that could not be read in
  ///   ``PipelineReport/inputIssues``.
  /// - Throws: ``InputIssue`` in strict mode.
  public func run(_ sources: [PipelineSource], reading: ReadOptions = ReadOptions()) throws -> PipelineResult {
    let (input, issues) = try read(sources, reading: reading)
    var result = run(input)
    result.report.inputIssues = issues
    return result
  }
}

extension StagedMerge {
  /// Merges every partition, handing out the entities with their provenance (as
  /// ``PipelineResult/sources`` has it), and returns the whole report. Partitions are merged
  /// ``Pipeline/StagingOptions/jobs`` at a time on as many threads and handed out in order, so
  /// what comes out does not depend on the number.
  /// - Parameters:
  ///   - check: Called with each partition's report before its entities are handed out; what
  ///     it throws stops the merge there.
  ///   - progress: Called after each partition with the partitions merged and their number.
  func mergeAll(
    checking check: (PipelineReport) throws -> Void = { _ in }, progress: (Int, Int) -> Void = { _, _ in },
    _ body: (CareRecord, [SourceReference]) throws -> Void
  ) throws -> PipelineReport {
    try forEachPartition(progress: progress, preparing: { _ in () }) { result, _ in
      try check(result.report)
      try result.forEachRecord { record in try body(record, result.sources[record.uuid] ?? []) }
    }
    return finishedReport()
  }

  /// ``mergeAll(checking:progress:_:)`` turning each entity into `Output` with `prepare` on the
  /// merging threads, as each partition is merged; `body` gets the outputs in order.
  func mergeAll<Output: Sendable>(
    checking check: (PipelineReport) throws -> Void, progress: (Int, Int) -> Void,
    preparing prepare: @escaping @Sendable (CareRecord, [SourceReference]) -> Output, _ body: (Output) throws -> Void
  ) throws -> PipelineReport {
    let prepareAll: @Sendable (PipelineResult) -> [Output] = { result in
      var outputs: [Output] = []
      outputs.reserveCapacity(result.recordCount)
      result.forEachRecord { outputs.append(prepare($0, result.sources[$0.uuid] ?? [])) }
      return outputs
    }
    try forEachPartition(progress: progress, preparing: prepareAll) { result, outputs in
      try check(result.report)
      for output in outputs { try body(output) }
    }
    return finishedReport()
  }

  /// Merges every partition only to call `check` with its report, handing nothing out and
  /// leaving the report as it was: a strict run's look before it writes anything.
  /// - Throws: ``StagingError``, or what `check` throws.
  func checkAll(_ check: (PipelineReport) throws -> Void, progress: (Int, Int) -> Void = { _, _ in }) throws {
    // The index, built once, counts the duplicates it merged into the report: that stays.
    _ = try partition()
    let before = report
    defer { report = before }
    try forEachPartition(progress: progress, preparing: { _ in () }) { result, _ in try check(result.report) }
  }

  /// Merges the partitions ``Pipeline/StagingOptions/jobs`` at a time, adds each one's report
  /// to ``report`` and hands its result to `body`, in the partitions' order, with what
  /// `prepare` made of it on the merging thread.
  private func forEachPartition<Prepared: Sendable>(
    progress: (Int, Int) -> Void, preparing prepare: @escaping @Sendable (PipelineResult) -> Prepared,
    _ body: (PipelineResult, Prepared) throws -> Void
  ) throws {
    let jobs = max(1, options.jobs)
    let partitions = try partition()
    let merger = try merger(partitions)
    let ranges = partitions.ranges
    progress(0, ranges.count)
    var done = 0
    // The next partitions are merged on other threads while this one's entities are handed out.
    let work: @Sendable (Int) throws -> (PartitionMerger.Merged, Prepared) = { i in
      let merged = try merger.merge(ranges[i])
      return (merged, prepare(merged.result))
    }
    try OrderedWork.forEach(count: ranges.count, jobs: jobs, work: work) { merged, prepared in
      try body(absorb(merged), prepared)
      done += 1
      progress(done, ranges.count)
    }
  }

  /// The report once every partition is merged.
  func finishedReport() -> PipelineReport {
    var result = report
    for kind in ["patient", "carePlan", "task", "outcome"] where result.entities[kind] == nil {
      result.entities[kind] = 0
    }
    result.sort()
    return result
  }
}
