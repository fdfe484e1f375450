/// A FHIR release FHIRKit reads and writes.
public enum FHIRRelease: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
  /// FHIR DSTU2 (1.0.2), as Argonaut-era EHR APIs and Apple Health records speak it.
  case dstu2
  /// FHIR R4 (4.0.1).
  case r4

  /// The release's usual name: `DSTU2` or `R4`.
  public var description: String {
    switch self {
    case .dstu2: "DSTU2"
    case .r4: "R4"
    }
  }
}
