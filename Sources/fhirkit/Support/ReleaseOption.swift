import ArgumentParser
import FHIRKit

/// `--from` / `--release`: a FHIR release, or `auto` to detect it per resource.
enum ReleaseOption: String, ExpressibleByArgument, CaseIterable {
  case auto, r4, dstu2

  /// The release to read `tokens` as: the one given, or the detected one. A resource
  /// with no release-specific element takes the release last detected in the same
  /// input (`inputRelease`, which this updates), else R4.
  func release(for tokens: JSONTokens, inputRelease: inout FHIRRelease?) -> FHIRRelease {
    release(detected: self == .auto ? detect(tokens) : nil, inputRelease: &inputRelease)
  }

  /// The release the detector finds in `tokens` (`nil` when it cannot tell); safe to call
  /// from several threads.
  func detect(_ tokens: JSONTokens) -> FHIRRelease? {
    ReleaseDetector.detect(tokens).release
  }

  /// ``release(for:inputRelease:)`` with the detection already made (`detected`, for `auto`).
  func release(detected: FHIRRelease?, inputRelease: inout FHIRRelease?) -> FHIRRelease {
    switch self {
    case .r4: return .r4
    case .dstu2: return .dstu2
    case .auto:
      if let detected {
        inputRelease = detected
        return detected
      }
      return inputRelease ?? .r4
    }
  }
}
