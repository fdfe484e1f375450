import FHIRCore
import FHIRJSON
import FHIRR4
import Testing

/// Hand-written inputs proving each decoding and validation rule, on R4 Patient.
@Suite struct DecodingRuleTests {
  func decode(_ json: String, options: DecodingOptions = .lenient) throws -> DecodingResult<Patient> {
    let tokens = try Array(json.utf8).withUnsafeBytes { try JSONTokens(parsing: $0) }
    return try Patient.decode(from: tokens, options: options)
  }

  func roundTrip(_ json: String) throws -> (Patient, JSONValue, JSONValue) {
    let result = try decode(json)
    let patient = try #require(result.value)
    let original = try JSONValue(parsing: json)
    let encoded = try patient.jsonBytes().withUnsafeBytes { try JSONValue(parsing: $0) }
    return (patient, original, encoded)
  }

  func issue(_ result: DecodingResult<Patient>, _ code: ValidationIssue.Code) -> ValidationIssue? {
    result.issues.first { $0.code == code }
  }

  @Test func primitiveExtensionWithoutValue() throws {
    let json = #"{"resourceType":"Patient","_birthDate":{"id":"b1","extension":[{"url":"http://hl7.org/fhir/StructureDefinition/data-absent-reason","valueCode":"unknown"}]}}"#
    let (patient, original, encoded) = try roundTrip(json)
    #expect(patient.birthDate?.value == nil)
    #expect(patient.birthDate?.id == "b1")
    #expect(patient.birthDate?.extension.first?.value == .code("unknown"))
    #expect(encoded.isEquivalent(to: original))
  }

  @Test func nullPaddedPrimitiveArrays() throws {
    let json = #"{"resourceType":"Patient","name":[{"given":["Peter",null,"Jim"],"_given":[null,{"extension":[{"url":"http://example.org/x","valueString":"v"}]},{"id":"g3"}]}]}"#
    let (patient, original, encoded) = try roundTrip(json)
    let given = try #require(patient.name.first?.given)
    #expect(given.map(\.string) == ["Peter", nil, "Jim"])
    #expect(given[1].extension.count == 1 && given[2].id == "g3" && !given[0].hasElementData)
    #expect(encoded.isEquivalent(to: original))
  }

  @Test func decimalsKeepTheirText() throws {
    let json = #"{"resourceType":"Patient","extension":[{"url":"http://e.org/a","valueDecimal":1.50},{"url":"http://e.org/b","valueDecimal":1e3},{"url":"http://e.org/c","valueDecimal":0.000001},{"url":"http://e.org/d","valueDecimal":-0.0}]}"#
    let (patient, original, encoded) = try roundTrip(json)
    let texts = patient.extension.compactMap { ext -> String? in
      if case .decimal(let decimal) = ext.value { return decimal.value?.text }
      return nil
    }
    #expect(texts == ["1.50", "1e3", "0.000001", "-0.0"])
    #expect(String(decoding: patient.jsonBytes(), as: UTF8.self).contains(#""valueDecimal":1.50"#))
    #expect(encoded.isEquivalent(to: original))
  }

  @Test func unknownElementInNestedDatatypeIsKeptAndReported() throws {
    let json = #"{"resourceType":"Patient","id":"p1","name":[{"family":"F","period":{"start":"2001","futureElement":{"a":[1,2.50]}}}]}"#
    let result = try decode(json)
    let reported = try #require(issue(result, .unknownElement))
    #expect(reported.path.description == "name[0].period.futureElement")
    #expect(reported.severity == .information)
    #expect(reported.resourceType == "Patient" && reported.resourceID == "p1")
    let (_, original, encoded) = try roundTrip(json)
    #expect(encoded.isEquivalent(to: original))
  }

