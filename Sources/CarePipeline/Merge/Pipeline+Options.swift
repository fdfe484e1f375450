extension Pipeline {
  /// How the pipeline merges.
  public struct Options: Sendable {
    /// Whether Observations tied to no task become outcomes of observation log tasks (one per
    /// observation code per patient). Default `true`; when `false` they are counted as not converted.
    public var logsUntiedObservations = true
    /// The title of each patient's observation log plan. Default `"Observations"`.
    public var logPlanTitle = "Observations"
    /// Whether the report keeps what the coders approximated per resource
    /// (``PipelineReport/resourceReports``), besides the totals per type. Default `false`:
    /// the list grows with the input.
    public var keepsResourceReports = false

    /// The default options.
    public init() {}
  }
}
