public import CareModel
public import FHIRCore
public import Foundation

/// A FHIR medication order ⇄ care `Task`, for either release: ``R4MedicationRequestCoder``
/// (MedicationRequest) and ``DSTU2MedicationOrderCoder`` (MedicationOrder). Each mapped field has a
/// `get…` (FHIR → entity) and a `set…` (entity → FHIR) closure; replace one to change only that
/// field. The mapping is one for both releases, what differs between them (element names, the
/// dosage's instructions and doses) is in each release's adapter.
public struct MedicationTaskCoder<Resource: FHIREncodable & Sendable, Medication: Sendable>: MappedResourceCoder {
  public typealias Entity = TaskEntity

  /// `id` → `id` (defaulted to `"medication-request"` (R4) or `"medication-order"` (DSTU2) when absent).
  public var getCareID: @Sendable (Resource, inout ConversionReport) -> String
  /// `id` → the order's `id` (through ``ResourceIDMapping``, like the other coders).
  public var setFHIRID: @Sendable (Entity, inout Resource, inout ConversionReport) -> Void
  /// The Medication a non-contained `medicationReference` points at, given the reference's text
  /// (`Medication/123`; empty for a reference by `identifier` alone). Default: none (a coder that
  /// sees a whole Bundle can set this to look entries up; the pipeline sets it to the Medication
  /// it found in the input).
  public var resolveMedication: @Sendable (String) -> Medication? = { _ in nil }
  /// `medicationCodeableConcept.text`, else its first `coding.display`; for `medicationReference`
  /// the contained (`#id`) or resolved (``resolveMedication``) Medication's code text or display,
  /// else the reference's `display` → `title`. An unresolved reference without display gives no
  /// title. Only the element the title came from is reported mapped (a resolved Medication's
  /// elements are its own, not the order's).
  public var getCareTitle: @Sendable (Resource, inout ConversionReport) -> String? {
    get { _getCareTitle ?? { [resolveMedication, careTitle] r, report in careTitle(r, resolveMedication, &report) } }
    set { _getCareTitle = newValue }
  }
  /// The title closure set by the user; `nil`: the default, with the ``resolveMedication`` of the moment.
  private var _getCareTitle: (@Sendable (Resource, inout ConversionReport) -> String?)?
  /// The default title reading, given the resolver.
  private let careTitle: @Sendable (Resource, @Sendable (String) -> Medication?, inout ConversionReport) -> String?
  /// `title` → `medicationCodeableConcept.text`.
  public var setFHIRTitle: @Sendable (Entity, inout Resource, inout ConversionReport) -> Void
  /// `dosageInstruction.text` and `.patientInstruction` (R4) or `.additionalInstructions` (DSTU2: its
  /// text, else first coding display), newline-joined → `instructions`.
  public var getCareInstructions: @Sendable (Resource, inout ConversionReport) -> String?
  /// `instructions` → the first dosage instruction's `text`.
  public var setFHIRInstructions: @Sendable (Entity, inout Resource, inout ConversionReport) -> Void
  /// Dosage instruction timings → `schedule` (the Timing mapping); each dose quantity (R4
  /// `doseAndRate.doseQuantity`, DSTU2 `doseQuantity`) → each element's targetValues
  /// (``TargetValueMapping``); a dose range → two targets of kind `dose.low` and `dose.high`.
  /// Without timing: the documented default (daily, all day, from the bounds / validity period /
  /// date written), reported defaulted. An order that has ended schedules nothing after it: up
  /// to DSTU2 `dateEnded`, else, when its `status` is `stopped`, `completed` or `cancelled`, only
  /// the first day of each pattern without end (reported unrepresentable).
  public var getCareSchedule: @Sendable (Resource, TimeZone, inout ConversionReport) -> Schedule
  /// `schedule` → one dosage instruction per written timing, with the targets as doses (DSTU2 has
  /// one dose per instruction; further targets are reported unrepresentable).
  public var setFHIRSchedule: @Sendable (Entity, inout Resource, inout ConversionReport) -> Void
  /// The common fields from care extensions; without them: the uuid stays the one the entity
  /// starts with (``StableUUID/forDecoded(_:type:release:id:versionID:)``), effectiveDate and
  /// timezone from the date written (`authoredOn`, `dateWritten`; else 1970 UTC).
  public var getCareVersionFields: @Sendable (Resource, inout Entity, inout ConversionReport) -> Void
  /// The common fields → care extensions.
  public var setFHIRVersionFields: @Sendable (Entity, inout Resource, inout ConversionReport) -> Void
  /// `impactsAdherence`: a care extension, else false when a dosage is `asNeeded` (default true).
  public var getCareImpactsAdherence: @Sendable (Resource, inout ConversionReport) -> Bool
  /// `impactsAdherence == false` → `asNeeded[x]` on every dosage when the instructions end with
  /// an as-needed line (`As needed for pain`, taken out of the text), else a care extension.
  public var setFHIRImpactsAdherence: @Sendable (Entity, inout Resource, inout ConversionReport) -> Void
  /// A care `carePlanUUID` extension (the uuid) → `carePlanUUID`; else (R4) `basedOn` a CarePlan.
  public var getCareCarePlanUUID: @Sendable (Resource, inout ConversionReport) -> UUID?
  /// `carePlanUUID` → a care extension.
  public var setFHIRCarePlanUUID: @Sendable (Entity, inout Resource, inout ConversionReport) -> Void
  /// Whether decode accounts for every input element (unmapped ones are reported dropped).
  public var accountsForEveryElement = true
  /// The zone of the patient (or organization) the orders are for, when the caller knows it:
  /// used for clock times and dates without offset when the resource names no IANA zone (a
  /// Timing's `timezone` extension). Default `nil`: the offset of the date written.
  public var timeZone: TimeZone? = nil

