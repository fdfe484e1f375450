import FHIRCore
import FHIRJSON

extension FHIRDecoder {
  /// Decodes a repeated `code` bound to a required value set (`Timing.repeat.dayOfWeek`),
  /// recording an error for each code that is not one of `allowed` (the codes are kept).
  mutating func codes(_ slots: inout [Primitive<FHIRCode>], at index: Int, in allowed: Set<String>) throws {
    try primitives(&slots, at: index)
    let isArray = tokens[index].kind == .arrayStart
    var position = isArray ? index + 1 : index
    let end = isArray ? tokens.endIndex(ofValueAt: index) : index + 1
    while position < end {
      if tokens[position].kind == .string, !allowed.contains(tokens.string(at: position)) {
        try record(.error, .invalidCode, "code is not in the required value set", at: position)
      }
      position = tokens.endIndex(ofValueAt: position) + 1
    }
  }
}
