/// A labelled piece of contact information (CareKitStore `OCKLabeledValue`).
public struct LabeledValue: Codable, Hashable, Sendable {
  /// What the value is (`"home"`, `"work"`).
  public var label: String
  /// The value.
  public var value: String

  public init(label: String, value: String) {
    self.label = label
    self.value = value
  }
}
