/// The version `fhirkit --version` prints; the one place it is written.
enum FHIRKitVersion {
  static let current = "0.10.0"
}
