public import FHIRCoders
public import FHIRCore

/// What the coders approximated in one resource: the paths they dropped, defaulted or could
/// not represent fully, with counts, and the input problems they worked around — never a
/// data value. Kept per resource only when ``Pipeline/Options/keepsResourceReports`` is set
/// (``PipelineReport/resourceReports``); ``PipelineReport/conversion`` always has the totals.
public struct ResourceConversionReport: Sendable, Hashable {
  /// One path with a disposition other than `mapped`, and how many times it came.
  public struct Entry: Sendable, Hashable {
    /// What happened to the element.
    public var disposition: ConversionReport.Disposition
    /// The FHIR path, without array positions (`MedicationRequest.dosageInstruction.timing.repeat.periodMax`).
    public var path: String
    /// How many times.
    public var count: Int

    public init(disposition: ConversionReport.Disposition, path: String, count: Int) {
      self.disposition = disposition
      self.path = path
      self.count = count
    }
  }

  /// The resource's type.
  public var resourceType: String
  /// The resource's `id`, if it has one.
  public var resourceID: String?
  /// The approximated paths, sorted by disposition and path.
  public var entries: [Entry]
  /// The input problems the coders worked around (a timing period that is not positive, …).
  public var issues: [ValidationIssue]

  /// The entries and issues of `report` for the resource `resourceType/resourceID`, or `nil`
  /// when the coder mapped everything.
  public init?(_ report: ConversionReport, resourceType: String, resourceID: String?) {
    if report.isLossless && report.issues.isEmpty { return nil }
    var entries: [Entry] = []
    for disposition in ConversionReport.Disposition.allCases where disposition != .mapped {
      for (path, count) in report[disposition].sorted(by: { $0.key < $1.key }) {
        entries.append(Entry(disposition: disposition, path: path, count: count))
      }
    }
    self.resourceType = resourceType
    self.resourceID = resourceID
    self.entries = entries
    self.issues = report.issues
  }
}
