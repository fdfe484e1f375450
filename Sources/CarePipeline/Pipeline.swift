/// Merges granular FHIR resources of either release into care entities: Patients, CarePlans
/// with their activities as Tasks, medication orders as Tasks, and Observations as Outcomes of
/// the task they belong to (or of an observation log task). References are resolved within the
/// input; those that cannot be are reported, never guessed. See `docs/pipeline.md`.
///
/// ``run(_:)-(PipelineInput)`` holds the whole input in memory; ``convert(_:reading:staging:_:)``
/// and ``records(from:staging:)-(Resources,_)`` stage it on disk for inputs larger than memory.
///
/// ```swift
/// var input = PipelineInput()
/// input.add(bundle)              // an R4 or DSTU2 AnyResource; Bundles are flattened
/// let result = Pipeline().run(input)
/// let ndjson = try CareJSON.ndjson(result.records)
/// ```
public struct Pipeline: Sendable {
  /// The coders resources are converted with.
  public var coders: Coders
  /// How resources are merged.
  public var options: Options

  /// Creates a pipeline.
  /// - Parameters:
  ///   - coders: The coders (default: the FHIRCoders defaults).
  ///   - options: The merge options.
  public init(coders: Coders = Coders(), options: Options = Options()) {
    self.coders = coders
    self.options = options
  }

  /// Merges `input` into care entities. The result depends only on the set of resources, not
  /// on their order.
  /// - Parameter input: The resources.
  /// - Returns: The entities, sorted, and a report of what was done.
  public func run(_ input: PipelineInput) -> PipelineResult {
    var run = MergeRun(pipeline: self, entries: input.entries)
    return run.run()
  }
}
