/// Which way a conversion goes.
enum ConversionDirection: Sendable {
  case toR4
  case toDSTU2

  /// The prefix of the cross-version extensions this direction writes (for elements of the source release).
  var carryPrefix: String {
    switch self {
    case .toR4: "http://hl7.org/fhir/1.0/StructureDefinition/extension-"
    case .toDSTU2: "http://hl7.org/fhir/4.0/StructureDefinition/extension-"
    }
  }

  /// The prefix of the cross-version extensions this direction reads back (for elements of the target release).
  var restorePrefix: String {
    switch self {
    case .toR4: "http://hl7.org/fhir/4.0/StructureDefinition/extension-"
    case .toDSTU2: "http://hl7.org/fhir/1.0/StructureDefinition/extension-"
    }
  }
}
