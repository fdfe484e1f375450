public import FHIRJSON

/// A FHIR model that decodes itself from tokens.
public protocol FHIRDecodable {
  /// Decodes the value whose tokens start at `index`, recording issues in `decoder`.
  /// Returns `nil` only when nothing could be decoded (the issue is recorded).
  init?(from decoder: inout FHIRDecoder, at index: Int) throws
}

/// A FHIR model that encodes itself as JSON.
public protocol FHIREncodable {
  /// Writes the value as one JSON value.
  func encode(to writer: inout JSONWriter)
}

/// A FHIR element or resource: decodes, encodes, compares.
public typealias FHIRCodable = FHIRDecodable & FHIREncodable & Hashable & Sendable
