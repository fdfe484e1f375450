public import CareModel
import FHIRCore
public import FHIRDSTU2
public import Foundation

/// DSTU2 `Observation` ⇄ care `Outcome`: `value[x]` and each component become outcome values (see
/// ``ObservedValue``), with `kind` from the code. Each mapped field has a `get…` and a `set…` closure;
/// the mapping is shared with the other release (``ObservationMapping``), what differs is in
/// ``DSTU2Observations``.
public struct DSTU2ObservationCoder: ResourceCoder, ObservationCoding {
  public typealias Resource = FHIRDSTU2.Observation
  public typealias Entity = CareModel.Outcome
  typealias Release = DSTU2Observations
  typealias Mapping = ObservationMapping<DSTU2Observations>

  /// `id` → `id` (defaulted to `"observation"` when absent).
  public var getCareID: @Sendable (Resource, inout ConversionReport) -> String = { r, report in
    Mapping.careID(r, &report)
  }
  /// `id` → `Observation.id`.
  public var setFHIRID: @Sendable (Entity, inout Resource, inout ConversionReport) -> Void = { e, r, report in
    Mapping.setID(e, &r, &report)
  }
  /// `value[x]` (kind from `code`) and each `component` (kind from its code) → `values`, in that order.
  public var getCareValues: @Sendable (Resource, TimeZone, inout ConversionReport) -> [OutcomeValue] = { r, zone, report in
    Mapping.careValues(r, zone, &report)
  }
  {
    didSet { readsDefaultValues = false }
  }
  /// Whether ``getCareValues`` was never set: decode then reads the values itself, from the
  /// value and components it reads to check that there is one (what the default closure does).
  var readsDefaultValues = true
  /// `values` → one component each (code text = `kind`), `code.text` `"Care outcome"` (DSTU2 has no `valueInteger` or `valueBoolean`: they travel as a quantity and a string, tagged).
  public var setFHIRValues: @Sendable (Entity, inout Resource, inout ConversionReport) -> Void = { e, r, _ in
    Release.writeValues(e.values, zone: e.timezone, to: &r)
  }
  /// `effectiveDateTime` / `effectivePeriod.start`, else `issued` →
  /// effectiveDate (and timezone); `effectivePeriod.end` → `endDate`; the care extensions win
  /// (without them the uuid stays the one the entity starts with, ``StableUUID/forDecoded(_:type:release:id:versionID:)``).
  public var getCareVersionFields: @Sendable (Resource, inout Entity, inout ConversionReport) -> Void = { r, e, report in
    Mapping.careVersionFields(r, &e, &report)
  }
  /// The common fields → care extensions; effectiveDate (and `endDate`) → `effectiveDateTime` or `effectivePeriod`.
  public var setFHIRVersionFields: @Sendable (Entity, inout Resource, inout ConversionReport) -> Void = { e, r, _ in
    Mapping.setVersionFields(e, &r)
  }
  /// A care `taskUUID` extension → `taskUUID` (DSTU2 Observation has no `basedOn`); a care
  /// `taskOccurrenceIndex` extension → `taskOccurrenceIndex` (default 0).
  public var getCareTask: @Sendable (Resource, inout ConversionReport) -> (UUID?, Int) = { r, report in
    Mapping.careTask(r, &report)
  }
  /// `taskUUID`, `taskOccurrenceIndex` → care extensions.
  public var setFHIRTask: @Sendable (Entity, inout Resource, inout ConversionReport) -> Void = { e, r, _ in
    Mapping.setTask(e, &r)
  }
  /// Whether decode accounts for every input element (unmapped ones are reported dropped).
  public var accountsForEveryElement = true

  public init() {}

  /// - Throws: ``CoderError`` `missingElement` at `Observation.value[x]` when the observation has
  ///   neither a value nor a component with a value (a panel, or a `dataAbsentReason`).
  public func decode(_ resource: Resource) throws -> Converted<Entity> {
    try Mapping.decode(resource, from: nil, with: self)
  }

  /// ``decode(_:)``, accounting for the elements from `source` (the tokens `resource` was
  /// decoded from, see ``ResourceSource``) instead of writing `resource` again; same report.
  /// - Throws: as ``decode(_:)``.
  public func decode(_ resource: Resource, from source: ResourceSource?) throws -> Converted<Entity> {
    try Mapping.decode(resource, from: source, with: self)
  }

  public func encode(_ entity: Entity) throws -> Converted<Resource> {
    Mapping.encode(entity, with: self)
  }
}
