/// Stores a value out of line, so that types that contain themselves (an `Identifier`
/// whose `assigner` is a `Reference` holding an `Identifier`) have a finite size.
@propertyWrapper
public struct Indirect<Value: Hashable & Sendable>: Hashable, Sendable {
  private indirect enum Storage: Hashable, Sendable {
    case value(Value)
  }

  private var storage: Storage

  public init(wrappedValue: Value) {
    storage = .value(wrappedValue)
  }

  public var wrappedValue: Value {
    get {
      switch storage {
      case .value(let value): return value
      }
    }
    set { storage = .value(newValue) }
  }
}
