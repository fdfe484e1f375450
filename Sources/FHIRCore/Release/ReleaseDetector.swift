public import FHIRJSON

/// Tells R4 from DSTU2 for JSON of unknown release, from evidence that exists in one
/// release only: resource types (`MedicationOrder`, `MedicationRequest`), elements
/// (`dateWritten` vs `authoredOn`, `careProvider` vs `generalPractitioner`,
/// `fhir_comments`), element shapes (`HumanName.family` as an array), code system
/// URLs (`http://hl7.org/fhir/v3/…` vs `http://terminology.hl7.org/CodeSystem/…`),
/// Argonaut profiles and `fhirVersion`. It says when it cannot tell.
public enum ReleaseDetector {
  /// What the detector concluded, and why.
  public struct Detection: Hashable, Sendable, CustomStringConvertible {
    /// The release, or `nil` when there is no evidence or it points both ways.
    public var release: FHIRRelease?
    /// Evidence for R4 (element paths and hints, never values of patient data).
    public var r4Evidence: [String]
    /// Evidence for DSTU2.
    public var dstu2Evidence: [String]

    /// The release and the first pieces of evidence for it, or why it is unknown.
    public var description: String {
      guard let release else {
        if r4Evidence.isEmpty && dstu2Evidence.isEmpty { return "release unknown: no release-specific evidence" }
        return "release unknown: evidence for both (R4: \(r4Evidence.prefix(3)), DSTU2: \(dstu2Evidence.prefix(3)))"
      }
      let evidence = release == .r4 ? r4Evidence : dstu2Evidence
      return "\(release) (\(evidence.prefix(3).joined(separator: ", ")))"
    }
  }

  /// Resource types that exist in DSTU2 but not in R4.
  static let dstu2OnlyTypes: Set<String> = [
    "MedicationOrder", "DiagnosticOrder", "Order", "OrderResponse", "DeviceUseRequest", "ProcedureRequest",
    "ReferralRequest", "Conformance", "ImagingObjectSelection", "ProcessRequest",
    "ProcessResponse", "EligibilityRequest", "EligibilityResponse", "EnrollmentRequest", "EnrollmentResponse",
    "Supply",
  ]
  /// Resource types that exist in R4 but not in DSTU2.
  static let r4OnlyTypes: Set<String> = [
    "MedicationRequest", "ServiceRequest", "CapabilityStatement", "RequestGroup", "CareTeam", "PractitionerRole",
    "Task", "ResearchStudy", "ResearchSubject", "MedicationKnowledge", "Invoice", "ChargeItem", "CoverageEligibilityRequest",
    "CoverageEligibilityResponse", "DetectedIssue", "Endpoint", "GuidanceResponse", "MeasureReport", "ObservationDefinition",
    "PlanDefinition", "ActivityDefinition", "VerificationResult", "ServiceRequest", "CatalogEntry",
    "MedicinalProduct", "BiologicallyDerivedProduct", "Linkage", "MessageDefinition", "EventDefinition",
  ]
  /// Keys found in DSTU2 only.
  static let dstu2OnlyKeys: Set<String> = [
    "fhir_comments", "dateWritten", "careProvider", "periodUnits", "durationUnits", "actionResulting",
    "prohibited", "orderer", "dateEnded", "reasonEnded", "notGiven", "wasNotGiven", "valueSetReference", "dateRecorded",
  ]
  /// Keys found in R4 only.
  static let r4OnlyKeys: Set<String> = [
    "authoredOn", "generalPractitioner", "periodUnit", "durationUnit", "hasMember", "derivedFrom",
    "doseAndRate", "instantiatesCanonical", "instantiatesUri", "doNotPerform", 
    "outcomeReference", "outcomeCodeableConcept", "statusReason", 
  ]

  /// Keys `detect` looks at beyond the two key sets.
  static let keysWithRules: Set<String> = [
    "resourceType", "family", "intent", "clinicalStatus", "verificationStatus", "category", "class", "fhirVersion",
  ]
  /// Every key `detect` looks at, found by its bytes (most keys of a resource are none of them).
  static let lookedAt = KeyTable(dstu2OnlyKeys.union(r4OnlyKeys).union(keysWithRules).sorted())
  /// Per key of ``lookedAt``, whether it is found in DSTU2 only, and in R4 only.
  private static let keyReleases = lookedAt.keys.map {
    (dstu2: dstu2OnlyKeys.contains($0), r4: r4OnlyKeys.contains($0))
  }
  /// The resource types of one release, found by their bytes (most resource types are neither).
  private static let releaseTypes = KeyTable(dstu2OnlyTypes.union(r4OnlyTypes).sorted())

