public import FHIRKit

/// The checks every decoded model goes through: lenient decoding never throws, strict
/// decoding throws only `FHIRDecodingError`, and encoding is a fixed point after one
/// round (decode → encode → decode → encode writes the same bytes twice).
public enum ModelOracle {
  /// Decodes `tokens` as `T` leniently and strictly, checks the round trip, and returns
  /// the lenient value.
  public static func check<T: FHIRDecodable & FHIREncodable>(_ type: T.Type, _ tokens: JSONTokens) -> T? {
    let decoded: T?
    do {
      decoded = try T.decode(from: tokens).value
    } catch {
      Fuzz.fail("lenient decoding threw \(error)")
    }
    do {
      _ = try T.decode(from: tokens, options: .strict)
    } catch is FHIRDecodingError {
    } catch {
      Fuzz.fail("strict decoding threw something other than FHIRDecodingError")
    }
    guard let decoded else { return nil }
    let first = decoded.jsonBytes()
    let again: T?
    do {
      again = try T.decode(from: Fuzz.reparse(first, "the model")).value
    } catch {
      Fuzz.fail("decoding the model's own output threw \(error)")
    }
    guard let again else { Fuzz.fail("the model's own output does not decode") }
    if again.jsonBytes() != first { Fuzz.fail("encode is not a fixed point after one round trip") }
    return decoded
  }
}
