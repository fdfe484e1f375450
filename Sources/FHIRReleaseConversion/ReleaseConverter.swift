public import FHIRCore
public import FHIRDSTU2
import FHIRJSON
public import FHIRR4

/// Converts resources between FHIR DSTU2 and R4: Patient, MedicationOrder ⇄
/// MedicationRequest, CarePlan, Observation, Medication and Bundle, with the datatypes
/// they use. Other resource types pass through unchanged.
///
/// Every conversion returns a ``ConversionReport`` of what did not map one to one:
/// elements with no home in the target travel as cross-version extensions (and come back
/// on the reverse conversion) or are dropped; required target elements the source lacks
/// get a documented default; unknown elements travel along. `docs/release-conversion.md`
/// holds the full mapping table.
///
/// Both directions convert model to model (`DSTU2ToR4`, `R4ToDSTU2`): each reads the
/// source model's properties and builds the target model's.
public enum ReleaseConverter {
  /// Converts a DSTU2 resource to R4.
  /// - Parameter resource: Any DSTU2 resource; types without a mapping pass through as JSON (reported).
  /// - Returns: The R4 resource and the report.
  public static func toR4(_ resource: FHIRDSTU2.AnyResource) -> (FHIRR4.AnyResource, ConversionReport) {
    var converter = DSTU2ToR4()
    let converted = converter.resource(resource, path: "")
    return (converted, converter.conversion.report)
  }

  /// Converts an R4 resource to DSTU2.
  /// - Parameter resource: Any R4 resource; types without a mapping pass through as JSON (reported).
  /// - Returns: The DSTU2 resource and the report.
  public static func toDSTU2(_ resource: FHIRR4.AnyResource) -> (FHIRDSTU2.AnyResource, ConversionReport) {
    R4ToDSTU2.convert { $0.resource(resource, path: "") }
  }


  /// An element holding only a `data-absent-reason` of `unknown`: the default for required
  /// complex elements (`subject`, `code`, `medication[x]`) the source lacks.
  static let absent: JSONValue = [
    "extension": [["url": .string(dataAbsentReason), "valueCode": "unknown"]]
  ]

  // MARK: Engine

  /// Converts `source` and decodes the result as `Target`.
  static func convert<Source: FHIREncodable, Target: FHIRDecodable>(
    _ source: Source, direction: ConversionDirection, as target: Target.Type
  ) -> (Target, ConversionReport) {
    let sourceJSON = json(of: source)
    let (value, report) = convertJSON(sourceJSON, direction: direction, sourceUnknowns: unknownPaths(of: sourceJSON, direction))
    guard let converted = decode(Target.self, from: value).value else {
      preconditionFailure("a converted resource is always a JSON object")
    }
    return (converted, report)
  }

  /// Converts one resource's JSON (the encoding of a source model).
  static func convertJSON(_ value: JSONValue, direction: ConversionDirection, sourceUnknowns: [String]) -> (
    JSONValue, ConversionReport
  ) {
    var context = ConversionContext(direction)
    for path in sourceUnknowns {
      context.report.record(.unknown, path: path, note: "not in the source model; carried along as is")
    }
    guard case .object(var object) = value else { return (value, context.report) }
    convertResource(&object, path: "", &context)
    return (.object(object), context.report)
  }

  /// Reshapes one resource object (and its contained resources) in place.
  static func convertResource(_ object: inout JSONObject, path: String, _ context: inout ConversionContext) {
    let type = object["resourceType"]?.stringValue
    switch (context.direction, type) {
    case (.toR4, "Patient"): patientToR4(&object, path, &context)
    case (.toR4, "Medication"): medicationToR4(&object, path, &context)
    case (.toR4, "MedicationOrder"): medicationOrderToR4(&object, path, &context)
    case (.toR4, "Observation"): observationToR4(&object, path, &context)
    case (.toR4, "CarePlan"): carePlanToR4(&object, path, &context)
    case (.toR4, "Bundle"): bundleToR4(&object, path, &context)
    case (.toDSTU2, "Patient"): patientToDSTU2(&object, path, &context)
    case (.toDSTU2, "Medication"): medicationToDSTU2(&object, path, &context)
    case (.toDSTU2, "MedicationRequest"): medicationRequestToDSTU2(&object, path, &context)
    case (.toDSTU2, "Observation"): observationToDSTU2(&object, path, &context)
    case (.toDSTU2, "CarePlan"): carePlanToDSTU2(&object, path, &context)
    case (.toDSTU2, "Bundle"): bundleToDSTU2(&object, path, &context)
    default:
      context.report.record(.passedThrough, path: path, note: "resource type without a mapping; passed through unchanged")
      return
    }
    convertReferences(&object, path, &context)
    for index in object.members.indices {
      CodeSystemMap.rewrite(&object.members[index].value, context.direction)
    }
    context.each(&object, "contained", path: path) { context, child, childPath in
      convertResource(&child, path: childPath, &context)
    }
  }

  // MARK: JSON bridge

  /// A model's JSON.
  static func json(of value: some FHIREncodable) -> JSONValue {
    let bytes = value.jsonBytes()
    guard let json = try? bytes.withUnsafeBytes({ try JSONValue(parsing: $0) }) else {
      preconditionFailure("the JSON writer writes valid JSON")
    }
    return json
  }

  /// Decodes a model from JSON.
  static func decode<T: FHIRDecodable>(_ type: T.Type, from value: JSONValue) -> DecodingResult<T> {
    var writer = JSONWriter()
    writer.value(value)
    guard let tokens = try? writer.output.withUnsafeBytes({ try JSONTokens(parsing: $0) }),
      let result = try? T.decode(from: tokens)
    else {
      preconditionFailure("the JSON writer writes valid JSON and lenient decoding does not throw")
    }
    return result
  }

  /// The paths of the elements the source model keeps in its `unknown` bags, found by
  /// decoding its JSON `value` again.
  static func unknownPaths(of value: JSONValue, _ direction: ConversionDirection) -> [String] {
    let issues: [ValidationIssue] =
      switch direction {
      case .toR4: decode(FHIRDSTU2.AnyResource.self, from: value).issues
      case .toDSTU2: decode(FHIRR4.AnyResource.self, from: value).issues
      }
    return issues.filter { $0.code == .unknownElement }.map { $0.path.description }
  }
}
