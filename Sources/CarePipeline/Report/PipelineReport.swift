public import FHIRCoders

/// What a pipeline run did, without any data value: counts, conversion reports per resource
/// type, references it could not follow and resources that could not be converted.
public struct PipelineReport: Sendable {
  /// Resources taken in, per `resourceType` (Bundles flattened, duplicates counted).
  public var resourcesRead: [String: Int] = [:]
  /// Resources dropped because a newer (or identical) version of the same resource was seen, per type.
  public var duplicatesMerged: [String: Int] = [:]
  /// Resources of types that become no entity of their own (Encounter, Medication, …), per type.
  /// Medications still give task titles, and any resource can be a reference target.
  public var notConverted: [String: Int] = [:]
  /// Entities produced, per care record kind (`patient`, `carePlan`, `task`, `outcome`).
  public var entities: [String: Int] = [:]
  /// The coders' reports, merged per resource type.
  public var conversion: [String: ConversionReport] = [:]
  /// The coders' reports of each resource with something approximated, in merge order;
  /// empty unless ``Pipeline/Options/keepsResourceReports`` is set.
  public var resourceReports: [ResourceConversionReport] = []
  /// References needed for the merge that could not be followed, sorted.
  public var unresolvedReferences: [UnresolvedReference] = []
  /// Resources the coders could not convert at all, sorted by description.
  public var failures: [CoderError] = []
  /// Outcomes whose effective time is before their task's first occurrence (given index 0).
  public var outcomesBeforeSchedule = 0
  /// Observations that more than one task claims (the first task, in key order, takes them).
  public var observationsClaimedTwice = 0
  /// Observations whose values went into the outcome of another Observation on the same
  /// occurrence of the same task (one outcome per occurrence).
  public var observationsMergedIntoOutcomes = 0
  /// Records that could not be read from the sources and were skipped, in reading order
  /// (empty when the input was given as decoded resources).
  public var inputIssues: [InputIssue] = []

  public init() {}

  /// Adds the entity-side figures of a staged partition's report (not the read and duplicate
  /// counts, which staging counts over the whole input). Call ``sort()`` after the last one.
  mutating func add(partition other: PipelineReport) {
    notConverted.merge(other.notConverted, uniquingKeysWith: +)
    entities.merge(other.entities, uniquingKeysWith: +)
    for (type, report) in other.conversion { conversion[type, default: ConversionReport()].merge(report) }
    resourceReports += other.resourceReports
    unresolvedReferences += other.unresolvedReferences
    failures += other.failures
    outcomesBeforeSchedule += other.outcomesBeforeSchedule
    observationsClaimedTwice += other.observationsClaimedTwice
    observationsMergedIntoOutcomes += other.observationsMergedIntoOutcomes
  }

  /// Sorts the lists as a single run does.
  mutating func sort() {
    unresolvedReferences.sort()
    failures.sort { $0.description < $1.description }
  }
}
