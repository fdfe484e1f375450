import Dispatch
import Foundation

/// Maps a batch of items on up to `jobs` threads, keeping the results in input order, so
/// that what a command writes does not depend on `--jobs`.
enum ParallelMap {
  /// Items are handed to the threads in slices of this many.
  static let sliceSize = 32

  /// `items.map(transform)`, computed on up to `jobs` threads.
  ///
  /// `transform` must be safe to call from several threads at once. Errors are kept per item
  /// and rethrown in order by ``Outcome/get()``, so a caller sees them at the same point as
  /// with one thread.
  static func map<Item, Result>(_ items: [Item], jobs: Int, _ transform: (Item) throws -> Result) -> [Outcome<Result>] {
    if jobs <= 1 || items.count <= sliceSize {
      return items.map { item in Outcome { try transform(item) } }
    }
    let slices = (items.count + sliceSize - 1) / sliceSize
    let results = Slices<Outcome<Result>>(count: slices)
    // Each thread reads `items` and hands in whole slices of results; nothing else is shared.
    nonisolated(unsafe) let items = items
    withoutActuallyEscaping(transform) { transform in
      nonisolated(unsafe) let transform = transform
      DispatchQueue.concurrentPerform(iterations: min(jobs, slices)) { _ in
        while let slice = results.take() {
          let range = slice * sliceSize..<min((slice + 1) * sliceSize, items.count)
          results.set(slice, range.map { index in Outcome { try transform(items[index]) } })
        }
      }
    }
    return results.joined()
  }

  /// A result or the error thrown while computing it.
  struct Outcome<Value> {
    private let result: Swift.Result<Value, any Error>

    init(_ body: () throws -> Value) {
      do { result = .success(try body()) } catch { result = .failure(error) }
    }

    /// The value, or the error rethrown.
    func get() throws -> Value { try result.get() }
  }

  /// Hands out slice numbers, each once, and keeps each slice's results, under a lock.
  private final class Slices<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var next = 0
    private var results: [[Value]]

    init(count: Int) { results = Array(repeating: [], count: count) }

    func take() -> Int? {
      lock.withLock {
        guard next < results.count else { return nil }
        defer { next += 1 }
        return next
      }
    }

    func set(_ slice: Int, _ values: [Value]) { lock.withLock { results[slice] = values } }

    func joined() -> [Value] { lock.withLock { results.flatMap { $0 } } }
  }
}

/// The number of processors, the default of `--jobs`.
var processorCount: Int { ProcessInfo.processInfo.activeProcessorCount }

extension ParallelMap.Outcome: Sendable where Value: Sendable {}
