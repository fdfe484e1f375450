import Foundation

/// The element paths of conversion reports, each given a small integer id for the life of
/// the process, so that reports store, merge and compare paths as integers and a path
/// becomes a `String` only once (when a report is read).
///
/// One table shared by all threads behind a lock; reports take the lock once per batch of
/// paths (a report interning what it recorded, an accounting walk marking what was mapped).
/// The table stops growing at a limit (a million paths for inputs with unbounded unknown keys); a path
/// that finds it full stays a `String` in its report (see ``ConversionReport``).
final class PathInterner: @unchecked Sendable {
  /// The interner all reports use.
  static let shared = PathInterner()

  private let lock = NSLock()
  private var table = PathTable()
  private var currentLimit = 1 << 20

  /// Calls `body` with the table and the number of paths after which no new path is
  /// interned (see ``PathTable/internedID(_:digest:limit:)``), holding the lock.
  func withTable<R>(_ body: (inout PathTable, _ limit: Int) -> R) -> R {
    lock.lock()
    defer { lock.unlock() }
    return body(&table, currentLimit)
  }

  /// Sets the number of paths after which no new path is interned (for tests of a full
  /// interner); returns the previous one.
  @discardableResult
  func setLimit(_ limit: Int) -> Int {
    lock.lock()
    defer { lock.unlock() }
    let old = currentLimit
    currentLimit = limit
    return old
  }

  /// The digest the interner's table files `bytes` under: word at a time, cheaper than the
  /// byte-at-a-time FNV-1a digest that walks extend key by key (``PathTable/child(of:key:)``),
  /// which the interner has no need of.
  static func digest(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
    let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15
    var digest = UInt64(bytes.count) &* multiplier
    var index = 0
    while index + 8 <= bytes.count {
      digest = (digest ^ bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self)) &* multiplier
      digest ^= digest >> 32
      index += 8
    }
    if index < bytes.count {
      var tail: UInt64 = 0
      var shift: UInt64 = 0
      while index < bytes.count {
        tail |= UInt64(bytes[index]) << shift
        shift += 8
        index += 1
      }
      digest = (digest ^ tail) &* multiplier
    }
    digest ^= digest >> 29
    digest &*= 0xBF58_476D_1CE4_E5B9
    return digest ^ (digest >> 32)
  }

  /// The number of paths interned.
  var count: Int { withTable { table, _ in table.count } }
}
