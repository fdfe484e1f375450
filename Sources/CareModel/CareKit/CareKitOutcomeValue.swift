import Foundation

/// CareKitStore 3's `OCKOutcomeValue` as it encodes itself: `type` (`integer`, `double`,
/// `boolean`, `text`, `binary`, `date`) beside `value`, with `kind` and `units` when set and
/// `createdDate` always.
struct CareKitOutcomeValue: Codable, Hashable, Sendable {
  var value: OutcomeValue.Value
  var kind: String?
  var units: String?
  var createdDate: Date?

  enum CodingKeys: String, CodingKey { case type, value, kind, units, createdDate }

  /// `fallbackDate` is the `createdDate` written when ours has none (CareKit requires one): the
  /// owning entity's effective date.
  init(_ value: OutcomeValue, fallbackDate: Date) {
    self.value = value.value
    kind = value.kind
    units = value.units
    createdDate = value.createdDate ?? fallbackDate
  }

  var outcomeValue: OutcomeValue { OutcomeValue(value, units: units, kind: kind, createdDate: createdDate) }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let type = try container.decode(String.self, forKey: .type)
    switch type {
    case "integer":
      // CareKit writes an Int; a JSON number with a fraction is a double that lost its type.
      value = .integer(try container.decode(Int.self, forKey: .value))
    case "double": value = .double(try container.decode(Double.self, forKey: .value))
    case "boolean": value = .boolean(try container.decode(Bool.self, forKey: .value))
    case "text": value = .text(try container.decode(String.self, forKey: .value))
    case "date": value = .date(try container.decode(Date.self, forKey: .value))
    default:
      let path = (decoder.codingPath + [CodingKeys.type]).map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }
      throw CareKitFormatError(
        .unsupportedValue, type == "binary" ? "binary outcome values have no counterpart" : "unknown outcome value type",
        path: path.joined(separator: ".").replacingOccurrences(of: ".[", with: "["))
    }
    kind = try container.decodeIfPresent(String.self, forKey: .kind)
    units = try container.decodeIfPresent(String.self, forKey: .units)
    createdDate = try container.decodeIfPresent(Date.self, forKey: .createdDate)
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(value.typeName, forKey: .type)
    switch value {
    case .integer(let v): try container.encode(v, forKey: .value)
    case .double(let v): try container.encode(v, forKey: .value)
    case .boolean(let v): try container.encode(v, forKey: .value)
    case .text(let v): try container.encode(v, forKey: .value)
    case .date(let v): try container.encode(v, forKey: .value)
    }
    try container.encodeIfPresent(kind, forKey: .kind)
    try container.encodeIfPresent(units, forKey: .units)
    try container.encodeIfPresent(createdDate, forKey: .createdDate)
  }
}
