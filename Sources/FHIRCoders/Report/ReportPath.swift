/// An element path a coder records in a ``ConversionReport`` (`Observation.code`): the coders
/// keep their paths as `static let`s (``ObservationPaths``, ``MedicationTaskPaths``, …), so that
/// each path's name is made once.
struct ReportPath: Hashable, Sendable, CustomStringConvertible {
  /// The path (`Observation.code`).
  let name: String

  /// The path `name`.
  init(_ name: String) {
    self.name = name
  }

  /// This path followed by `suffix` (`.start`).
  func appending(_ suffix: String) -> ReportPath {
    ReportPath(name + suffix)
  }

  var description: String { name }
}
