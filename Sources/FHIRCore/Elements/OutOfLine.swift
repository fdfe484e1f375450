/// Stores an optional element out of line: `nil` costs one word and no allocation, a
/// value one allocation. For large, rarely present elements (`Reference.identifier`,
/// `Timing.repeat`), so that the types holding them stay small: models are built and
/// moved as values, and every byte of an absent element is copied with them.
///
/// ```swift
/// @OutOfLine public var identifier: Identifier?
/// ```
@propertyWrapper
public struct OutOfLine<Wrapped: Hashable & Sendable>: Hashable, Sendable {
  /// The box (value semantics through `indirect`).
  @usableFromInline indirect enum Box: Hashable, Sendable {
    case value(Wrapped)
  }

  @usableFromInline var box: Box?

  /// Stores `wrappedValue` (in a box when it is not `nil`).
  @inlinable public init(wrappedValue: Wrapped?) {
    box = wrappedValue.map { .value($0) }
  }

  /// The element, or `nil`.
  @inlinable public var wrappedValue: Wrapped? {
    get {
      guard case .value(let value)? = box else { return nil }
      return value
    }
    set { box = newValue.map { .value($0) } }
  }
}
