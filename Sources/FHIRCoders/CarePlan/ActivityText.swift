import CareModel

/// Title and instructions of a CarePlan activity, shared by both releases: the detail's code
/// text (else first coding display) is the title and its `description` the instructions; with no
/// code, the description is the title. A care `titleAbsent` extension on the detail marks a task
/// with instructions and no title. Of the code only the element the title came from is mapped
/// (``ConceptText``): its codings' codes are reported dropped.
enum ActivityText {
  static func read(
    codeText: String?, codeDisplay: String?, hasCode: Bool, description: String?, referenceDisplay: String?,
    titleAbsent: Bool, paths: ActivityPaths, report: inout ConversionReport
  ) -> (title: String?, instructions: String?) {
    if description != nil { report.mapped(paths.description) }
    if titleAbsent { return (nil, description) }
    if hasCode {
      guard let code = ConceptText(text: codeText, codings: CollectionOfOne((display: codeDisplay, code: nil))) else {
        return (nil, description)
      }
      code.report(paths.codeConcept, in: &report)
      return (code.text, description)
    }
    if let description { return (description, nil) }
    if let referenceDisplay {
      report.mapped(paths.referenceDisplay)
      return (referenceDisplay, nil)
    }
    return (nil, nil)
  }
}
