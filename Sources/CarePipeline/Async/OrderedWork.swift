import Dispatch
import Foundation

/// Computes results on Dispatch's threads, up to `jobs` at once and at most `ahead` ahead of the
/// caller, and hands them to the caller in order, on its own thread: the caller's work on one
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
    let results = Results<Result>()
    let running = DispatchSemaphore(value: jobs)
    let group = DispatchGroup()
    let ahead = 2 * jobs
    var started = 0
    func start() {
      let i = started
      started += 1
      DispatchQueue.global().async(group: group) {
        running.wait()
        let outcome = Swift.Result { try work(i) }
        running.signal()
        results.put(i, outcome)
      }
    }
    // Whatever happens below, no work is left running when this returns.
    defer { group.wait() }
    while started < min(ahead, count) { start() }
    for i in 0..<count {
      let outcome = results.take(i)
      if started < count { start() }
      try consume(try outcome.get())
    }
  }

  /// Finished results by item, under a lock; `take` waits for its item.
  private final class Results<Result: Sendable>: @unchecked Sendable {
    private let condition = NSCondition()
    private var done: [Int: Swift.Result<Result, any Error>] = [:]

    func put(_ i: Int, _ outcome: Swift.Result<Result, any Error>) {
      condition.withLock {
        done[i] = outcome
        condition.broadcast()
      }
    }

    func take(_ i: Int) -> Swift.Result<Result, any Error> {
      condition.withLock {
        while done[i] == nil { condition.wait() }
        return done.removeValue(forKey: i)!
      }
    }
  }
}
