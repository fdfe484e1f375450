/// An element path a coder records in a ``ConversionReport``, interned in ``PathInterner/shared``
/// once, when it is made, so that recording it hashes nothing: the coders keep their paths as
/// `static let`s (``ObservationPaths``, ``MedicationTaskPaths``, …), each interned on first use.
///
/// A path made when the interner is full, or made ``init(unregistered:)`` (a caller's own path,
/// used once), has no id and is recorded by name, as ``ConversionReport/record(_:_:count:)`` records
/// a `String`: the report reads the same either way.
struct ReportPath: Sendable, CustomStringConvertible {
  /// The path (`Observation.code`).
  let name: String
  /// The path's id in ``PathInterner/shared``, or -1 when it is recorded by name.
  let id: Int32

  /// `name`, interned now (or kept by name when the interner is full).
  init(_ name: String) {
    self.init(name, in: PathInterner.shared)
  }

  /// `name`, interned in `interner` (tests of the id mechanism; reports read ids from
  /// ``PathInterner/shared`` only).
  init(_ name: String, in interner: PathInterner) {
    self.name = name
    var bytes = name
    let found = bytes.withUTF8 { utf8 in
      let raw = UnsafeRawBufferPointer(utf8)
      let digest = PathInterner.digest(raw)
      return interner.withTable { table, limit in table.internedID(raw, digest: digest, limit: limit) }
    }
    id = found.map { Int32($0) } ?? -1
  }

  /// `name`, recorded by name (interned when the report is merged or accounted for).
  init(unregistered name: String) {
    self.name = name
    id = -1
  }

  /// This path followed by `suffix` (`.start`), interned when this one is.
  func appending(_ suffix: String) -> ReportPath {
    id >= 0 ? ReportPath(name + suffix) : ReportPath(unregistered: name + suffix)
  }

  var description: String { name }
}
