import FHIRCore

/// Whether a primitive element is there (a value, or only an id or extensions) and its value:
/// what the coders read of a date, without copying the element (a copy of an optional element
/// went through an outlined, generic copy function each time).
struct ElementValue<Value: PrimitiveValue> {
  var isPresent: Bool
  var value: Value?

  /// The element at `element`, read in place.
  init(_ element: UnsafePointer<Primitive<Value>?>) {
    isPresent = element.pointee.isPresent
    value = element.pointee?.value
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
