/// The progress line of `fhirkit import` and `convert --to care` after reading: patient-group
/// partitions merged (of how many) and entities stored or written, with the rate, e.g.
/// `merging and storing: 12/40 partitions, 8000 entities stored (2650/s)`. Drawn through
/// ``Console`` (only on a terminal, never with `--quiet`).
final class MergeProgress {
  /// What is done with the entities: `stored`, `written`.
  let noun: String
  private var title = ""
  private var merged = 0
  private var partitions = 0
  private var stored = 0

  init(noun: String = "stored") { self.noun = noun }

  /// Starts a phase (`checking`, `merging and storing`).
  func start(_ title: String) {
    self.title = title
    merged = 0
    Console.shared.startPhase()
  }

  /// `done` of `total` partitions merged.
  func merged(_ done: Int, of total: Int) {
    (merged, partitions) = (done, total)
    draw()
  }

  /// `count` entities stored (written or found unchanged) or written so far.
  func stored(_ count: Int) {
    stored = count
    draw()
  }

  private func draw() {
    Console.shared.phase { seconds in
      var line = "\(title): \(merged)/\(partitions) partitions"
      if title != "checking" { line += ", \(stored) entities \(noun) (\(Int(Double(stored) / seconds))/s)" }
      return line
    }
  }
}
