/// CareKitStore's `OCKSemanticVersion`, the `schemaVersion` of an entity:
/// `{"majorVersion": 3, "minorVersion": 0, "patchNumber": 0}`.
public struct CareKitSemanticVersion: Codable, Hashable, Sendable, CustomStringConvertible {
  /// The major version (the 3 of 3.0.0).
  public var majorVersion: Int
  /// The minor version.
  public var minorVersion: Int
  /// The patch number.
  public var patchNumber: Int

  /// Creates a version.
  /// - Parameters:
  ///   - majorVersion: The major version.
  ///   - minorVersion: The minor version.
  ///   - patchNumber: The patch number.
  public init(majorVersion: Int, minorVersion: Int = 0, patchNumber: Int = 0) {
    self.majorVersion = majorVersion
    self.minorVersion = minorVersion
    self.patchNumber = patchNumber
  }

  /// `3.0.0`.
  public var description: String { "\(majorVersion).\(minorVersion).\(patchNumber)" }
}