  @Test func wrongJSONType() throws {
    let result = try decode(#"{"resourceType":"Patient","name":["Peter"],"active":"yes"}"#)
    let issues = result.issues.filter { $0.code == .wrongType }
    #expect(issues.map(\.path.description) == ["name[0]", "active"])
    #expect(issues.allSatisfy { $0.severity == .error })
  }

  @Test func singleValueWhereArrayBelongsAndViceVersa() throws {
    let result = try decode(#"{"resourceType":"Patient","name":{"family":"F"},"gender":["male"]}"#)
    let issues = result.issues.filter { $0.code == .wrongCardinality }
    #expect(issues.map(\.path.description) == ["name", "gender"])
    // Kept as they came (the properties stay empty) and written back unchanged.
    #expect(result.value?.name.isEmpty == true)
    #expect(result.value?.gender?.value == nil && result.value?.gender?.invalidJSON == .array(["male"]))
    let (_, original, encoded) = try roundTrip(#"{"resourceType":"Patient","name":{"family":"F"},"gender":["male"]}"#)
    #expect(encoded.isEquivalent(to: original))
    // Repaired when asked: the values are decoded, and each change is listed.
    let repaired = try decode(#"{"resourceType":"Patient","name":{"family":"F"},"gender":["male"]}"#, options: .repairing)
    #expect(repaired.issues.isEmpty)
    #expect(repaired.value?.name.first?.family?.string == "F")
    #expect(repaired.value?.gender?.string == "male")
    #expect(repaired.repairs.map { "\($0.action.rawValue) \($0.path)" } == ["wrapped name", "unwrapped gender"])
  }

  @Test func choiceAndPrimitiveTwinsOfTheWrongShapeAreKept() throws {
    let json = #"""
      {"resourceType":"Patient","deceasedBoolean":true,"deceasedDateTime":"2020-01-01","_birthDate":[{"id":"x"}],
       "name":[{"given":"Ann","_given":{"id":"g"},"_family":{}}],"multipleBirthInteger":null,"id":["p1"]}
      """#
    let result = try decode(json)
    let codes = result.issues.filter { $0.severity != .information }.map { "\($0.code.rawValue) \($0.path)" }
    #expect(
      codes == [
        "duplicateChoice deceasedDateTime", "wrongCardinality _birthDate", "wrongCardinality name[0].given",
        "wrongCardinality name[0]._given", "empty name[0]._family", "wrongType multipleBirthInteger", "wrongCardinality id",
      ], "\(codes)")
    let (_, original, encoded) = try roundTrip(json)
    #expect(encoded.isEquivalent(to: original))
  }

  @Test func requiredElementMissing() throws {
    let result = try decode(#"{"resourceType":"Patient","link":[{"other":{"reference":"Patient/2"}}]}"#)
    let missing = try #require(issue(result, .required))
    #expect(missing.path.description == "link[0]")
    #expect(missing.message.contains("'type'"))
  }

  @Test func twoChoicesOfOneElement() throws {
    let result = try decode(#"{"resourceType":"Patient","deceasedBoolean":true,"deceasedDateTime":"2020-01-01"}"#)
    let duplicate = try #require(issue(result, .duplicateChoice))
    #expect(duplicate.path.description == "deceasedDateTime")
  }

  @Test func keyGivenTwiceIsAnErrorAndTheLastOneIsKept() throws {
    let json = #"""
      {"resourceType":"Patient","gender":"male","name":[{"family":"A","given":["X"],"family":"B"}],
       "futureElement":1,"gender":"female","futureElement":2,"active":true}
      """#
    let result = try decode(json)
    let repeated = result.issues.filter { $0.code == .duplicateKey }
    #expect(repeated.map(\.path.description) == ["gender", "futureElement", "name[0].family"])
    #expect(repeated.allSatisfy { $0.severity == .error && !$0.message.contains("male") })
    let patient = try #require(result.value)
    #expect(patient.gender?.string == "female")
    #expect(patient.name.first?.family?.string == "B")
    #expect(patient.name.first?.given.map(\.string) == ["X"])
    #expect(patient.unknown["futureElement"] == .number(JSONNumber(2)))
    #expect(patient.unknown.count == 1)
    #expect(patient.active?.value?.bool == true)
    #expect(throws: FHIRDecodingError.self) { try decode(json, options: .strict) }
  }

  @Test func keysRepeatedInALargeObjectAreFoundEachTime() throws {
    // More than eight members: repeated keys are found through the digest table.
    let others = (1...12).map { #""x\#($0)":\#($0)"# }.joined(separator: ",")
    let json = #"{"resourceType":"Patient","gender":"male",\#(others),"gender":"other","x3":30,"gender":"female"}"#
    let result = try decode(json)
    let repeated = result.issues.filter { $0.code == .duplicateKey }.map(\.path.description)
    #expect(repeated == ["gender", "x3", "gender"])
    let patient = try #require(result.value)
    #expect(patient.gender?.string == "female")
    #expect(patient.unknown.count == 12)
    #expect(patient.unknown["x3"] == .number(JSONNumber(30)))
  }

  @Test func emptyValues() throws {
    let result = try decode(#"{"resourceType":"Patient","name":[],"telecom":[{}],"birthDate":""}"#)
    let empty = result.issues.filter { $0.code == .empty }.map(\.path.description)
    #expect(empty == ["name", "telecom[0]", "birthDate"])
  }

  @Test func malformedPrimitives() throws {
    let result = try decode(
      #"{"resourceType":"Patient","id":"bad id!","birthDate":"2020-13-45","multipleBirthInteger":1.5,"deceasedDateTime":"2020-02-30T10:00:00Z"}"#)
    let invalid = result.issues.filter { $0.code == .invalidValue }
    #expect(invalid.map(\.path.description) == ["id", "birthDate", "multipleBirthInteger", "deceasedDateTime"])
    // Messages never quote the value (the resource's logical id names the resource, by design).
    #expect(invalid.allSatisfy { !$0.description.contains("2020-13-45") && !$0.message.contains("bad id") })
    // Lenient decoding keeps the text.
    #expect(result.value?.birthDate?.string == "2020-13-45")
  }

  @Test func codeOutsideRequiredValueSet() throws {
    let result = try decode(#"{"resourceType":"Patient","gender":"mail","name":[{"use":"offical"}]}"#)
    let codes = result.issues.filter { $0.code == .invalidCode }
    #expect(codes.map(\.path.description) == ["gender", "name[0].use"])
  }

  @Test func strictModeThrowsAtTheFirstError() throws {
    #expect(throws: FHIRDecodingError.self) {
      _ = try decode(#"{"resourceType":"Patient","gender":"mail"}"#, options: .strict)
    }
    // Information-level issues do not stop strict decoding.
    let result = try decode(#"{"resourceType":"Patient","newThing":1}"#, options: .strict)
    #expect(result.value != nil && result.errors.isEmpty)
  }

  @Test func resourceTypeAnywhereAndChecked() throws {
    let result = try decode(#"{"id":"x","gender":"female","resourceType":"Patient"}"#)
    #expect(result.errors.isEmpty && result.value?.gender?.string == "female")
    let wrong = try decode(#"{"resourceType":"Observation"}"#)
    #expect(issue(wrong, .unexpectedResourceType) != nil)
  }

  @Test func partialDatesWriteBackAsRead() throws {
    for text in ["2020", "2020-03", "2020-03-04", "2015-02-07T13:28:17.239+02:00", "2017-01-01T00:00:00Z"] {
      let json = #"{"resourceType":"Patient","deceasedDateTime":"\#(text)"}"#
      let (patient, original, encoded) = try roundTrip(json)
      #expect(encoded.isEquivalent(to: original))
      guard case .dateTime(let dateTime) = patient.deceased else {
        Issue.record("not a dateTime")
        continue
      }
      #expect(dateTime.value?.components.year != nil)
    }
    let components = FHIRDateTime(validating: "2015-02-07T13:28:17.239+02:00")?.components
    #expect(components?.precision == .fraction && components?.utcOffsetMinutes == 120 && components?.day == 7)
    #expect(FHIRDate(validating: "2020-02-29") != nil && FHIRDate(validating: "2019-02-29") == nil)
    #expect(FHIRInstant(validating: "2020-01-01") == nil)
    #expect(FHIRTime(validating: "25:00:00") == nil && FHIRTime(validating: "23:59:60.5") != nil)
  }

  /// Nothing lost: a primitive of the wrong JSON type, or several values where one
  /// belongs, is reported and written back as it came.
  @Test func primitivesOfTheWrongShapeAreKept() throws {
    let json = #"{"resourceType":"Patient","active":"true","gender":["male","female"],"birthDate":19700101,"name":[{"given":["A",7]}]}"#
    let result = try decode(json)
    #expect(result.issues.filter { $0.code == .wrongType }.map(\.path.description) == ["active", "birthDate", "name[0].given[1]"])
    #expect(result.issues.filter { $0.code == .wrongCardinality }.map(\.path.description) == ["gender"])
    #expect(result.value?.active?.value == nil && result.value?.active?.invalidJSON == .string("true"))
    let (_, original, encoded) = try roundTrip(json)
    #expect(encoded.isEquivalent(to: original))
  }
}
