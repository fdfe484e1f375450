import ArgumentParser
import FHIRKit

/// `--from` / `--release`: a FHIR release, or `auto` to detect it per resource.
enum ReleaseOption: String, ExpressibleByArgument, CaseIterable {
  case auto, r4, dstu2

  /// The release to read `tokens` as: the one given, or the detected one. A resource
  /// with no release-specific element takes the release last detected in the same
  /// input (`inputRelease`, which this updates), else R4.
  func release(for tokens: JSONTokens, inputRelease: inout FHIRRelease?) -> FHIRRelease {
    switch self {
    case .r4: return .r4
    case .dstu2: return .dstu2
    case .auto:
      if let detected = ReleaseDetector.detect(tokens).release {
        inputRelease = detected
        return detected
      }
      return inputRelease ?? .r4
    }
  }
}
