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
    var results = [Outcome<Result>?](repeating: nil, count: items.count)
    let next = SliceCounter()
    // Each thread reads `items` and writes distinct slots of `results`; nothing else is shared.
    nonisolated(unsafe) let items = items
    results.withUnsafeMutableBufferPointer { buffer in
      nonisolated(unsafe) let output = buffer
      withoutActuallyEscaping(transform) { transform in
        nonisolated(unsafe) let transform = transform
        DispatchQueue.concurrentPerform(iterations: min(jobs, slices)) { _ in
          while let slice = next.take(below: slices) {
            let range = slice * sliceSize..<min((slice + 1) * sliceSize, items.count)
            for index in range { output[index] = Outcome { try transform(items[index]) } }
          }
        }
      }
    }
    return results.map { $0! }
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

  /// Hands out slice numbers, each once.
  private final class SliceCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var next = 0

    func take(below count: Int) -> Int? {
      lock.withLock {
        guard next < count else { return nil }
        defer { next += 1 }
        return next
      }
    }
  }
}

/// The number of processors, the default of `--jobs`.
var processorCount: Int { ProcessInfo.processInfo.activeProcessorCount }
