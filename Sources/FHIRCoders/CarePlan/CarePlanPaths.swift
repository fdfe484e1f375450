/// The report paths the CarePlan mapping records (both releases), each built once
/// (``ReportPath``).
enum CarePlanPaths {
  static let root = ReportPath("CarePlan")
  static let id = ReportPath("CarePlan.id")
  static let title = ReportPath("CarePlan.title")
  static let description = ReportPath("CarePlan.description")
  static let category = ReportPath("CarePlan.category")
  static let subjectReference = ReportPath("CarePlan.subject.reference")
  static let periodStart = ReportPath("CarePlan.period.start")
  static let periodEnd = ReportPath("CarePlan.period.end")
  static let status = ReportPath("CarePlan.status")
  static let intent = ReportPath("CarePlan.intent")
  static let activity = ReportPath("CarePlan.activity")
  static let created = ReportPath("CarePlan.created")
  static let modified = ReportPath("CarePlan.modified")

  /// The path of the plan's element `element` (a release's fallback date, `created` / `modified`).
  static func element(_ element: String) -> ReportPath {
    switch element {
    case "created": created
    case "modified": modified
    default: ReportPath("CarePlan." + element)
    }
  }
}
