/// Computes results on Dispatch's threads (``OrderedQueue``), up to `jobs` at once and at most
/// 2 × `jobs` ahead of the caller, and hands them to the caller in order, on its own thread: the caller's work on one
/// result (writing entities, storing them) overlaps with computing the next ones (merging the
/// next partitions), and what comes out does not depend on `jobs`.
///
/// Used by the staged merge (``StagedMerge/mergeAll(checking:progress:_:)``); with `jobs` 1
/// everything runs on the calling thread, one item after the other.
package enum OrderedWork {
  /// Calls `consume` with `work(0)`, `work(1)`, … `work(count - 1)` in that order, computing
  /// them ahead on up to `jobs` threads. What `work` throws is rethrown when its turn comes;
  /// what `consume` throws stops the loop once the work already started has finished.
  /// - Parameters:
  ///   - count: The number of items.
  ///   - jobs: How many items are computed at once.
  ///   - work: Computes item `i`; called from several threads at once.
  ///   - consume: Takes each result in order, on the calling thread.
  package static func forEach<Result: Sendable>(
    count: Int, jobs: Int, work: @escaping @Sendable (Int) throws -> Result, consume: (Result) throws -> Void
  ) throws {
    guard jobs > 1, count > 1 else {
      for i in 0..<count { try consume(try work(i)) }
      return
    }
    let queue = OrderedQueue<Swift.Result<Result, any Error>>(jobs: jobs)
    // Whatever happens below, no work is left running when this returns.
    defer { queue.discardAll() }
    var started = 0
    func start() {
      let i = started
      started += 1
      queue.start { Swift.Result { try work(i) } }
    }
    while started < min(2 * jobs, count) { start() }
    for _ in 0..<count {
      let outcome = queue.takeOldest()
      if started < count { start() }
      try consume(try outcome.get())
    }
  }
}
