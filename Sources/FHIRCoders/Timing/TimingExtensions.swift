import FHIRCore

/// The extensions the timing adapters read and write: the Timing's `timezone`
/// (`http://hl7.org/fhir/StructureDefinition/timezone`, an IANA zone as `valueCode`), and on a
/// DSTU2 repeat the R4 elements it lacks, as the cross-version extensions the release
/// conversion uses (`http://hl7.org/fhir/4.0/StructureDefinition/extension-Timing.repeat.timeOfDay`).
enum TimingExtensions {
  static let timeZoneURL = "http://hl7.org/fhir/StructureDefinition/timezone"
  static let r4Prefix = "http://hl7.org/fhir/4.0/StructureDefinition/extension-Timing.repeat."

  /// Reads the timezone extension of `extensions` into `pattern`, noting whether others are there.
  static func readTimeZone(_ extensions: [Extension], into pattern: inout TimingPattern) {
    for e in extensions {
      if e.url?.string == timeZoneURL, case .code(let code)? = e.value, let id = code.string {
        pattern.timeZone = id
      } else {
        pattern.hasOtherExtensions = true
      }
    }
  }

  /// The IANA zone of a Timing's `timezone` extension, if any.
  static func zoneID(_ extensions: [Extension]) -> String? {
    for e in extensions where e.url?.string == timeZoneURL {
      if case .code(let code)? = e.value { return code.string }
    }
    return nil
  }

  /// The timezone extension of a pattern's zone, if it has one.
  static func timeZone(_ pattern: TimingPattern) -> [Extension] {
    guard let id = pattern.timeZone else { return [] }
    return [Extension(url: FHIRURI(uncheckedString: timeZoneURL), value: .code(Primitive(FHIRCode(uncheckedString: id))))]
  }

  /// The values of the cross-version extensions for R4 repeat element `name` (`timeOfDay`).
  static func r4Values(_ extensions: [Extension], _ name: String) -> [String] {
    let url = r4Prefix + name
    return extensions.compactMap { e in
      guard e.url?.string == url else { return nil }
      switch e.value {
      case .time(let t)?: return t.string
      case .code(let c)?: return c.string
      default: return nil
      }
    }
  }
}
