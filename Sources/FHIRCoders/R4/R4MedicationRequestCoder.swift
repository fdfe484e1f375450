public import CareModel
import FHIRCore
public import FHIRR4
public import Foundation

/// R4 `MedicationRequest` ⇄ care `Task`. Each mapped field has a `get…` and a `set…` closure;
/// the mapping is shared with the other release (``MedicationTaskMapping``), what differs is in
/// ``R4MedicationRequests``.
public struct R4MedicationRequestCoder: ResourceCoder, MedicationTaskCoding {
  public typealias Resource = MedicationRequest
  public typealias Entity = CareModel.Task
  typealias Release = R4MedicationRequests
  typealias Mapping = MedicationTaskMapping<R4MedicationRequests>

  /// `id` → `id` (defaulted to `"medication-request"` when absent).
  public var getCareID: @Sendable (Resource, inout ConversionReport) -> String = { r, report in
    Mapping.careID(r, &report)
  }
  /// `id` → `MedicationRequest.id` (through ``ResourceIDMapping``, like the other coders).
  public var setFHIRID: @Sendable (Entity, inout Resource, inout ConversionReport) -> Void = { e, r, _ in
    Mapping.setID(e, &r)
  }
  /// `medicationCodeableConcept.text`, else its first `coding.display`, else the referenced
  /// (contained or `display`) Medication's code → `title`.
  public var getCareTitle: @Sendable (Resource, inout ConversionReport) -> String? = { r, report in
    Mapping.careTitle(r, resolve: nil, &report)
  }
  /// `title` → `medicationCodeableConcept.text`.
  public var setFHIRTitle: @Sendable (Entity, inout Resource, inout ConversionReport) -> Void = { e, r, _ in
    if let title = e.title { Release.setTitle(title, in: &r) }
  }
  /// `dosageInstruction.text` and `.patientInstruction` (newline-joined) → `instructions`.
  public var getCareInstructions: @Sendable (Resource, inout ConversionReport) -> String? = { r, report in
    Mapping.careInstructions(r, &report)
  }
  /// `instructions` → the first dosage's `text`.
  public var setFHIRInstructions: @Sendable (Entity, inout Resource, inout ConversionReport) -> Void = { e, r, _ in
    Mapping.setInstructions(e, &r)
  }
  /// Dosage timings → `schedule`; `doseAndRate.doseQuantity` → each element's targetValues (see
  /// ``TargetValueMapping``).
  /// Without timing: the documented default (daily, all day, from the bounds / validity period /
  /// authored date), reported defaulted.
  public var getCareSchedule: @Sendable (Resource, TimeZone, inout ConversionReport) -> Schedule = { r, zone, report in
    Mapping.careSchedule(r, zone, reportsAuthored: true, &report)
  }
  /// `schedule` → one Dosage per written timing, with the targets as `doseQuantity`.
  public var setFHIRSchedule: @Sendable (Entity, inout Resource, inout ConversionReport) -> Void = { e, r, report in
    Mapping.setSchedule(e, &r, &report)
  }
  /// The common fields; `authoredOn` → effectiveDate and timezone when there are no care extensions
  /// (the uuid stays the one the entity starts with, ``StableUUID/forDecoded(_:type:release:id:versionID:)``).
  public var getCareVersionFields: @Sendable (Resource, inout Entity, inout ConversionReport) -> Void = { r, e, report in
    Mapping.careVersionFields(r, &e, reportsAuthored: false, &report)
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
  /// A care `carePlan` extension (the uuid) → `carePlanUUID`; `basedOn` a CarePlan otherwise.
  public var getCareCarePlanUUID: @Sendable (Resource, inout ConversionReport) -> UUID? = { r, report in
    Mapping.careCarePlanUUID(r, &report)
  }
  /// `carePlanUUID` → a care extension.
  public var setFHIRCarePlanUUID: @Sendable (Entity, inout Resource, inout ConversionReport) -> Void = { e, r, _ in
    Mapping.setCarePlanUUID(e, &r)
  }
  /// Whether decode accounts for every input element.
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
