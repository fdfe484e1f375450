import CYAJL

/// The baseline: YAJL on the same bytes with callbacks that only count tokens.
enum RawYAJL {
  /// A YAJL string callback.
  typealias StringCallback = @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<UInt8>?, Int) -> Int32

  nonisolated(unsafe) private static let callbacks = table(string: { context, _, _ in RawYAJL.count(context) })

  /// A callback table that counts every token in its context (a counter), strings through `string`.
  static func table(string: StringCallback) -> UnsafeMutablePointer<yajl_callbacks> {
    let table = UnsafeMutablePointer<yajl_callbacks>.allocate(capacity: 1)
    table.initialize(
      to: yajl_callbacks(
        yajl_null: { RawYAJL.count($0) },
        yajl_boolean: { context, _ in RawYAJL.count(context) },
        yajl_integer: nil,
        yajl_double: nil,
        yajl_number: { context, _, _ in RawYAJL.count(context) },
        yajl_string: string,
        yajl_start_map: { RawYAJL.count($0) },
        yajl_map_key: { context, _, _ in RawYAJL.count(context) },
        yajl_end_map: { RawYAJL.count($0) },
        yajl_start_array: { RawYAJL.count($0) },
        yajl_end_array: { RawYAJL.count($0) }))
    return table
  }

  static func count(_ context: UnsafeMutableRawPointer?) -> Int32 {
    context!.assumingMemoryBound(to: Int.self).pointee += 1
    return 1
  }

  /// Tokens counted in `bytes`, parsed as a stream of values in chunks of `chunkSize`.
  static func countTokens(_ bytes: UnsafeRawBufferPointer, chunkSize: Int) -> Int {
    parse(bytes, chunkSize: chunkSize, callbacks: callbacks)
  }

  /// Tokens counted by `callbacks` (whose context is a counter) in `bytes`, parsed as a stream
  /// of values in chunks of `chunkSize`.
  static func parse(_ bytes: UnsafeRawBufferPointer, chunkSize: Int, callbacks: UnsafeMutablePointer<yajl_callbacks>) -> Int {
    let counter = UnsafeMutablePointer<Int>.allocate(capacity: 1)
    counter.initialize(to: 0)
    defer { counter.deallocate() }
    let handle = yajl_alloc(callbacks, nil, counter)
    defer { yajl_free(handle) }
    cyajl_config(handle, yajl_allow_multiple_values, 1)
    let base = bytes.baseAddress!.assumingMemoryBound(to: UInt8.self)
    var start = 0
    while start < bytes.count {
      let length = min(chunkSize, bytes.count - start)
      guard yajl_parse(handle, base + start, length) == yajl_status_ok else { fatalError("YAJL rejected the corpus") }
      start += length
    }
    guard yajl_complete_parse(handle) == yajl_status_ok else { fatalError("YAJL rejected the corpus") }
    return counter.pointee
  }
}

/// A floor for any model that holds its text as Swift `String`s: YAJL with callbacks that
/// make (and drop) one `String` per string value, and otherwise only count.
enum RawYAJLStrings {
  nonisolated(unsafe) private static let callbacks = RawYAJL.table(string: { context, bytes, length in
    let text = String(decoding: UnsafeBufferPointer(start: bytes, count: length), as: UTF8.self)
    context!.assumingMemoryBound(to: Int.self).pointee &+= text.utf8.count & 1
    return 1
  })

  static func countTokens(_ bytes: UnsafeRawBufferPointer, chunkSize: Int) -> Int {
    RawYAJL.parse(bytes, chunkSize: chunkSize, callbacks: callbacks)
  }
}
