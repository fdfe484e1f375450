import FHIRCore
import FHIRJSON

extension AnyResource {
  /// Every resource type of FHIR R4, the modelled ones and the others
  /// (`FHIRResourceTypes`). Another `resourceType` is reported: an error when it is no
  /// FHIR resource type at all, a warning when it is one of DSTU2 only.
  public static var resourceTypes: Set<String> { FHIRResourceTypes.r4 }

  /// Reports a `resourceType` that is a string but no R4 resource type, at that member.
  static func reportUnknownType(_ type: String, _ decoder: inout FHIRDecoder, inObjectAt index: Int) throws {
    guard var members = try decoder.members(ofObjectAt: index) else { return }
    while let member = decoder.nextMember(&members) {
      guard decoder.tokens.text(at: member.keyIndex, equals: "resourceType".utf8) else { continue }
      if FHIRResourceTypes.dstu2.contains(type) {
        try decoder.record(
          .warning, .unexpectedResourceType, "resourceType is a DSTU2 resource type, not R4", at: member.valueIndex)
      } else {
        try decoder.record(.error, .unexpectedResourceType, "resourceType is no FHIR resource type", at: member.valueIndex)
      }
      return
    }
  }
}