  /// The shared mapping of the coder's release, run with this coder's closures.
  public let mapping: ReleaseMapping<MedicationTaskCoder>

  /// The coder of release `R` with the default closures (the public `init()` of each release).
  init<R: MedicationTaskRelease>(_: R.Type) where R.Resource == Resource, R.Medication == Medication {
    typealias Mapping = MedicationTaskMapping<R>
    getCareID = { r, report in Mapping.careID(r, &report) }
    setFHIRID = { e, r, _ in Mapping.setID(e, &r) }
    careTitle = { r, resolve, report in Mapping.careTitle(r, resolve: resolve, &report) }
    setFHIRTitle = { e, r, _ in if let title = e.title { R.setTitle(title, in: &r) } }
    getCareInstructions = { r, report in Mapping.careInstructions(r, &report) }
    setFHIRInstructions = { e, r, _ in Mapping.setInstructions(e, &r) }
    getCareSchedule = { r, zone, report in Mapping.careSchedule(r, zone, reportsAuthored: R.schedulesMapAuthored, &report) }
    setFHIRSchedule = { e, r, report in Mapping.setSchedule(e, &r, &report) }
    getCareVersionFields = { r, e, report in
      Mapping.careVersionFields(r, &e, reportsAuthored: !R.schedulesMapAuthored, &report)
    }
    setFHIRVersionFields = { e, r, _ in Mapping.setVersionFields(e, &r) }
    getCareImpactsAdherence = { r, report in Mapping.careImpactsAdherence(r, &report) }
    setFHIRImpactsAdherence = { e, r, _ in Mapping.setImpactsAdherence(e, &r) }
    getCareCarePlanUUID = { r, report in Mapping.careCarePlanUUID(r, &report) }
    setFHIRCarePlanUUID = { e, r, _ in Mapping.setCarePlanUUID(e, &r) }
    mapping = ReleaseMapping(
      decode: { coder, resource, source in Mapping.decode(resource, from: source, with: coder) },
      encode: { coder, entity in Mapping.encode(entity, with: coder) })
  }
}
