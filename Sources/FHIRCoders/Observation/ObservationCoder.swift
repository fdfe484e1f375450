public import CareModel
public import FHIRCore
public import Foundation

/// A FHIR `Observation` ⇄ care `Outcome`, for either release: ``R4ObservationCoder`` and
/// ``DSTU2ObservationCoder``. `value[x]` and each component become outcome values (see
/// ``ObservedValue``), with `kind` from the code. Each mapped field has a `get…` and a `set…`
/// closure; the mapping is one for both releases, what differs between them is in each
/// release's adapter. Decode throws ``CoderError`` `missingElement` at `Observation.value[x]`
/// when the observation has neither a value nor a component with a value (a panel, or a
/// `dataAbsentReason`).
public struct ObservationCoder<Resource: FHIREncodable & Sendable>: MappedResourceCoder {
  public typealias Entity = OutcomeEntity

  /// `id` → `id` (defaulted to `"observation"` when absent).
  public var getCareID: @Sendable (Resource, inout ConversionReport) -> String
  /// `id` → `Observation.id`.
  public var setFHIRID: @Sendable (Entity, inout Resource, inout ConversionReport) -> Void
  /// `value[x]` (kind from `code`) and each `component` (kind from its code) → `values`, in that order.
  public var getCareValues: @Sendable (Resource, TimeZone, inout ConversionReport) -> [OutcomeValue] {
    didSet { readsDefaultValues = false }
  }
  /// Whether ``getCareValues`` was never set: decode then reads the values itself, from the
  /// value and components it reads to check that there is one (what the default closure does).
  var readsDefaultValues = true
  /// `values` → one value with a kind and nothing only a care extension holds: `code` (a LOINC
  /// coding for a kind shaped like a LOINC code, else its text) and `value[x]`, as FHIR readers
  /// expect; else one component each (code text = `kind`) under `code.text` `"Care outcome"`
  /// (DSTU2 has no `valueInteger` or `valueBoolean`: they travel as a quantity and a string, tagged).
  public var setFHIRValues: @Sendable (Entity, inout Resource, inout ConversionReport) -> Void
  /// `effectiveDateTime` / `effectiveInstant` (R4) / `effectivePeriod.start`, else `issued` →
  /// effectiveDate (and timezone); `effectivePeriod.end` → `endDate`; the care extensions win
  /// (without them the uuid stays the one the entity starts with, ``StableUUID/forDecoded(_:type:release:id:versionID:)``).
  public var getCareVersionFields: @Sendable (Resource, inout Entity, inout ConversionReport) -> Void
  /// The common fields → care extensions; effectiveDate (and `endDate`) → `effectiveDateTime` or `effectivePeriod`.
  public var setFHIRVersionFields: @Sendable (Entity, inout Resource, inout ConversionReport) -> Void
  /// A care `taskUUID` extension, else `basedOn` (the first reference; R4 only) → `taskUUID`; a
  /// care `taskOccurrenceIndex` extension → `taskOccurrenceIndex` (default 0).
  public var getCareTask: @Sendable (Resource, inout ConversionReport) -> (UUID?, Int)
  /// `taskUUID`, `taskOccurrenceIndex` → care extensions.
  public var setFHIRTask: @Sendable (Entity, inout Resource, inout ConversionReport) -> Void
  /// Whether decode accounts for every input element (unmapped ones are reported dropped).
  public var accountsForEveryElement = true

  /// The shared mapping of the coder's release, run with this coder's closures.
  public let mapping: ReleaseMapping<ObservationCoder>

  /// The coder of release `R` with the default closures (the public `init()` of each release).
  init<R: ObservationRelease>(_: R.Type) where R.Resource == Resource {
    typealias Mapping = ObservationMapping<R>
    getCareID = { r, report in Mapping.careID(r, &report) }
    setFHIRID = { e, r, report in Mapping.setID(e, &r, &report) }
    getCareValues = { r, zone, report in Mapping.careValues(r, zone, &report) }
    setFHIRValues = { e, r, _ in R.writeValues(e.values, zone: e.timezone, to: &r) }
    getCareVersionFields = { r, e, report in Mapping.careVersionFields(r, &e, &report) }
    setFHIRVersionFields = { e, r, _ in Mapping.setVersionFields(e, &r) }
    getCareTask = { r, report in Mapping.careTask(r, &report) }
    setFHIRTask = { e, r, _ in Mapping.setTask(e, &r) }
    mapping = ReleaseMapping(
      decode: { coder, resource, source in try Mapping.decode(resource, from: source, with: coder) },
      encode: { coder, entity in Mapping.encode(entity, with: coder) })
  }
}
