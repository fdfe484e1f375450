public import CareModel

/// What ``Pipeline/records(from:staging:)`` hands out: care entities, then, last, the report.
public enum PipelineOutput: Sendable {
  /// One care entity.
  case record(CareRecord)
  /// What the run did; the last element of the sequence.
  case report(PipelineReport)
}
