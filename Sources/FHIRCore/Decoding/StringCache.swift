#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A small per-thread table of recently made strings, so that text which comes again
/// and again in FHIR data (code systems, codes, units, displays, profile URLs) is made
/// into a `String` once and then shared, instead of being allocated, copied, checked
/// and freed each time.
///
/// Each thread has its own table (a `pthread` key), looked up on every call, so a
/// decoder that moves between threads (an async task) never shares a table with
/// another thread. A table has ``slotCount`` slots chosen by a digest of the text; a
/// slot holds the last string made for its digest, so the table never holds more than
/// ``slotCount`` strings of at most ``maximumLength`` bytes each. Sharing a string's
/// storage is invisible to its users: strings are values.
@usableFromInline
final class StringCache {
  /// The number of slots (a power of two).
  static let slotCount = 4096
  /// Longer text is made into a string each time (it rarely repeats).
  static let maximumLength = 128

  private let digests: UnsafeMutablePointer<UInt64>
  private let strings: UnsafeMutablePointer<String>

  private init() {
    digests = .allocate(capacity: Self.slotCount)
    digests.initialize(repeating: 0, count: Self.slotCount)
    strings = .allocate(capacity: Self.slotCount)
    strings.initialize(repeating: "", count: Self.slotCount)
  }

  deinit {
    digests.deallocate()
    strings.deinitialize(count: Self.slotCount)
    strings.deallocate()
  }

  /// The thread's table, made on first use and released when the thread ends.
  private static let key: pthread_key_t = {
    var key = pthread_key_t()
    #if canImport(Darwin)
      pthread_key_create(&key) { Unmanaged<StringCache>.fromOpaque($0).release() }
    #else
      pthread_key_create(&key) { pointer in
        if let pointer { Unmanaged<StringCache>.fromOpaque(pointer).release() }
      }
    #endif
    return key
  }()

  private static var current: Unmanaged<StringCache> {
    if let pointer = pthread_getspecific(key) { return Unmanaged.fromOpaque(pointer) }
    let cache = Unmanaged.passRetained(StringCache())
    pthread_setspecific(key, cache.toOpaque())
    return cache
  }

  /// `bytes` (valid UTF-8, as the tokenizer hands out) as a `String`, shared with the
  /// last string made from the same text on this thread when there is one.
  @usableFromInline
  static func string(_ bytes: UnsafeRawBufferPointer) -> String {
    guard let base = bytes.baseAddress, bytes.count > 0, bytes.count <= maximumLength else {
      return String(decoding: bytes, as: UTF8.self)
    }
    return current._withUnsafeGuaranteedRef { $0.string(base, count: bytes.count) }
  }

  private func string(_ base: UnsafeRawPointer, count: Int) -> String {
    let digest = MemberKey(start: base, count: count).digest
    let slot = Int(truncatingIfNeeded: digest >> 40) & (Self.slotCount - 1)
    if digests[slot] == digest {
      var cached = strings[slot]
      if cached.utf8.count == count, cached.withUTF8({ memcmp($0.baseAddress!, base, count) == 0 }) {
        return cached
      }
    }
    let string = String(decoding: UnsafeRawBufferPointer(start: base, count: count), as: UTF8.self)
    digests[slot] = digest
    strings[slot] = string
    return string
  }
}
