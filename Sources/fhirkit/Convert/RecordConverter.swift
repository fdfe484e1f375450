import FHIRDSTU2
import FHIRKit
import FHIRR4
import FHIRReleaseConversion

/// Converts one record from its release to the target release; safe to call from several
/// threads at once (`--jobs`).
struct RecordConverter: Sendable {
  /// What converting one record gave.
  struct Converted {
    /// The compact JSON of the converted resource; `nil` when the models could not read it.
    var bytes: [UInt8]?
    /// The issues the models found in the input.
    var issues: [ValidationIssue]
    /// What the release conversion dropped, defaulted or carried as an extension.
    var conversion: ReleaseConversionReport
    /// What decoding changed to make the input fit the models (`--repair`, or any
    /// conversion to the other release).
    var repairs: [DecodingRepair] = []
    /// Whether the record was converted from DSTU2 to R4.
    var fromDSTU2ToR4 = false
    /// Whether the record was converted from R4 to DSTU2.
    var fromR4ToDSTU2 = false
    /// The resource type, when the record is of a type the release converter does not map
    /// and ``RecordConverter/passThrough`` is off: not written (``bytes`` is `nil`).
    var unmappedType: String?
  }

  /// The release to write.
  var target: FHIRRelease
  /// Whether to repair what the models cannot fit (`--repair`) when the release stays the
  /// same; a conversion to the other release always repairs (and reports it), so that its
  /// output holds only what the target release can hold.
  var repair = false
  /// Whether a resource of a type the release converter does not map is written unchanged
  /// (`--pass-through`); otherwise it is not written, its JSON being the other release's.
  var passThrough = false

  /// Decodes `record` in `release` and encodes it in ``target``.
  /// - Throws: What the models throw for tokens they cannot walk.
  func convert(_ record: ResourceRecord, from release: FHIRRelease) throws -> Converted {
    let options = DecodingOptions(mode: .lenient, pathPrefix: record.pathPrefix, repair: repair || release != target)
    switch (release, target) {
    case (.r4, .r4):
      let result = try FHIRR4.AnyResource.decode(from: record.tokens, at: record.index, options: options)
      return Converted(bytes: result.value?.jsonBytes(), issues: result.issues, conversion: .init(), repairs: result.repairs)
    case (.dstu2, .dstu2):
      let result = try FHIRDSTU2.AnyResource.decode(from: record.tokens, at: record.index, options: options)
      return Converted(bytes: result.value?.jsonBytes(), issues: result.issues, conversion: .init(), repairs: result.repairs)
    case (.dstu2, .r4):
      let result = try FHIRDSTU2.AnyResource.decode(from: record.tokens, at: record.index, options: options)
      guard let value = result.value else { return Converted(bytes: nil, issues: result.issues, conversion: .init(), repairs: result.repairs) }
      let (r4, conversion) = ReleaseConverter.toR4(value)
      if !passThrough, case .other = value {
        return Converted(
          bytes: nil, issues: result.issues, conversion: .init(), repairs: result.repairs, unmappedType: value.resourceType)
      }
      return Converted(
        bytes: r4.jsonBytes(), issues: result.issues, conversion: conversion, repairs: result.repairs, fromDSTU2ToR4: true)
    case (.r4, .dstu2):
      let result = try FHIRR4.AnyResource.decode(from: record.tokens, at: record.index, options: options)
      guard let value = result.value else { return Converted(bytes: nil, issues: result.issues, conversion: .init(), repairs: result.repairs) }
      let (dstu2, conversion) = ReleaseConverter.toDSTU2(value)
      if !passThrough, case .other = value {
        return Converted(
          bytes: nil, issues: result.issues, conversion: .init(), repairs: result.repairs, unmappedType: value.resourceType)
      }
      return Converted(
        bytes: dstu2.jsonBytes(), issues: result.issues, conversion: conversion, repairs: result.repairs, fromR4ToDSTU2: true)
    }
  }
}
