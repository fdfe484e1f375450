import CareModel
import FHIRCore
import FHIRJSON
import Foundation

/// What differs between the releases for the medication order coders (R4 MedicationRequest,
/// DSTU2 MedicationOrder ⇄ Task): the model types, the element names, the dosage's extra
/// instructions and dose, and how a written timing becomes a dosage. Everything else is shared
/// (``MedicationTaskMapping``).
protocol MedicationTaskRelease: ResourceRelease {
  associatedtype Dosage
  associatedtype Medication: Sendable
  /// What the release's `Timing` holds (``ScheduleEncoding/Capacity``).
  static var timingCapacity: ScheduleEncoding.Capacity { get }
  /// `"MedicationRequest"` or `"MedicationOrder"`.
  static var resourceType: String { get }
  /// The care id of an order without id.
  static var defaultID: String { get }
  /// The element holding the date the order was written: `authoredOn` or `dateWritten`.
  static var authoredElement: String { get }
  /// The dosage element with instructions beside `text`: `patientInstruction` or `additionalInstructions`.
  static var moreInstructionsElement: String { get }
  /// What the release's timing unit elements end with after `Unit`: `""` (R4 `periodUnit`) or
  /// `"s"` (DSTU2 `periodUnits`), as its timing adapter sets ``TimingPattern/unitNameSuffix``.
  static var timingUnitNameSuffix: String { get }
  /// Whether the date written counts as mapped with the schedule (R4: it anchors the default
  /// schedule) rather than with the version fields (DSTU2).
  static var schedulesMapAuthored: Bool { get }
  /// The report paths of the mapped elements, built once (``MedicationTaskPaths``).
  static var paths: MedicationTaskPaths { get }
  /// An `active` order (R4: of intent `order`) with nothing else in it.
  static func empty() -> Resource
  /// `medication[x]`.
  static func medication(_ r: Resource) -> OrderedMedication?
  /// The contained Medication with `id`, if any (`id` a slice of the reference: not copied out).
  static func contained(_ r: Resource, id: Substring) -> Medication?
  /// A Medication's code text, else its first coding display.
  static func name(_ m: Medication) -> ConceptText?
  /// Sets `medicationCodeableConcept` with `title` as its text.
  static func setTitle(_ title: String, in r: inout Resource)
  /// The dosages.
  static func dosages(_ r: Resource) -> [Dosage]
  /// A dosage's `text`, and its other instructions (``moreInstructionsElement``) as text.
  static func instructions(_ dosage: Dosage) -> (text: String?, more: String?)
  /// A dosage's `sequence` (none in DSTU2).
  static func sequence(_ dosage: Dosage) -> Int?
  /// A dosage's `asNeeded[x]`, `nil` when absent.
  static func asNeeded(_ dosage: Dosage) -> AsNeeded?
  /// Sets `asNeeded[x]` on every dosage: `asNeededBoolean` when `condition` is empty, else
  /// `asNeededCodeableConcept` with the condition as its text.
  static func setAsNeeded(_ condition: String, in r: inout Resource)
  /// The first dosage's `text`.
  static func firstDosageText(_ r: Resource) -> Primitive<FHIRString>?
  /// Sets the first dosage's `text`, adding a dosage when there is none.
  static func setFirstDosageText(_ text: Primitive<FHIRString>?, in r: inout Resource)
  /// `dispenseRequest.validityPeriod.start`.
  /// Whether it is there (with or without a value), and its value.
  static func validityStart(_ r: Resource) -> ElementValue<FHIRDateTime>
  /// The date the order was written (``authoredElement``).
  static func authored(_ r: Resource) -> ElementValue<FHIRDateTime>
  /// Sets the date the order was written.
  static func setAuthored(_ value: Primitive<FHIRDateTime>, in r: inout Resource)
  /// `status`.
  static func status(_ r: Resource) -> String?
  /// The date the order ended: DSTU2 `dateEnded`; R4 has none, but an order converted from DSTU2
  /// carries it in a cross-version extension (``CarriedDateEnded``).
  static func dateEnded(_ r: Resource) -> Primitive<FHIRDateTime>?
  /// The leaves of the extension that carries ``dateEnded(_:)`` (R4), counted mapped when it ends
  /// the schedule; empty when it is an element of its own (DSTU2, reported at `dateEnded`).
  static var carriedDateEndedLeaves: [String] { get }
  /// Where ``dateEnded(_:)`` is in the resource, for an issue about it: `dateEnded`, or the
  /// carrying extension's `valueDateTime` (R4).
  static func dateEndedPath(_ r: Resource) -> JSONPath
  /// R4 `intent` (DSTU2 has none: `nil`).
  static func intent(_ r: Resource) -> String?
  /// A dosage's timing, each element read where it lies.
  static func timing(_ dosage: Dosage) -> TimingPattern?
  /// The IANA zone of a dosage timing's `timezone` extension, if any.
  static func timingZone(_ dosage: Dosage) -> String?
  /// A dosage's doses as targets, each reported mapped at its path; a dose range (two targets,
  /// `dose.low` and `dose.high`) is reported unrepresentable and as an issue at `position`.
  static func targets(_ dosage: Dosage, position: Int, report: inout ConversionReport) -> [OutcomeValue]
  /// Replaces the dosages by one per written timing, with its targets as doses (what the
  /// release cannot hold reported unrepresentable).
  static func setDosages(_ written: [ScheduleEncoding.Written], path: String, in r: inout Resource, report: inout ConversionReport)
  /// The first `basedOn` reference naming a CarePlan (none in DSTU2).
  static func carePlanReference(_ r: Resource) -> String?
}

