import Dispatch
import Foundation

/// Work started on Dispatch's threads, up to `jobs` pieces at once, whose results the caller
/// takes in the order the work was started, on its own thread: what comes out does not depend
/// on `jobs`. The caller bounds how far ahead it starts work (``count``).
///
/// ``OrderedWork`` merges partitions with it; the `fhirkit` commands decode batches of records
/// with it.
package final class OrderedQueue<Value: Sendable> {
  /// Lets `jobs` pieces of work run at once.
  private let running: DispatchSemaphore
  /// The work started and not taken yet, oldest first.
  private var started: [Slot] = []

  /// Creates a queue that runs up to `jobs` pieces of work at once.
  package init(jobs: Int) {
    running = DispatchSemaphore(value: max(jobs, 1))
  }

  /// The work started and not taken yet.
  package var count: Int { started.count }

  /// Starts `work` on a Dispatch thread, once fewer than `jobs` pieces are running.
  package func start(_ work: @escaping @Sendable () -> Value) {
    let slot = Slot()
    let running = running
    DispatchQueue.global().async {
      running.wait()
      let value = work()
      running.signal()
      slot.put(value)
    }
    started.append(slot)
  }

  /// The result of the oldest work not taken yet, once it is done.
  package func takeOldest() -> Value {
    precondition(!started.isEmpty, "OrderedQueue.takeOldest with no work started")
    return started.removeFirst().take()
  }

  /// Waits for all the work started and drops its results: nothing is left running.
  package func discardAll() {
    while !started.isEmpty { _ = takeOldest() }
  }

  /// One result, put by the thread that computed it and taken by the caller.
  private final class Slot: @unchecked Sendable {
    private let condition = NSCondition()
    private var value: Value?

    func put(_ value: Value) {
      condition.withLock {
        self.value = value
        condition.broadcast()
      }
    }

    func take() -> Value {
      condition.withLock {
        while value == nil { condition.wait() }
        return value!
      }
    }
  }
}
