import CarePipeline
import FHIRCoders
import FHIRKit

/// What `convert --to care` and `import` say about a pipeline run: the references that
/// could not be followed, the resources the coders refused (skipped, with why and where), and
/// what the coders approximated, on stderr and in `--report`, never with data values.
///
/// Report lines (one JSON object each):
/// - `{"kind":"unresolvedReference", "resourceType", "id", "path", "form", "reason"}`;
/// - `{"kind":"skipped", "resourceType", "id", "path", "severity":"error", "code", "message"}`;
/// - `{"kind":"approximated", "resourceType", "id", "path", "disposition", "count", "reason"}`,
///   one per resource and path the coders dropped, defaulted or could not represent fully;
/// - `{"kind":"conversionIssue", "resourceType", "id", "path", "severity", "code", "message"}`,
///   one per input problem the coders worked around (a timing period that is not positive, …);
/// - `{"kind":"notConverted", "resourceType", "count", "reason"}`, one per resource type of
///   which resources became no care entity of their own (an Encounter, a Claim, a ValueSet, …).
struct PipelineReportWriter {
  var issueReport: IssueReport

  /// The pipeline to run: it keeps the coders' reports per resource when a report is written,
  /// and each source's JSON only when `keepsSourceJSON` (the store keeps it; care NDJSON does not).
  func pipeline(keepsSourceJSON: Bool) -> Pipeline {
    var options = Pipeline.Options()
    options.keepsResourceReports = issueReport.isEnabled
    options.keepsSourceJSON = keepsSourceJSON
    return Pipeline(options: options)
  }

  /// Prints and writes `report` (the approximations' line is ``printApproximations(_:)``'s),
  /// and counts the outcomes of the resources `reader` read into `summary`: resources the
  /// coders refused move from converted (or converted with issues) to skipped.
  func write(_ report: PipelineReport, reader: CareInputReader, into summary: inout RunSummary) {
    for (i, reference) in report.unresolvedReferences.enumerated() {
      if i < Self.unresolvedShown { printRecordMessage("fhirkit: unresolved reference: \(reference)") }
      var line: JSONObject = [
        "kind": "unresolvedReference", "resourceType": .string(reference.resourceType), "path": .string(reference.path),
        "form": .string(reference.form.rawValue), "reason": .string(reference.reason.rawValue),
      ]
      if let id = reference.resourceID { line["id"] = .string(id) }
      issueReport.write(line)
    }
    if report.unresolvedReferences.count > Self.unresolvedShown {
      let more = report.unresolvedReferences.count - Self.unresolvedShown
      printRecordMessage(
        "fhirkit: \(more) more unresolved reference(s)"
          + (issueReport.isEnabled ? ": see --report" : ": list them with --report FILE"))
    }
    var withIssues = reader.withIssues
    var converted = reader.resourcesRead - reader.withIssues
    for failure in report.failures {
      issueReport.skipped(failure)
      if let id = failure.resourceID, reader.keysWithIssues.contains("\(failure.resourceType)/\(id)"), withIssues > 0 {
        withIssues -= 1
      } else if converted > 0 {
        converted -= 1
      }
    }
    summary.converted += converted
    summary.convertedWithIssues += withIssues
    summary.skipped += reader.skipped + report.failures.count
    summary.unreadable += reader.unreadable
    if !report.unresolvedReferences.isEmpty {
      summary.actions["unresolved reference(s)"] = report.unresolvedReferences.count
    }
    for resource in report.resourceReports { write(resource) }
    for (type, count) in report.notConverted.sorted(by: { $0.key < $1.key }) where count > 0 {
      issueReport.write([
        "kind": "notConverted", "resourceType": .string(type), "count": .number(JSONNumber(count)),
        "reason": .string(Self.notConvertedReason),
      ])
    }
  }

  /// The unresolved references named one per line on stderr; the others are counted in one line
  /// (all of them go to `--report`): a Bulk Data export's `Observation.ndjson` imported before
  /// its `Patient.ndjson` has one per Observation.
  static let unresolvedShown = 20

  /// Why a resource counted in ``PipelineReport/notConverted`` has no entity, in words.
  static let notConvertedReason =
    "became no care entity of its own: the care model has no entity for it (it is still followed as a reference)"

