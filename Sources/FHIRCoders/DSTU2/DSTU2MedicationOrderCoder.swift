public import CareModel
import FHIRCore
public import FHIRDSTU2
public import Foundation

/// DSTU2 `MedicationOrder` ⇄ care `Task`. Each mapped field has a `get…` (FHIR → entity) and a
/// `set…` (entity → FHIR) closure; replace one to change only that field. The mapping is shared
/// with the other release (``MedicationTaskMapping``), what differs is in ``DSTU2MedicationOrders``.
public struct DSTU2MedicationOrderCoder: ResourceCoder, MedicationTaskCoding {
  public typealias Resource = MedicationOrder
  public typealias Entity = CareModel.Task
  typealias Release = DSTU2MedicationOrders
  typealias Mapping = MedicationTaskMapping<DSTU2MedicationOrders>

  /// `id` → `id` (defaulted to `"medication-order"` when absent).
  public var getCareID: @Sendable (Resource, inout ConversionReport) -> String = { r, report in
    Mapping.careID(r, &report)
  }
  /// `id` → `MedicationOrder.id`.
  public var setFHIRID: @Sendable (Entity, inout Resource, inout ConversionReport) -> Void = { e, r, _ in
    Mapping.setID(e, &r)
  }
  /// The Medication a non-contained `medicationReference` points at. Default: none (a coder that
  /// sees a whole Bundle can set this to look entries up).
  public var resolveMedication: @Sendable (String) -> Medication? = { _ in nil }
  /// `medicationCodeableConcept.text`, else its first `coding.display`; for `medicationReference`
  /// the contained (`#id`) or resolved (``resolveMedication``) Medication's code text or display,
  /// else the reference's `display` → `title`. An unresolved reference without display gives no title.
  public var getCareTitle: @Sendable (Resource, inout ConversionReport) -> String? {
    get {
      _getCareTitle ?? { [resolveMedication] r, report in Mapping.careTitle(r, resolve: resolveMedication, &report) }
    }
    set { _getCareTitle = newValue }
  }
  private var _getCareTitle: (@Sendable (Resource, inout ConversionReport) -> String?)?

  /// `title` → `medicationCodeableConcept.text`.
  public var setFHIRTitle: @Sendable (Entity, inout Resource, inout ConversionReport) -> Void = { e, r, _ in
    if let title = e.title { Release.setTitle(title, in: &r) }
  }
  /// `dosageInstruction.text` and `.additionalInstructions` (its text, else first coding display),
  /// newline-joined → `instructions`.
  public var getCareInstructions: @Sendable (Resource, inout ConversionReport) -> String? = { r, report in
    Mapping.careInstructions(r, &report)
  }
  /// `instructions` → the first dosage instruction's `text`.
  public var setFHIRInstructions: @Sendable (Entity, inout Resource, inout ConversionReport) -> Void = { e, r, _ in
    Mapping.setInstructions(e, &r)
  }
  /// Dosage instruction timings → `schedule` (the Timing mapping); `doseQuantity` → each element's
  /// targetValues (``TargetValueMapping``); `doseRange` → two targets of kind `dose.low` and
  /// `dose.high`. Without timing: the documented default (daily, all day, from the validity period /
  /// `dateWritten`), reported defaulted.
  public var getCareSchedule: @Sendable (Resource, TimeZone, inout ConversionReport) -> Schedule = { r, zone, report in
    Mapping.careSchedule(r, zone, reportsAuthored: false, &report)
  }
  /// `schedule` → one dosage instruction per written timing, with its first target as
  /// `doseQuantity` (DSTU2 has one dose per instruction; further targets are reported unrepresentable).
  public var setFHIRSchedule: @Sendable (Entity, inout Resource, inout ConversionReport) -> Void = { e, r, report in
    Mapping.setSchedule(e, &r, &report)
  }
  /// The common fields from care extensions; without them: the uuid stays the one the entity
  /// starts with (``StableUUID/forDecoded(_:type:release:id:versionID:)``), effectiveDate and
  /// timezone from `dateWritten` (else 1970 UTC).
  public var getCareVersionFields: @Sendable (Resource, inout Entity, inout ConversionReport) -> Void = { r, e, report in
    Mapping.careVersionFields(r, &e, reportsAuthored: true, &report)
  }
  /// The common fields → care extensions.
  public var setFHIRVersionFields: @Sendable (Entity, inout Resource, inout ConversionReport) -> Void = { e, r, _ in
    Mapping.setVersionFields(e, &r)
  }
  /// `impactsAdherence`: a care extension, else false when a dosage is `asNeeded` (default true).
  public var getCareImpactsAdherence: @Sendable (Resource, inout ConversionReport) -> Bool = { r, report in
    Mapping.careImpactsAdherence(r, &report)
  }
  /// `impactsAdherence == false` → `asNeeded[x]` on every dosage when the instructions end with
  /// an as-needed line (`As needed for pain`, taken out of the text), else a care extension.
  public var setFHIRImpactsAdherence: @Sendable (Entity, inout Resource, inout ConversionReport) -> Void = { e, r, _ in
    Mapping.setImpactsAdherence(e, &r)
  }
  /// A care `carePlanUUID` extension → `carePlanUUID` (DSTU2 MedicationOrder has no `basedOn`).
  public var getCareCarePlanUUID: @Sendable (Resource, inout ConversionReport) -> UUID? = { r, report in
    Mapping.careCarePlanUUID(r, &report)
  }
  /// `carePlanUUID` → a care extension.
  public var setFHIRCarePlanUUID: @Sendable (Entity, inout Resource, inout ConversionReport) -> Void = { e, r, _ in
    Mapping.setCarePlanUUID(e, &r)
  }
  /// Whether decode accounts for every input element (unmapped ones are reported dropped).
  public var accountsForEveryElement = true
  /// The zone of the patient (or organization) the orders are for, when the caller knows it:
  /// used for clock times and dates without offset when the resource names no IANA zone (a
  /// Timing's `timezone` extension). Default `nil`: the offset of the date written.
  public var timeZone: TimeZone? = nil

  public init() {}

  public func decode(_ resource: Resource) throws -> Converted<Entity> {
    Mapping.decode(resource, from: nil, with: self)
  }

  /// ``decode(_:)``, accounting for the elements from `source` (the tokens `resource` was
  /// decoded from, see ``ResourceSource``) instead of writing `resource` again; same report.
  public func decode(_ resource: Resource, from source: ResourceSource?) throws -> Converted<Entity> {
    Mapping.decode(resource, from: source, with: self)
  }

  public func encode(_ entity: Entity) throws -> Converted<Resource> {
    Mapping.encode(entity, with: self)
  }
}
