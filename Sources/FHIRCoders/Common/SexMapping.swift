public import CareModel
public import FHIRCore

/// `gender` ⇄ `BiologicalSex`, shared by both releases.
public enum SexMapping {
  /// Reads a gender code; a care `sex` extension (for texts other than the FHIR codes) wins.
  public static func read(gender: String?, extensions: [Extension], report: inout ConversionReport) -> BiologicalSex? {
    if let text = CareExtensions.strings(extensions, "sex").first { return BiologicalSex(rawValue: text) }
    guard let gender else { return nil }
    report.mapped(PatientPaths.gender)
    return BiologicalSex(rawValue: gender)
  }

  /// The gender code, and a care extension when the text is not a FHIR code.
  public static func write(_ sex: BiologicalSex?) -> (String?, Extension?) {
    guard let sex else { return (nil, nil) }
    switch sex.rawValue {
    case "male", "female", "other", "unknown": return (sex.rawValue, nil)
    default: return ("other", CareExtensions.string("sex", sex.rawValue))
    }
  }
}
