import Foundation
import Testing

@testable import CareStore

/// `CareImporter.jobs` (`fhirkit import --jobs`): a batch is encoded, hashed and its sources
/// compressed on at most that many threads, each with a source packer of its own, and the
/// results do not depend on it.
@Suite struct ImporterJobsTests {
  /// The threads each item was computed on, and the results in order.
  static func lanes(jobs: Int) -> (threads: Set<String>, values: [Int]) {
    let threads = ThreadNames()
    let packers = PackerUses()
    let values = CareImporter.inLanes(1000, grain: 1, jobs: jobs) { i, packer in
      threads.add("\(pthread_self())")
      packers.add(packer, on: "\(pthread_self())")
      // Long enough that a second lane, if any, would start while the first runs.
      usleep(100)
      return i * i
    }
    // One packer per lane, never shared between threads.
    let threadsOfPacker = packers.threadsOfEach
    #expect(threadsOfPacker.allSatisfy { $0.count == 1 })
    #expect(threadsOfPacker.count <= max(1, jobs))
    return (threads.all, values)
  }

  @Test func oneJobEncodesOnOneThread() {
    let (threads, values) = Self.lanes(jobs: 1)
    #expect(threads.count == 1)
    #expect(values == (0..<1000).map { $0 * $0 })
  }

  @Test func moreJobsGiveTheSameResultsOnAsManyThreadsAtMost() throws {
    let cores = ProcessInfo.processInfo.activeProcessorCount
    for jobs in [2, 3, 64] {
      let (threads, values) = Self.lanes(jobs: jobs)
      #expect(threads.count <= jobs)
      #expect(values == (0..<1000).map { $0 * $0 })
    }
    let store = try StoreTestSupport.newStore()
    #expect(CareImporter(backend: store, batchSize: 10).jobs == cores)
    #expect(CareImporter(backend: store, batchSize: 10, jobs: 0).jobs == 1)
  }
}

/// Thread names collected from several threads.
private final class ThreadNames: @unchecked Sendable {
  private let lock = NSLock()
  private var names: Set<String> = []

  func add(_ name: String) { lock.withLock { _ = names.insert(name) } }
  var all: Set<String> { lock.withLock { names } }
}

/// The packers lanes used and the threads each was used on; the packers are kept, so that none
/// is freed and another made at its address.
private final class PackerUses: @unchecked Sendable {
  private let lock = NSLock()
  private var packers: [ObjectIdentifier: (packer: StoredSource.Packer, threads: Set<String>)] = [:]

  func add(_ packer: StoredSource.Packer, on thread: String) {
    _ = lock.withLock { packers[ObjectIdentifier(packer), default: (packer, [])].threads.insert(thread) }
  }

  var threadsOfEach: [Set<String>] { lock.withLock { packers.values.map(\.threads) } }
}