/// The report paths the shared mapping records, built once per release from its names
/// (``ReportPath``), so that recording one builds no string.
struct MedicationTaskPaths: Sendable {
  let root, id, medication, medicationReferenceDisplay: ReportPath
  /// The elements of `medicationCodeableConcept` the title may come from.
  let medicationConcept: ConceptText.Paths
  /// The elements of a contained Medication's `code` the title may come from.
  let containedMedicationConcept: ConceptText.Paths
  let dosageText, moreInstructions, validityStart, authored, basedOn, sequence, status, dateEnded, intent: ReportPath
  let asNeededBoolean: ReportPath
  /// The elements of `asNeededCodeableConcept` the condition may come from.
  let asNeededConcept: ConceptText.Paths
  /// The dosage timing's path.
  let timing: String
  /// The dosage timing's element paths.
  let timingPaths: TimingPaths

  init<R: MedicationTaskRelease>(_ release: R.Type) {
    let type = R.resourceType
    root = ReportPath(type)
    id = ReportPath(type + ".id")
    medication = ReportPath(type + ".medication")
    medicationConcept = ConceptText.Paths(type + ".medicationCodeableConcept")
    medicationReferenceDisplay = ReportPath(type + ".medicationReference.display")
    containedMedicationConcept = ConceptText.Paths(type + ".contained.code")
    dosageText = ReportPath(type + ".dosageInstruction.text")
    moreInstructions = ReportPath(type + ".dosageInstruction." + R.moreInstructionsElement)
    timing = type + ".dosageInstruction.timing"
    timingPaths = TimingPaths(cached: timing, unitNameSuffix: R.timingUnitNameSuffix)
    validityStart = ReportPath(type + ".dispenseRequest.validityPeriod.start")
    authored = ReportPath(type + "." + R.authoredElement)
    basedOn = ReportPath(type + ".basedOn")
    sequence = ReportPath(type + ".dosageInstruction.sequence")
    status = ReportPath(type + ".status")
    dateEnded = ReportPath(type + ".dateEnded")
    intent = ReportPath(type + ".intent")
    asNeededBoolean = ReportPath(type + ".dosageInstruction.asNeededBoolean")
    asNeededConcept = ConceptText.Paths(type + ".dosageInstruction.asNeededCodeableConcept")
  }
}

/// A dosage's `asNeeded[x]`, release-neutral: `asNeededBoolean` (its value) or
/// `asNeededCodeableConcept` (its text, else its first coding's display: ``ConceptText``).
struct AsNeeded {
  var isNeeded: Bool
  var condition: ConceptText?
  var isBoolean: Bool

  /// `asNeededBoolean` with its value (absent: not needed).
  static func flag(_ value: Bool?) -> AsNeeded { AsNeeded(isNeeded: value ?? false, condition: nil, isBoolean: true) }
  /// `asNeededCodeableConcept` with its text.
  static func condition(_ text: ConceptText?) -> AsNeeded { AsNeeded(isNeeded: true, condition: text, isBoolean: false) }
}

/// An order's `medication[x]`, release-neutral: a CodeableConcept's text (else its first coding
/// display: ``ConceptText``), or a reference.
enum OrderedMedication {
  case concept(ConceptText?)
  case reference(target: String?, display: String?)
}