  /// Looks at `tokens` (one resource, a Bundle or a Bundle entry) and decides.
  public static func detect(_ tokens: JSONTokens) -> Detection {
    var detection = Detection(release: nil, r4Evidence: [], dstu2Evidence: [])
    var r4 = 0
    var dstu2 = 0
    // Each kind of evidence counts once, however often it occurs, so that one element
    // repeated many times cannot outweigh several independent signs.
    func note(_ release: FHIRRelease, _ weight: Int, _ reason: String) {
      switch release {
      case .r4:
        guard !detection.r4Evidence.contains(reason) else { return }
        r4 += weight
        detection.r4Evidence.append(reason)
      case .dstu2:
        guard !detection.dstu2Evidence.contains(reason) else { return }
        dstu2 += weight
        detection.dstu2Evidence.append(reason)
      }
    }

    var index = 0
    while index < tokens.count {
      guard tokens[index].kind == .key else {
        if tokens[index].kind == .string { noteSystem(tokens, at: index, note) }
        index += 1
        continue
      }
      // Most keys are none of those looked at: skip them without making a String.
      guard let match = lookedAt.index(ofTextAt: index, in: tokens) else {
        index += 1
        continue
      }
      let key = lookedAt.keys[match]
      let value = index + 1
      if keyReleases[match].dstu2 { note(.dstu2, 2, key) }
      if keyReleases[match].r4 { note(.r4, 2, key) }
      switch key {
      case "resourceType" where tokens[value].kind == .string:
        guard let type = releaseTypes.index(ofTextAt: value, in: tokens).map({ releaseTypes.keys[$0] }) else { break }
        if dstu2OnlyTypes.contains(type) { note(.dstu2, 5, "resource type \(type)") }
        if r4OnlyTypes.contains(type) { note(.r4, 5, "resource type \(type)") }
      case "family":
        // HumanName.family: an array in DSTU2, a string in R4.
        if tokens[value].kind == .arrayStart { note(.dstu2, 3, "HumanName.family as an array") }
        if tokens[value].kind == .string { note(.r4, 1, "HumanName.family as a string") }
      case "intent":
        note(.r4, 2, "intent")
      case "clinicalStatus", "verificationStatus":
        // A CodeableConcept in R4, a code in DSTU2.
        if tokens[value].kind == .objectStart { note(.r4, 2, "\(key) as a CodeableConcept") }
        if tokens[value].kind == .string { note(.dstu2, 2, "\(key) as a code") }
      case "category":
        // Observation.category and Condition.category: one CodeableConcept in DSTU2, a list in R4.
        // (R4 Claim and ExplanationOfBenefit items have a single category too: weak evidence.)
        if tokens[value].kind == .objectStart { note(.dstu2, 1, "category as a single CodeableConcept") }
      case "class":
        // Encounter.class: a code in DSTU2, a Coding in R4.
        if tokens[value].kind == .string { note(.dstu2, 2, "Encounter.class as a code") }
      case "fhirVersion" where tokens[value].kind == .string:
        let version = tokens.string(at: value)
        if version.hasPrefix("1.0") { note(.dstu2, 10, "fhirVersion 1.0") }
        if version.hasPrefix("4.0") { note(.r4, 10, "fhirVersion 4.0") }
      default:
        break
      }
      index += 1
    }
    noteResourceShapes(tokens, note)
    if r4 > 0 && dstu2 == 0 || r4 >= 3 * max(dstu2, 1) {
      detection.release = .r4
    } else if dstu2 > 0 && r4 == 0 || dstu2 >= 3 * max(r4, 1) {
      detection.release = .dstu2
    }
    return detection
  }

