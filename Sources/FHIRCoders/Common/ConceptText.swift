/// The text a CodeableConcept gives a care field, and the element it came from: its `text`, else
/// the first coding's `display` (else, where a code will do, that coding's `code`). A care title
/// or text value keeps no code system, so a coder reports only that element mapped
/// (``Paths/subscript(_:)``) and the element accounting reports the concept's other elements —
/// its codings' `system` and `code` — dropped: a medication's RxNorm code, a coded result's
/// SNOMED code are never lost without a word.
public struct ConceptText: Sendable, Equatable {
  /// The element the text came from.
  public enum Source: Sendable, Equatable {
    /// `CodeableConcept.text`.
    case text
    /// `CodeableConcept.coding.display` (the first coding that has a display or, where a code
    /// will do, a code).
    case display
    /// `CodeableConcept.coding.code` (the first such coding has no display).
    case code
  }

  /// The text.
  public var text: String
  /// Where it came from.
  public var source: Source
  /// How many other codings hold the element the text came from (their `display`, or their
  /// `code`): report paths do not tell codings apart, so these are reported dropped beside the
  /// one mapped (``report(_:in:)``).
  public var othersAlike = 0

  /// Creates a concept text.
  public init(_ text: String, from source: Source) {
    self.text = text
    self.source = source
  }

  /// The text of a concept with `text` and `codings` (each coding's `display` and `code`, in
  /// order), or `nil` when it gives none. Without `text`, the first coding with a `display` — or,
  /// when `codeWillDo`, with a `display` or a `code` — gives it.
  public init?(text: String?, codings: some Sequence<(display: String?, code: String?)>, codeWillDo: Bool = false) {
    if let text {
      self.init(text, from: .text)
      return
    }
    var chosen: ConceptText?
    var displays = 0
    var codes = 0
    for coding in codings {
      if coding.display != nil { displays += 1 }
      if coding.code != nil { codes += 1 }
      guard chosen == nil else { continue }
      if let display = coding.display {
        chosen = ConceptText(display, from: .display)
      } else if codeWillDo, let code = coding.code {
        chosen = ConceptText(code, from: .code)
      }
    }
    guard var chosen else { return nil }
    chosen.othersAlike = (chosen.source == .display ? displays : codes) - 1
    self = chosen
  }

  /// Reports the element the text came from mapped, and the same element of the other codings
  /// (``othersAlike``) dropped: a care field keeps one coding's display, not the others'.
  func report(_ paths: Paths, in report: inout ConversionReport) {
    report.mapped(paths[source])
    if othersAlike > 0 { report.record(.dropped, paths[source], count: othersAlike) }
  }

  /// The report paths of the elements below one CodeableConcept element that a text
  /// (``ConceptText``) or a kind (``ObservedKind``) may come from, built once (``ReportPath``).
  struct Paths: Sendable {
    let text, display, code, system: ReportPath

    /// The paths below the concept at `base` (`MedicationRequest.medicationCodeableConcept`).
    init(_ base: String) {
      text = ReportPath(base + ".text")
      display = ReportPath(base + ".coding.display")
      code = ReportPath(base + ".coding.code")
      system = ReportPath(base + ".coding.system")
    }

    /// The path of the element `source` names.
    subscript(_ source: Source) -> ReportPath {
      switch source {
      case .text: text
      case .display: display
      case .code: code
      }
    }
  }
}
