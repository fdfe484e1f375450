/// FHIR `date`: `YYYY`, `YYYY-MM` or `YYYY-MM-DD`, kept as written.
public struct FHIRDate: StringPrimitiveValue {
  public static let typeName = "date"
  public let string: String
  public init(uncheckedString: String) { string = uncheckedString }
  static let shape = DateTimeComponents.Shape()
  public static func problem(with string: String) -> String? { DateTimeComponents.parse(string, shape: shape).problem }
  public static func problem(utf8: UnsafeRawBufferPointer) -> String? {
    utf8.withMemoryRebound(to: UInt8.self) { DateTimeComponents.problem(utf8: $0, shape: shape) }
  }
  /// The parts given.
  public var components: DateTimeComponents { DateTimeComponents.parse(string, shape: Self.shape).0 }
  /// The parts given, or `nil` when the text has a ``problem(with:)``: one parse for both.
  public var validComponents: DateTimeComponents? {
    let (components, problem) = DateTimeComponents.parse(string, shape: Self.shape)
    return problem == nil ? components : nil
  }
}

/// FHIR `dateTime`: a partial date, or a date and time (`2015-02-07T13:28:17-05:00`),
/// kept as written. A zone is accepted without being required, as DSTU2 data omits it.
public struct FHIRDateTime: StringPrimitiveValue {
  public static let typeName = "dateTime"
  public let string: String
  public init(uncheckedString: String) { string = uncheckedString }
  static let shape = DateTimeComponents.Shape(time: true)
  public static func problem(with string: String) -> String? { DateTimeComponents.parse(string, shape: shape).problem }
  public static func problem(utf8: UnsafeRawBufferPointer) -> String? {
    utf8.withMemoryRebound(to: UInt8.self) { DateTimeComponents.problem(utf8: $0, shape: shape) }
  }
  /// The parts given.
  public var components: DateTimeComponents { DateTimeComponents.parse(string, shape: Self.shape).0 }
  /// The parts given, or `nil` when the text has a ``problem(with:)``: one parse for both.
  public var validComponents: DateTimeComponents? {
    let (components, problem) = DateTimeComponents.parse(string, shape: Self.shape)
    return problem == nil ? components : nil
  }
}

/// FHIR `instant`: a full date and time with seconds and zone, kept as written.
public struct FHIRInstant: StringPrimitiveValue {
  public static let typeName = "instant"
  public let string: String
  public init(uncheckedString: String) { string = uncheckedString }
  static let shape = DateTimeComponents.Shape(partialDate: false, time: true, timeRequired: true, zoneRequired: true)
  public static func problem(with string: String) -> String? { DateTimeComponents.parse(string, shape: shape).problem }
  public static func problem(utf8: UnsafeRawBufferPointer) -> String? {
    utf8.withMemoryRebound(to: UInt8.self) { DateTimeComponents.problem(utf8: $0, shape: shape) }
  }
  /// The parts given.
  public var components: DateTimeComponents { DateTimeComponents.parse(string, shape: Self.shape).0 }
  /// The parts given, or `nil` when the text has a ``problem(with:)``: one parse for both.
  public var validComponents: DateTimeComponents? {
    let (components, problem) = DateTimeComponents.parse(string, shape: Self.shape)
    return problem == nil ? components : nil
  }
}

/// FHIR `time`: `hh:mm:ss` with optional fraction, kept as written.
public struct FHIRTime: StringPrimitiveValue {
  public static let typeName = "time"
  public let string: String
  public init(uncheckedString: String) { string = uncheckedString }
  static let shape = DateTimeComponents.Shape(timeOnly: true)
  public static func problem(with string: String) -> String? { DateTimeComponents.parse(string, shape: shape).problem }
  public static func problem(utf8: UnsafeRawBufferPointer) -> String? {
    utf8.withMemoryRebound(to: UInt8.self) { DateTimeComponents.problem(utf8: $0, shape: shape) }
  }
  /// The parts given.
  public var components: DateTimeComponents { DateTimeComponents.parse(string, shape: Self.shape).0 }
  /// The parts given, or `nil` when the text has a ``problem(with:)``: one parse for both.
  public var validComponents: DateTimeComponents? {
    let (components, problem) = DateTimeComponents.parse(string, shape: Self.shape)
    return problem == nil ? components : nil
  }
}
