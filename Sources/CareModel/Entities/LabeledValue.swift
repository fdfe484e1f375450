/// A labelled piece of contact information (CareKitStore `OCKLabeledValue`).
public struct LabeledValue: Codable, Hashable, Sendable {
  /// What the value is (`"home"`, `"work"`).
  public var label: String
  /// The value.
  public var value: String

  /// Creates a labelled value.
  /// - Parameters:
  ///   - label: What the value is (`"home"`, `"work"`).
  ///   - value: The value.
  public init(label: String, value: String) {
    self.label = label
    self.value = value
  }
}
