#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The ``PathTable``s waiting to serve a walk: one per thread, kept under a `pthread` key, so
/// that reaching a thread's table takes no lock. A walk uses its thread's table in place
/// (``withTable(_:)``), or takes it out and gives it back (``take()``, ``giveBack(_:)``); a walk
/// that finds its thread's table in use or taken gets a new one. A thread's table is released
/// with the thread.
enum PathTablePool {
  /// What a thread keeps: its table, if any, and whether a walk is using it in place.
  private struct Held {
    var table: PathTable?
    var inUse = false
  }

  /// A thread's slot (through a pointer, so that using the table in place or moving it in and
  /// out needs no exclusivity check).
  private final class Slot {
    let held = UnsafeMutablePointer<Held>.allocate(capacity: 1)

    init() { held.initialize(to: Held()) }

    deinit {
      held.deinitialize(count: 1)
      held.deallocate()
    }
  }

  /// The key of each thread's slot, made once.
  private static let key: pthread_key_t = {
    var key = pthread_key_t()
    #if canImport(Darwin)
      pthread_key_create(&key) { Unmanaged<Slot>.fromOpaque($0).release() }
    #else
      pthread_key_create(&key) { pointer in
        if let pointer { Unmanaged<Slot>.fromOpaque(pointer).release() }
      }
    #endif
    return key
  }()

  /// This thread's slot, made on first use.
  private static var held: UnsafeMutablePointer<Held> {
    if let pointer = pthread_getspecific(key) {
      return Unmanaged<Slot>.fromOpaque(pointer)._withUnsafeGuaranteedRef { $0.held }
    }
    let slot = Unmanaged.passRetained(Slot())
    pthread_setspecific(key, slot.toOpaque())
    return slot._withUnsafeGuaranteedRef { $0.held }
  }

  /// Calls `body` with the thread's table, in place (neither moved nor copied, so its arrays
  /// stay unique); with a new table when the thread's is in use or taken.
  @inline(__always)
  static func withTable<R>(_ body: (inout PathTable) -> R) -> R {
    let held = Self.held
    guard !held.pointee.inUse else {
      var table = PathTable()
      return body(&table)
    }
    held.pointee.inUse = true
    defer { held.pointee.inUse = false }
    if held.pointee.table == nil { held.pointee.table = PathTable() }
    return body(&held.pointee.table!)
  }

  /// The thread's idle table, moved out of its slot, or a new one.
  static func take() -> PathTable {
    let held = Self.held
    guard !held.pointee.inUse else { return PathTable() }
    return held.pointee.table.take() ?? PathTable()
  }

  /// Keeps `table` as the thread's idle table (dropped when the thread has one already).
  static func giveBack(_ table: consuming PathTable) {
    let held = Self.held
    if held.pointee.table == nil && !held.pointee.inUse { held.pointee.table = consume table }
  }
}
