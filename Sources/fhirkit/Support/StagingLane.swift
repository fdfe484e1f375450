import CarePipeline
import Dispatch
import Synchronization

/// Stages prepared entries into a ``StagedConversion`` in the order they are handed in, on a
/// thread of its own (a serial Dispatch queue) while the reading thread reads on: with more than
/// one job, reading (tokenizing each line) and staging (writing each resource and its index
/// lines) no longer take turns on one thread, which kept the decoding threads waiting at the
/// start of a run (docs/benchmarks.md, "Staging beside reading").
///
/// Entries go over in groups, at most ``groupsAhead`` groups waiting, so memory stays bounded.
/// `@unchecked Sendable`: the conversion is used only by the queue from the first ``add(_:)``
/// until ``finish()`` returns, and the group being filled only by the caller's thread.
final class StagingLane: @unchecked Sendable {
  /// Entries handed over together.
  static var groupSize: Int { 256 }
  /// Groups handed over and not staged yet, at most.
  static var groupsAhead: Int { 4 }

  private let staged: StagedConversion
  private let queue = DispatchQueue(label: "fhirkit.StagingLane")
  private let room = DispatchSemaphore(value: StagingLane.groupsAhead)
  private let failure = Mutex<(any Error)?>(nil)
  /// The group being filled (the caller's thread only).
  private var group: [StagedEntry] = []

  /// A lane staging into `staged`.
  init(_ staged: StagedConversion) {
    self.staged = staged
    group.reserveCapacity(Self.groupSize)
  }

  /// Stages `prepared` after the entries handed in before it.
  /// - Throws: What staging an entry before it threw (``StagingError``); nothing is staged after that.
  func add(_ prepared: StagedEntry) throws {
    group.append(prepared)
    if group.count >= Self.groupSize { try send() }
  }

  /// Waits until every entry handed in is staged.
  /// - Throws: What staging one of them threw.
  func finish() throws {
    try send()
    queue.sync {}
    if let error = failure.withLock({ $0 }) { throw error }
  }

  private func send() throws {
    if let error = failure.withLock({ $0 }) { throw error }
    guard !group.isEmpty else { return }
    let entries = group
    group.removeAll(keepingCapacity: true)
    room.wait()
    queue.async { [self] in
      defer { room.signal() }
      guard failure.withLock({ $0 == nil }) else { return }
      do {
        for entry in entries { try staged.add(entry) }
      } catch {
        failure.withLock { $0 = error }
      }
    }
  }
}
