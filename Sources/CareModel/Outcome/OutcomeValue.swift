public import Foundation

/// One recorded value (CareKitStore `OCKOutcomeValue`): a number, flag, text or date, with
/// its units and a `kind` saying what was measured.
public struct OutcomeValue: Codable, Hashable, Sendable {
  /// The value.
  public var value: Value
  /// Units of measure (`"mg"`, `"mmHg"`).
  public var units: String?
  /// What the value is (`"systolic"`, a code such as `"8480-6"`).
  public var kind: String?
  /// When the value was recorded.
  public var createdDate: Date?

  /// The value's type and content. Encoded as `"type"` (`integer`, `double`, `boolean`,
  /// `text`, `date`) beside `"value"`.
  public enum Value: Hashable, Sendable {
    /// A whole number.
    case integer(Int)
    /// A decimal number.
    case double(Double)
    /// A yes/no flag.
    case boolean(Bool)
    /// Free text.
    case text(String)
    /// A point in time.
    case date(Date)

    /// The type name used in JSON.
    public var typeName: String {
      switch self {
      case .integer: "integer"
      case .double: "double"
      case .boolean: "boolean"
      case .text: "text"
      case .date: "date"
      }
    }
  }

  /// Creates a recorded value.
  /// - Parameters:
  ///   - value: The value.
  ///   - units: Units of measure (`"mg"`).
  ///   - kind: What the value is (`"systolic"`, a code).
  ///   - createdDate: When the value was recorded.
  public init(_ value: Value, units: String? = nil, kind: String? = nil, createdDate: Date? = nil) {
    self.value = value
    self.units = units
    self.kind = kind
    self.createdDate = createdDate
  }

  enum CodingKeys: String, CodingKey { case type, value, units, kind, createdDate }

  /// Decodes `{"type": …, "value": …}` with optional `units`, `kind` and `createdDate`; throws for an unknown `type`.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let type = try container.decode(String.self, forKey: .type)
    switch type {
    case "integer": value = .integer(try container.decode(Int.self, forKey: .value))
    case "double": value = .double(try container.decode(Double.self, forKey: .value))
    case "boolean": value = .boolean(try container.decode(Bool.self, forKey: .value))
    case "text": value = .text(try container.decode(String.self, forKey: .value))
    case "date": value = .date(try container.decode(Date.self, forKey: .value))
    default:
      throw DecodingError.dataCorruptedError(
        forKey: .type, in: container, debugDescription: "unknown outcome value type")
    }
    units = try container.decodeIfPresent(String.self, forKey: .units)
    kind = try container.decodeIfPresent(String.self, forKey: .kind)
    createdDate = try container.decodeIfPresent(Date.self, forKey: .createdDate)
  }

  /// Encodes `{"type": …, "value": …}` with `units`, `kind` and `createdDate` when set.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(value.typeName, forKey: .type)
    switch value {
    case .integer(let v): try container.encode(v, forKey: .value)
    case .double(let v): try container.encode(v, forKey: .value)
    case .boolean(let v): try container.encode(v, forKey: .value)
    case .text(let v): try container.encode(v, forKey: .value)
    case .date(let v): try container.encode(v, forKey: .value)
    }
    try container.encodeIfPresent(units, forKey: .units)
    try container.encodeIfPresent(kind, forKey: .kind)
    try container.encodeIfPresent(createdDate, forKey: .createdDate)
  }
}
