internal import CYAJL

/// The one place FHIRJSON calls YAJL: owns a parser handle, routes YAJL's callbacks
/// to a ``TokenizerCore``, and turns YAJL's status codes into Swift values.
///
/// Callbacks are non-capturing C functions that find the core through the context
/// pointer. A callback that fails stores its error in the core and returns 0, which
/// makes YAJL stop and return `yajl_status_client_canceled`.
final class YAJLParser {
  /// What a call into YAJL ended with.
  enum Status {
    case ok
    /// A callback stopped the parse; the core holds the error.
    case cancelled
    /// YAJL found the input invalid: its message and the offset in the chunk.
    case invalid(message: String, offsetInChunk: Int)
  }

  private let handle: OpaquePointer

  /// Creates a parser reporting to `core`, which must outlive it.
  init(core: UnsafeMutablePointer<TokenizerCore>) {
    handle = yajl_alloc(callbacks, nil, UnsafeMutableRawPointer(core))
    // Framing (one value per document or per line) is enforced by the core, so
    // YAJL reads value after value.
    cyajl_config(handle, yajl_allow_multiple_values, 1)
    core.pointee.handle = handle
  }

  deinit {
    yajl_free(handle)
  }

  /// Parses one chunk.
  func parse(_ bytes: UnsafeRawBufferPointer) -> Status {
    guard let base = bytes.baseAddress, !bytes.isEmpty else { return .ok }
    let status = yajl_parse(handle, base.assumingMemoryBound(to: UInt8.self), bytes.count)
    return convert(status)
  }

  /// Tells YAJL the input has ended, so a final number is completed and a
  /// truncated value reported.
  func complete() -> Status {
    convert(yajl_complete_parse(handle))
  }

  private func convert(_ status: yajl_status) -> Status {
    switch status {
    case yajl_status_ok:
      return .ok
    case yajl_status_client_canceled:
      return .cancelled
    default:
      let offset = yajl_get_bytes_consumed(handle)
      // Non-verbose: the message never quotes the input.
      guard let text = yajl_get_error(handle, 0, nil, 0) else {
        return .invalid(message: "invalid JSON", offsetInChunk: offset)
      }
      defer { yajl_free_error(handle, text) }
      return .invalid(message: String(cString: text), offsetInChunk: offset)
    }
  }
}

// MARK: - Callbacks

@inline(__always)
private func core(_ context: UnsafeMutableRawPointer?) -> UnsafeMutablePointer<TokenizerCore> {
  context.unsafelyUnwrapped.assumingMemoryBound(to: TokenizerCore.self)
}

/// Absolute offset just after the token YAJL has just read.
@inline(__always)
private func tokenEnd(_ core: UnsafeMutablePointer<TokenizerCore>) -> Int {
  core.pointee.chunkBase &+ yajl_get_bytes_consumed(core.pointee.handle)
}

@inline(__always)
private func result(_ ok: Bool) -> Int32 { ok ? 1 : 0 }

/// YAJL keeps the pointer it is given, so the table lives for the whole process.
nonisolated(unsafe) private let callbacks: UnsafeMutablePointer<yajl_callbacks> = {
  let table = UnsafeMutablePointer<yajl_callbacks>.allocate(capacity: 1)
  table.initialize(
    to: yajl_callbacks(
      yajl_null: { context in
        let c = core(context)
        return result(c.pointee.literal(.null, end: tokenEnd(c), length: 4))
      },
      yajl_boolean: { context, value in
        let c = core(context)
        return result(
          value != 0
            ? c.pointee.literal(.true, end: tokenEnd(c), length: 4)
            : c.pointee.literal(.false, end: tokenEnd(c), length: 5))
      },
      yajl_integer: nil,
      yajl_double: nil,
      yajl_number: { context, text, count in
        let c = core(context)
        return result(c.pointee.number(UnsafeRawBufferPointer(start: text, count: count), end: { tokenEnd(c) }))
      },
      yajl_string: { context, text, count in
        let c = core(context)
        return result(
          c.pointee.string(UnsafeRawBufferPointer(start: text, count: count), isKey: false, end: { tokenEnd(c) }))
      },
      yajl_start_map: { context in
        let c = core(context)
        return result(c.pointee.startContainer(isArray: false, end: tokenEnd(c)))
      },
      yajl_map_key: { context, text, count in
        let c = core(context)
        return result(
          c.pointee.string(UnsafeRawBufferPointer(start: text, count: count), isKey: true, end: { tokenEnd(c) }))
      },
      yajl_end_map: { context in
        let c = core(context)
        return result(c.pointee.endContainer(isArray: false, end: tokenEnd(c)))
      },
      yajl_start_array: { context in
        let c = core(context)
        return result(c.pointee.startContainer(isArray: true, end: tokenEnd(c)))
      },
      yajl_end_array: { context in
        let c = core(context)
        return result(c.pointee.endContainer(isArray: true, end: tokenEnd(c)))
      }))
  return table
}()
