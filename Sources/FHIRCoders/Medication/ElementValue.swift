import FHIRCore

/// Whether a primitive element is there (a value, or only an id or extensions) and its value:
/// what the coders read of a date.
struct ElementValue<Value: PrimitiveValue> {
  var isPresent: Bool
  var value: Value?

  /// What `element` holds.
  init(_ element: Primitive<Value>?) {
    isPresent = element.isPresent
    value = element?.value
  }

  init(isPresent: Bool, value: Value?) {
    self.isPresent = isPresent
    self.value = value
  }
}

extension Optional {
  /// Whether there is a value, without copying it (`!= nil` on a non-`Equatable` value can copy).
  var isPresent: Bool {
    switch self {
    case .some: true
    case .none: false
    }
  }
}
