public import FHIRJSON

/// Deterministic mutations of real JSON for fuzz-style tests: delete a member, swap a
/// value's JSON type, empty a string, put `null` in an array, truncate the text.
public struct JSONMutator {
  private var state: UInt64

  /// A mutator whose choices follow `seed` (the same seed gives the same mutations).
  public init(seed: UInt64) {
    state = seed &* 0x9E37_79B9_7F4A_7C15 | 1
  }

  /// A pseudo-random number below `bound`.
  public mutating func next(below bound: Int) -> Int {
    state ^= state << 13
    state ^= state >> 7
    state ^= state << 17
    return Int(state % UInt64(max(bound, 1)))
  }

  /// `value` with one random change somewhere inside it.
  public mutating func mutate(_ value: JSONValue) -> JSONValue {
    var count = 0
    Self.count(value, &count)
    var target = next(below: count)
    return apply(value, &target)
  }

  /// Compact JSON text cut at a random byte.
  public mutating func truncated(_ value: JSONValue) -> [UInt8] {
    let bytes = JSONWriter.bytes(of: value)
    return Array(bytes.prefix(next(below: bytes.count)))
  }

  private static func count(_ value: JSONValue, _ total: inout Int) {
    total += 1
    switch value {
    case .object(let object): for member in object.members { count(member.value, &total) }
    case .array(let array): for element in array { count(element, &total) }
    default: break
    }
  }

  private mutating func apply(_ value: JSONValue, _ target: inout Int) -> JSONValue {
    if target == 0 {
      target = -1
      return change(value)
    }
    target -= 1
    switch value {
    case .object(var object):
      for index in object.members.indices where target >= 0 {
        object.members[index].value = apply(object.members[index].value, &target)
      }
      return .object(object)
    case .array(var array):
      for index in array.indices where target >= 0 {
        array[index] = apply(array[index], &target)
      }
      return .array(array)
    default:
      return value
    }
  }

  private mutating func change(_ value: JSONValue) -> JSONValue {
    switch next(below: 6) {
    case 0:
      if case .object(var object) = value, !object.isEmpty {
        object.members.remove(at: next(below: object.count))
        return .object(object)
      }
      return .null
    case 1: return .string("")
    case 2: return .number(JSONNumber("-1.5e3")!)
    case 3: return .array([value, .null])
    case 4: return .object(["x": value])
    default:
      if case .array(var array) = value {
        array.insert(.null, at: next(below: array.count + 1))
        return .array(array)
      }
      return .bool(true)
    }
  }
}
