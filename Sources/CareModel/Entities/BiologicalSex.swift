/// A patient's sex (CareKitStore `OCKBiologicalSex`): `male`, `female`, or any other text.
/// Encoded as a plain JSON string.
public enum BiologicalSex: Codable, Hashable, Sendable {
  /// Male.
  case male
  /// Female.
  case female
  /// Any other sex, as its text (`"other"`, `"unknown"`, a code).
  case other(String)

  /// The text form: `male`, `female`, or the other value.
  public var rawValue: String {
    switch self {
    case .male: "male"
    case .female: "female"
    case .other(let text): text
    }
  }

  /// Reads the text form; anything but `male` and `female` is `.other`.
  public init(rawValue: String) {
    switch rawValue {
    case "male": self = .male
    case "female": self = .female
    default: self = .other(rawValue)
    }
  }

  /// Decodes the text form (`male`, `female`, or any other text), as in CareKit's JSON.
  public init(from decoder: any Decoder) throws {
    self.init(rawValue: try decoder.singleValueContainer().decode(String.self))
  }

  /// Encodes the text form: `male`, `female`, or the other value's text.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(rawValue)
  }
}
