/// An element path a coder records in a ``ConversionReport`` (`Observation.code`): the coders
/// keep their paths as `static let`s (``ObservationPaths``, ``MedicationTaskPaths``, …), so that
/// each path is named and numbered (``PathRegistry``) once.
struct ReportPath: Hashable, Sendable, CustomStringConvertible {
  /// The path (`Observation.code`).
  let name: String
  /// Its number in ``PathRegistry/shared``.
  let id: Int32

  /// The path `name`.
  init(_ name: String) {
    self.name = name
    id = PathRegistry.shared.id(of: name)
  }

  /// This path followed by `suffix` (`.start`).
  func appending(_ suffix: String) -> ReportPath {
    ReportPath(name + suffix)
  }

  var description: String { name }
}
