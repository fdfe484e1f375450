/// An Observation's (or a component's) `kind` and the element of its `code` it came from: the
/// first LOINC coding's `code`, else the code's `text`, else the first coding's `code`
/// (``ObservedValue/kind(codings:text:)``).
///
/// An outcome value keeps the kind alone, so the mapping reports only that element mapped (and
/// a LOINC coding's `system`, which a LOINC-shaped kind is written back with); the element
/// accounting reports the code's other elements — its displays, the text beside a LOINC code,
/// a SNOMED coding's `system` — dropped.
struct ObservedKind {
  /// The element the kind came from.
  enum Source {
    /// A LOINC coding's `code`.
    case loinc
    /// `CodeableConcept.text`.
    case text
    /// The first coding's `code` (no LOINC coding, no text).
    case code
  }

  var kind: String
  var source: Source
  /// How many other codings hold a `code`, and a `system`: report paths do not tell codings
  /// apart, so those of the kept element are reported dropped beside it (``report(_:in:)``).
  var otherCodes = 0
  var otherSystems = 0

  /// The kind of a code with `codings` and (read only when needed) `text`, without building the
  /// list of codings; `nil` when neither gives one.
  static func of<Coding: CodingModel>(_ codings: [Coding]?, text: () -> String?) -> ObservedKind? {
    guard let codings else { return nil }
    var found: ObservedKind?
    var chosen = 0
    for i in codings.indices where ObservedValue.isLOINC(codings[i].system?.string) {
      if let k = codings[i].code?.string {
        (found, chosen) = (ObservedKind(kind: k, source: .loinc), i)
        break
      }
    }
    if found == nil, let text = text() { return ObservedKind(kind: text, source: .text) }
    if found == nil, let i = codings.firstIndex(where: { $0.code?.string != nil }), let k = codings[i].code?.string {
      (found, chosen) = (ObservedKind(kind: k, source: .code), i)
    }
    guard var found else { return nil }
    for i in codings.indices where i != chosen {
      if codings[i].code?.string != nil { found.otherCodes += 1 }
      if codings[i].system?.string != nil { found.otherSystems += 1 }
    }
    return found
  }

  /// Reports the elements of the code that the kind keeps as mapped.
  func report(_ paths: ConceptText.Paths, in report: inout ConversionReport) {
    switch source {
    case .loinc:
      report.mapped(paths.code)
      // Written back as a LOINC coding only when shaped like a LOINC code; else as text.
      if ObservedValue.looksLikeLOINC(kind) {
        report.mapped(paths.system)
        if otherSystems > 0 { report.record(.dropped, paths.system, count: otherSystems) }
      }
    case .text: report.mapped(paths.text)
    case .code: report.mapped(paths.code)
    }
    // The other codings' codes fall under the mapped path too: said dropped here.
    if source != .text && otherCodes > 0 { report.record(.dropped, paths.code, count: otherCodes) }
  }
}
