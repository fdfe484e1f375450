/// The code maps, defaults and extension URLs of the release conversion, shared by both
/// directions (each direction reads one map and checks round trips with the other).
extension ReleaseConverter {
  /// `CarePlan.status`, DSTU2 → R4 (`proposed` → `draft`, `cancelled` → `revoked`).
  static let carePlanStatusToR4 = [
    "proposed": "draft", "draft": "draft", "active": "active", "completed": "completed", "cancelled": "revoked",
  ]
  /// `CarePlan.status`, R4 → DSTU2 (`on-hold` → `active`, `entered-in-error` → `cancelled`, `unknown` → `draft`).
  static let carePlanStatusToDSTU2 = [
    "draft": "draft", "active": "active", "on-hold": "active", "revoked": "cancelled", "completed": "completed",
    "entered-in-error": "cancelled", "unknown": "draft",
  ]
  /// `CarePlan.activity.detail.status`: the DSTU2 codes all exist in R4.
  static let activityStatusToR4 = Dictionary(
    uniqueKeysWithValues: ["not-started", "scheduled", "in-progress", "on-hold", "completed", "cancelled"].map { ($0, $0) })
  static let activityStatusToDSTU2 = activityStatusToR4.merging(["stopped": "cancelled", "entered-in-error": "cancelled"]) { a, _ in a }
  /// The default `CarePlan.intent`.
  static let defaultCarePlanIntent = "plan"
  /// The default `CarePlan.activity.detail.status` (required in R4, optional in DSTU2).
  static let defaultActivityStatus = "unknown"
  /// `MedicationOrder.status` → `MedicationRequest.status` (the DSTU2 codes all exist in R4).
  static let medicationStatusToR4 = [
    "active": "active", "on-hold": "on-hold", "completed": "completed", "entered-in-error": "entered-in-error",
    "stopped": "stopped", "draft": "draft",
  ]
  /// `MedicationRequest.status` → `MedicationOrder.status` (`cancelled` → `stopped`; `unknown` has no image).
  static let medicationStatusToDSTU2 = medicationStatusToR4.merging(["cancelled": "stopped"]) { a, _ in a }
  /// The default `MedicationRequest.intent` (a DSTU2 MedicationOrder is an order).
  static let defaultMedicationIntent = "order"
  /// `Observation.status`: the DSTU2 codes all exist in R4; R4 `corrected` becomes `amended`.
  static let observationStatusToR4 = Dictionary(
    uniqueKeysWithValues: ["registered", "preliminary", "final", "amended", "cancelled", "entered-in-error", "unknown"].map { ($0, $0) })
  static let observationStatusToDSTU2 = observationStatusToR4.merging(["corrected": "amended"]) { a, _ in a }
  /// The R4 extension that holds what DSTU2 had in `Patient.animal`.
  static let patientAnimal = "http://hl7.org/fhir/StructureDefinition/patient-animal"
  /// `Patient.link.type`, DSTU2 → R4.
  static let linkTypesToR4 = ["replace": "replaced-by", "refer": "refer", "seealso": "seealso"]
  /// `Patient.link.type`, R4 → DSTU2 (`replaces` has no DSTU2 code: the required DSTU2
  /// element gets ``defaultLinkType``).
  static let linkTypesToDSTU2 = ["replaced-by": "replace", "refer": "refer", "seealso": "seealso"]
  /// The DSTU2 `Patient.link.type` for R4 `replaces`, which DSTU2 cannot express: a plain
  /// "see also" link (the original travels in an extension).
  static let defaultLinkType = "seealso"
  /// The `EventTiming` codes of DSTU2 (R4 added `MORN`, `NOON`, `AFT`, `EVE`, `NIGHT`,
  /// their early and late forms, and `PHS`).
  static let dstu2EventTimings: Set<String> = [
    "HS", "WAKE", "C", "CM", "CD", "CV", "AC", "ACM", "ACD", "ACV", "PC", "PCM", "PCD", "PCV",
  ]
  /// The URL of the extension that marks a required element as absent in the source.
  static let dataAbsentReason = "http://hl7.org/fhir/StructureDefinition/data-absent-reason"

  /// A `MedicationRequest.status` (R4) or `MedicationOrder.status` (DSTU2) code in the codes of
  /// the target release: kept when it is one of them, else mapped as the release conversion maps
  /// it (`cancelled` → `stopped` for DSTU2); `nil` when it has no image (`unknown` in DSTU2).
  public static func medicationStatus(_ code: String, toR4: Bool) -> String? {
    let valid = toR4 ? Set(medicationStatusToDSTU2.keys).union(["unknown"]) : Set(medicationStatusToR4.keys)
    return valid.contains(code) ? code : (toR4 ? medicationStatusToR4[code] : medicationStatusToDSTU2[code])
  }

  /// A `CarePlan.activity.detail.status` code in the codes of the target release: kept when it
  /// is one of them, else mapped as the release conversion maps it (`stopped` → `cancelled` for
  /// DSTU2); `nil` when it has no image (`unknown` in DSTU2).
  public static func activityStatus(_ code: String, toR4: Bool) -> String? {
    let valid = toR4 ? Set(activityStatusToDSTU2.keys).union(["unknown"]) : Set(activityStatusToR4.keys)
    return valid.contains(code) ? code : (toR4 ? activityStatusToR4[code] : activityStatusToDSTU2[code])
  }

  /// A `CarePlan.status` code in the codes of the target release: kept when it is one of them,
  /// else mapped as the release conversion maps it (`cancelled` ⇄ `revoked`, `proposed` → `draft`, …).
  public static func carePlanStatus(_ code: String, toR4: Bool) -> String? {
    let valid = toR4 ? Set(carePlanStatusToDSTU2.keys) : Set(carePlanStatusToR4.keys)
    return valid.contains(code) ? code : (toR4 ? carePlanStatusToR4[code] : carePlanStatusToDSTU2[code])
  }
}