  /// Elements of the resource itself (the root, or a Bundle entry's `resource`) whose
  /// cardinality changed between the releases, judged knowing the resource type:
  /// `Observation.category` and `.interpretation` and `Condition.category` are lists in R4
  /// and single CodeableConcepts in DSTU2. (Elsewhere a `category` list proves nothing:
  /// DSTU2 CarePlan and Goal have one too.)
  private static func noteResourceShapes(_ tokens: JSONTokens, _ note: (FHIRRelease, Int, String) -> Void) {
    guard tokens.count > 1, tokens[0].kind == .objectStart else { return }
    func member(_ name: [UInt8], of object: Int) -> Int? {
      let end = tokens.endIndex(ofValueAt: object)
      var key = object + 1
      while key < end {
        if tokens[key].kind == .key, tokens.text(at: key, equals: name, in: name.indices) { return key + 1 }
        key = tokens.endIndex(ofValueAt: key + 1) + 1
      }
      return nil
    }
    var resource = 0
    if member(Member.resourceType, of: 0) == nil {
      guard let entryResource = member(Member.resource, of: 0), tokens[entryResource].kind == .objectStart else {
        return
      }
      resource = entryResource
    }
    guard let typeIndex = member(Member.resourceType, of: resource), tokens[typeIndex].kind == .string else { return }
    let lists: [Member.List]
    if tokens.text(at: typeIndex, equals: Member.observation, in: Member.observation.indices) {
      lists = Member.observationLists
    } else if tokens.text(at: typeIndex, equals: Member.condition, in: Member.condition.indices) {
      lists = Member.conditionLists
    } else {
      return
    }
    for list in lists {
      guard let value = member(list.name, of: resource) else { continue }
      if tokens[value].kind == .arrayStart { note(.r4, 2, list.asList) }
      if tokens[value].kind == .objectStart { note(.dstu2, 2, list.asSingle) }
    }
  }

  /// The names ``noteResourceShapes(_:_:)`` compares keys and the resource type with, as bytes
  /// (no `String` made of each key it passes).
  private enum Member {
    static let resourceType = Array("resourceType".utf8)
    static let resource = Array("resource".utf8)
    static let observation = Array("Observation".utf8)
    static let condition = Array("Condition".utf8)
    static let observationLists = [List("Observation", "category"), List("Observation", "interpretation")]
    static let conditionLists = [List("Condition", "category")]

    /// An element of a resource type that is a list in R4 and a single CodeableConcept in DSTU2,
    /// with the evidence each shape gives.
    struct List {
      let name: [UInt8]
      let asList: String
      let asSingle: String

      init(_ type: String, _ name: String) {
        self.name = Array(name.utf8)
        asList = "\(type).\(name) as a list"
        asSingle = "\(type).\(name) as a single CodeableConcept"
      }
    }
  }

  /// Code system and profile URLs whose form belongs to one release.
  private static func noteSystem(
    _ tokens: JSONTokens, at index: Int, _ note: (FHIRRelease, Int, String) -> Void
  ) {
    let release = tokens.withText(at: index) { text -> (FHIRRelease, Int, String)? in
      // Most strings do not start with an "h": skip them before reading any prefix.
      guard text.count > 4, text[0] == UInt8(ascii: "h"), starts(text, with: SystemPrefix.http) else { return nil }
      if starts(text, with: SystemPrefix.terminology) { return (.r4, 2, "terminology.hl7.org code system") }
      if starts(text, with: SystemPrefix.v2) || starts(text, with: SystemPrefix.v3) {
        return (.dstu2, 1, "hl7.org/fhir/v2|v3 code system")
      }
      if starts(text, with: SystemPrefix.argonaut) { return (.dstu2, 3, "Argonaut profile") }
      return nil
    }
    if let (release, weight, reason) = release { note(release, weight, reason) }
  }

  /// Whether `text` starts with `prefix`, compared byte by byte (every string value of every
  /// resource is compared with "http").
  private static func starts(_ text: UnsafeRawBufferPointer, with prefix: [UInt8]) -> Bool {
    guard text.count >= prefix.count else { return false }
    var offset = 0
    while offset < prefix.count {
      if text[offset] != prefix[offset] { return false }
      offset += 1
    }
    return true
  }

  /// The URL prefixes ``noteSystem(_:at:_:)`` looks for, as bytes: every string value of every
  /// resource is compared with them (byte arrays compare several times faster than
  /// `String.UTF8View`s; `job` benchmark, issue 20).
  private enum SystemPrefix {
    static let http = Array("http".utf8)
    static let terminology = Array("http://terminology.hl7.org/CodeSystem/".utf8)
    static let v2 = Array("http://hl7.org/fhir/v2/".utf8)
    static let v3 = Array("http://hl7.org/fhir/v3/".utf8)
    static let argonaut = Array("http://fhir.org/guides/argonaut/".utf8)
  }
}
