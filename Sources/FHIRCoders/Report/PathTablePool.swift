#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The ``PathTable``s waiting to serve a walk: one per thread, kept under a `pthread` key, so
/// that taking and giving back a table takes no lock. A walk takes its thread's table (or a new
/// one when the thread has none, or it is in use) and gives it back to the thread it ends on;
/// a thread's table is released with the thread.
final class PathTablePool: Sendable {
  /// A thread's slot: its idle table, if any (through a pointer, so that moving the table in
  /// and out of the slot needs no exclusivity check).
  private final class Slot {
    let table = UnsafeMutablePointer<PathTable?>.allocate(capacity: 1)

    init() { table.initialize(to: nil) }

    deinit {
      table.deinitialize(count: 1)
      table.deallocate()
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
  private static var slot: UnsafeMutablePointer<PathTable?> {
    if let pointer = pthread_getspecific(key) {
      return Unmanaged<Slot>.fromOpaque(pointer)._withUnsafeGuaranteedRef { $0.table }
    }
    let slot = Unmanaged.passRetained(Slot())
    pthread_setspecific(key, slot.toOpaque())
    return slot._withUnsafeGuaranteedRef { $0.table }
  }

  /// The thread's idle table, moved out of its slot, or a new one.
  func take() -> PathTable {
    Self.slot.pointee.take() ?? PathTable()
  }

  /// Keeps `table` as the thread's idle table (dropped when the thread has one already).
  func giveBack(_ table: consuming PathTable) {
    let slot = Self.slot
    if slot.pointee == nil { slot.pointee = consume table }
  }
}
