/// The report paths the Observation mapping records (both releases), each built once
/// (``ReportPath``).
enum ObservationPaths {
  static let root = ReportPath("Observation")
  static let id = ReportPath("Observation.id")
  static let status = ReportPath("Observation.status")
  /// The elements of `code` an outcome value's kind may come from (``ObservedKind``).
  static let codeParts = ConceptText.Paths("Observation.code")
  static let componentCodeParts = ConceptText.Paths("Observation.component.code")
  static let effective = ReportPath("Observation.effective")
  static let effectiveDateTime = ReportPath("Observation.effectiveDateTime")
  static let effectiveInstant = ReportPath("Observation.effectiveInstant")
  static let effectivePeriodStart = ReportPath("Observation.effectivePeriod.start")
  static let effectivePeriodEnd = ReportPath("Observation.effectivePeriod.end")
  static let effectiveTiming = ReportPath("Observation.effectiveTiming")
  static let issued = ReportPath("Observation.issued")
  static let basedOnReference = ReportPath("Observation.basedOn.reference")

  /// The paths of each kind of `value[x]` (``ObservedValue/path(inComponent:)``), of the
  /// observation's own value and of a component's, by ``ObservedValue/pathIndex(inComponent:)``.
  static let values: [ObservedValuePaths] = (0..<ObservedValue.pathCount).map { index in
    ObservedValuePaths(ReportPath(ObservedValue.path(at: index)))
  }
}

/// The report paths of one Observation `value[x]` and of the elements below it that
/// ``ObservedValue`` reads. A class: handing a value's paths to ``ObservedValue`` retains one
/// reference, not each path's name.
final class ObservedValuePaths: Sendable {
  let value, start, end, low, high, data: ReportPath
  /// A quantity's number (`Observation.valueQuantity.value`).
  let number: ReportPath
  /// A quantity's `unit`, `code` and `comparator`.
  let unit, code, comparator: ReportPath
  /// The elements of a CodeableConcept value its text may come from.
  let concept: ConceptText.Paths

  /// The paths below `value`.
  init(_ value: ReportPath) {
    self.value = value
    start = value.appending(".start")
    end = value.appending(".end")
    low = value.appending(".low")
    high = value.appending(".high")
    data = value.appending(".data")
    number = value.appending(".value")
    unit = value.appending(".unit")
    code = value.appending(".code")
    comparator = value.appending(".comparator")
    concept = ConceptText.Paths(value.description)
  }
}