  /// The one line on stderr naming what became no care entity, by type, most first:
  /// `fhirkit: 1344 resource(s) became no care entity of their own: 338 ValueSet, 250 CodeSystem,
  /// 196 StructureDefinition and 560 of 71 other types (see --report)`; nothing when every
  /// resource did, or with `--quiet`.
  func printNotConverted(_ report: PipelineReport) {
    let counts = report.notConverted.filter { $0.value > 0 }.sorted { ($1.value, $0.key) < ($0.value, $1.key) }
    guard !Console.shared.quiet, !counts.isEmpty else { return }
    let total = counts.reduce(0) { $0 + $1.value }
    var line = "fhirkit: \(total) resource(s) became no care entity of their own: "
    line += counts.prefix(3).map { "\($0.value) \($0.key)" }.joined(separator: ", ")
    if counts.count > 3 {
      let rest = counts.dropFirst(3)
      let others = rest.reduce(0) { $0 + $1.value }
      line += rest.count == 1 ? " and \(others) \(rest.first!.key)" : " and \(others) of \(rest.count) other types"
    }
    line += issueReport.isEnabled ? " (see --report)" : " (by type with --report FILE)"
    printError(line)
  }

  /// Counts per disposition (other than `mapped`) and the input problems worked around,
  /// over the coders' reports of every resource type.
  static func approximations(_ report: PipelineReport) -> Approximations {
    var totals = Approximations()
    for conversion in report.conversion.values { totals.add(conversion) }
    return totals
  }

  /// What the coders approximated over a run.
  struct Approximations {
    /// Elements per disposition.
    var elements: [ConversionReport.Disposition: Int] = [:]
    /// Input problems the coders worked around.
    var issues = 0

    /// All elements approximated.
    var total: Int { elements.values.reduce(0, +) }

    /// Adds the counts of one coder report.
    mutating func add(_ conversion: ConversionReport) {
      for disposition in ConversionReport.Disposition.allCases where disposition != .mapped {
        elements[disposition, default: 0] += conversion[disposition].values.reduce(0, +)
      }
      issues += conversion.issues.count
    }
  }

  /// The one-line summary: `fhirkit: 312 element(s) approximated (12 defaulted, 300 dropped),
  /// 4 input problem(s) worked around: see --report`; nothing when nothing was approximated.
  func printApproximations(_ totals: Approximations) {
    guard !Console.shared.quiet, totals.total > 0 || totals.issues > 0 else { return }
    var line = "fhirkit: \(totals.total) element(s) approximated"
    let parts = totals.elements.filter { $0.value > 0 }.sorted { $0.key.rawValue < $1.key.rawValue }
    if !parts.isEmpty { line += " (" + parts.map { "\($0.value) \($0.key.rawValue)" }.joined(separator: ", ") + ")" }
    if totals.issues > 0 { line += ", \(totals.issues) input problem(s) worked around" }
    line += issueReport.isEnabled ? ": see --report" : ": list them with --report FILE"
    printError(line)
  }

  /// Writes the `approximated` and `conversionIssue` lines of one resource.
  func write(_ resource: ResourceConversionReport) {
    for entry in resource.entries {
      var line: JSONObject = [
        "kind": "approximated", "resourceType": .string(resource.resourceType), "path": .string(entry.path),
        "disposition": .string(entry.disposition.rawValue), "count": .number(JSONNumber(entry.count)),
        "reason": .string(Self.reason(entry.disposition)),
      ]
      if let id = resource.resourceID { line["id"] = .string(id) }
      issueReport.write(line)
    }
    for issue in resource.issues {
      var line: JSONObject = [
        "kind": "conversionIssue", "resourceType": .string(resource.resourceType),
        "path": .string(issue.path.description),
        "severity": .string(issue.severity.rawValue), "code": .string(issue.code.rawValue),
        "message": .string(issue.message),
      ]
      if let id = resource.resourceID { line["id"] = .string(id) }
      issueReport.write(line)
    }
  }

  /// Why an element has `disposition`, in words.
  static func reason(_ disposition: ConversionReport.Disposition) -> String {
    switch disposition {
    case .mapped: "carried into the output"
    case .dropped: "present in the input, with no place in the output"
    case .defaulted: "absent or unusable in the input; a documented default was used"
    case .unrepresentable: "only partly kept (precision, a maximum, an approximation)"
    }
  }
}
