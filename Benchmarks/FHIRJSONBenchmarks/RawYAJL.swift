import CYAJL

/// The baseline: YAJL on the same bytes with callbacks that only count tokens.
enum RawYAJL {
  nonisolated(unsafe) private static let callbacks: UnsafeMutablePointer<yajl_callbacks> = {
    let table = UnsafeMutablePointer<yajl_callbacks>.allocate(capacity: 1)
    table.initialize(
      to: yajl_callbacks(
        yajl_null: { count($0) },
        yajl_boolean: { context, _ in count(context) },
        yajl_integer: nil,
        yajl_double: nil,
        yajl_number: { context, _, _ in count(context) },
        yajl_string: { context, _, _ in count(context) },
        yajl_start_map: { count($0) },
        yajl_map_key: { context, _, _ in count(context) },
        yajl_end_map: { count($0) },
        yajl_start_array: { count($0) },
        yajl_end_array: { count($0) }))
    return table
  }()

  private static func count(_ context: UnsafeMutableRawPointer?) -> Int32 {
    context!.assumingMemoryBound(to: Int.self).pointee += 1
    return 1
  }

  /// Tokens counted in `bytes`, parsed as a stream of values in chunks of `chunkSize`.
  static func countTokens(_ bytes: UnsafeRawBufferPointer, chunkSize: Int) -> Int {
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
/// make (and drop) one `String` per string value, nothing else.
enum RawYAJLStrings {
  nonisolated(unsafe) private static let callbacks: UnsafeMutablePointer<yajl_callbacks> = {
    let table = UnsafeMutablePointer<yajl_callbacks>.allocate(capacity: 1)
    table.initialize(
      to: yajl_callbacks(
        yajl_null: { count($0) },
        yajl_boolean: { context, _ in count(context) },
        yajl_integer: nil,
        yajl_double: nil,
        yajl_number: { context, _, _ in count(context) },
        yajl_string: { context, bytes, length in
          let text = String(decoding: UnsafeBufferPointer(start: bytes, count: length), as: UTF8.self)
          context!.assumingMemoryBound(to: Int.self).pointee &+= text.utf8.count & 1
          return 1
        },
        yajl_start_map: { count($0) },
        yajl_map_key: { context, _, _ in count(context) },
        yajl_end_map: { count($0) },
        yajl_start_array: { count($0) },
        yajl_end_array: { count($0) }))
    return table
  }()

  private static func count(_ context: UnsafeMutableRawPointer?) -> Int32 {
    context!.assumingMemoryBound(to: Int.self).pointee += 1
    return 1
  }

  static func countTokens(_ bytes: UnsafeRawBufferPointer, chunkSize: Int) -> Int {
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
