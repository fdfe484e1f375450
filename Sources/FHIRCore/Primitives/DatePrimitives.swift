/// FHIR `date`: `YYYY`, `YYYY-MM` or `YYYY-MM-DD`, kept as written.
public struct FHIRDate: StringPrimitiveValue {
  /// `"date"`, the FHIR type name (as in `valueDate`).
  public static let typeName = "date"
  /// The text as written.
  public let string: String
  /// Wraps text without checking it (see ``problem(with:)``).
  public init(uncheckedString: String) { string = uncheckedString }
  static let shape = DateTimeComponents.Shape()
  /// What is wrong with `string` as a FHIR `date`, or `nil`: not `YYYY`, `YYYY-MM` or `YYYY-MM-DD`, or a day that does
  /// not exist.
  public static func problem(with string: String) -> String? { DateTimeComponents.parse(string, shape: shape).problem }
  /// ``problem(with:)`` for text given as UTF-8 bytes, checked without making a `String`.
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
  /// `"dateTime"`, the FHIR type name (as in `valueDateTime`).
  public static let typeName = "dateTime"
  /// The text as written.
  public let string: String
  /// Wraps text without checking it (see ``problem(with:)``).
  public init(uncheckedString: String) { string = uncheckedString }
  static let shape = DateTimeComponents.Shape(time: true)
  /// What is wrong with `string` as a FHIR `dateTime`, or `nil`: not a partial date or a date and time with an optional
  /// zone.
  public static func problem(with string: String) -> String? { DateTimeComponents.parse(string, shape: shape).problem }
  /// ``problem(with:)`` for text given as UTF-8 bytes, checked without making a `String`.
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
  /// `"instant"`, the FHIR type name (as in `valueInstant`).
  public static let typeName = "instant"
  /// The text as written.
  public let string: String
  /// Wraps text without checking it (see ``problem(with:)``).
  public init(uncheckedString: String) { string = uncheckedString }
  static let shape = DateTimeComponents.Shape(partialDate: false, time: true, timeRequired: true, zoneRequired: true)
  /// What is wrong with `string` as a FHIR `instant`, or `nil`: not a full date and time to the second with a zone.
  public static func problem(with string: String) -> String? { DateTimeComponents.parse(string, shape: shape).problem }
  /// ``problem(with:)`` for text given as UTF-8 bytes, checked without making a `String`.
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
  /// `"time"`, the FHIR type name (as in `valueTime`).
  public static let typeName = "time"
  /// The text as written.
  public let string: String
  /// Wraps text without checking it (see ``problem(with:)``).
  public init(uncheckedString: String) { string = uncheckedString }
  static let shape = DateTimeComponents.Shape(timeOnly: true)
  /// What is wrong with `string` as a FHIR `time`, or `nil`: not `hh:mm:ss` with optional fractional seconds.
  public static func problem(with string: String) -> String? { DateTimeComponents.parse(string, shape: shape).problem }
  /// ``problem(with:)`` for text given as UTF-8 bytes, checked without making a `String`.
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
