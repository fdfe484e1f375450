public import CareStore
public import CareModel
public import CarePipeline
public import FHIRCoders
import FHIRCore
import FHIRDSTU2
import FHIRR4
public import Foundation

/// Writes the store's entities back out: as FHIR R4 or DSTU2 resources through the
/// `FHIRCoders` coders (each entity's care fields kept as FHIRKit care extensions, so that
/// entity → FHIR → entity is exact), or as care-entity NDJSON (`CareJSON`).
///
/// Each entity is written in its version in effect at ``date`` (by default the newest);
/// deleted entities are left out. A CarePlan is written with its tasks as activities; tasks
/// of no stored plan or of a patient's medication plan (which is not written itself) become
/// MedicationRequests (R4) or MedicationOrders (DSTU2) with their patient as `subject` /
/// `patient`, and outcomes Observations with their patient as `subject` (``FHIRExportWriter``,
/// ``ExportPlacement``: a plan's task from an order whose schedule no one `Timing` holds is
/// written as that order, referred to by its activity). Every resource
/// gets a valid FHIR `id` (``ResourceIDMapping``: the care id, or a uuid derived from it with the
/// care id in a care extension), and references name those ids.
public struct StoreExporter {
  /// What to write.
  public enum Target: String, CaseIterable, Sendable {
    case r4
    case dstu2
    case care
  }

  /// One exported resource (or care record) as compact JSON, with the uuid it stands for.
  public struct Item: Sendable {
    /// `resourceType` of a FHIR resource, or the care record's kind.
    public var type: String
    /// The entity's uuid (the `fullUrl` of its Bundle entry is `urn:uuid:` this).
    public var uuid: UUID
    /// The JSON.
    public var json: [UInt8]
    /// What the coder dropped, defaulted or could not represent fully (empty for care records).
    public var report = ConversionReport()
    /// The `fullUrl` of its Bundle entry when it is not the entity's `urn:uuid:`: a source
    /// resource's own (``StoreExporter/fromSources``), so that the references it holds resolve.
    public var fullUrl: String? = nil

    /// Creates an item.
    public init(
      type: String, uuid: UUID, json: [UInt8], report: ConversionReport = ConversionReport(), fullUrl: String? = nil
    ) {
      self.type = type
      self.uuid = uuid
      self.json = json
      self.report = report
      self.fullUrl = fullUrl
    }
  }

  /// The store.
  public let store: CareStore
  /// The date whose versions are written.
  public var date: Date
  /// When set, only this patient's entities are written (``CareStore/entities(ofPatient:at:)``);
  /// for a Patient not imported yet, what the store holds of it already (the entities linked to
  /// the uuid its entity will get: ``Pipeline/patientUUID(ofPatientID:)``).
  public var patientID: String?
  /// Whether an entity whose version in effect came from an import is written as the resources
  /// it came from (kept in the store, ``SourceReference/json``): as they were read in their own
  /// release, converted by `ReleaseConverter` to the other. Entities without sources (changed or
  /// made on the care side) are written through the coders; the observation log and medication
  /// plans the pipeline made are left out (a re-import makes them again). Default `false`.
  public var fromSources = false
  /// The coders entities are written with: give the set the import's ``Pipeline`` converted
  /// with (``Pipeline/coders``), so that a closure overridden for import (`getCareName`) and its
  /// counterpart for export (`setFHIRName`) are one coder set, used both ways. Default: the
  /// defaults.
  public var coders = Pipeline.Coders()
  /// The JSON flavour of ``Target/care``: FHIRKit's care JSON (default) or CareKit's, each
  /// entity as CareKitStore's `Codable` writes it (``CareKitJSONWriter``).
  public var careFormat = CareFormat.native

  /// Creates an exporter.
  public init(store: CareStore, date: Date = .distantFuture, patientID: String? = nil) {
    self.store = store
    self.date = date
    self.patientID = patientID
  }

  /// The export, in order: patients, plans (with their tasks), other tasks, outcomes (and, as
  /// care JSON, contacts), each item handed to `item` as it is written: the store is read a
  /// page of entities at a time (``ExportRun``), in one read transaction, so an export of any
  /// size holds one page, not the store.
  /// - Parameters:
  ///   - failures: Receives the entities a coder could not write, and the contacts (which no
  ///     coder writes as FHIR), as (kind, id).
  ///   - changes: With ``fromSources``, receives each entity changed on the care side that was
  ///     written as its source with the changed elements replaced.
  ///   - unreadable: With ``fromSources``, receives each entity written through the coders
  ///     because a source of it (or of a task written with it) cannot be read back: a damaged
  ///     store stops no export.
  ///   - item: Receives each item, in order; what it throws ends the export.
  /// - Throws: ``StoreError`` (items handed on before it stay handed on), or what `item` throws.
  public func export(
    _ target: Target, failures: (String, String) -> Void = { _, _ in }, changes: (Change) -> Void = { _ in },
    unreadable: (SourceProblem) -> Void = { _ in }, item: (Item) throws -> Void
  ) throws {
    try withoutActuallyEscaping(failures) { failures in
      try withoutActuallyEscaping(changes) { changes in
        try withoutActuallyEscaping(unreadable) { unreadable in
          try withoutActuallyEscaping(item) { item in
            try store.backend.read { reader in
              try ExportRun(
                exporter: self, target: target, reader: reader, emit: item, failures: failures, changes: changes,
                unreadable: unreadable
              ).run()
            }
          }
        }
      }
    }
  }

  /// The whole export as one array (``export(_:failures:changes:unreadable:item:)``, collected).
  /// - Throws: ``StoreError``.
  public func items(
    _ target: Target, failures: (String, String) -> Void = { _, _ in }, changes: (Change) -> Void = { _ in },
    unreadable: (SourceProblem) -> Void = { _ in }
  ) throws -> [Item] {
    var items: [Item] = []
    try export(target, failures: failures, changes: changes, unreadable: unreadable) { items.append($0) }
    return items
  }

  /// `items` as a collection Bundle, each entry's `fullUrl` the entity's `urn:uuid:`.
  public static func bundle(_ items: [Item]) -> [UInt8] {
    var out = Array(#"{"resourceType":"Bundle","type":"collection","entry":["#.utf8)
    for (i, item) in items.enumerated() {
      if i > 0 { out.append(UInt8(ascii: ",")) }
      let url = (item.fullUrl ?? "urn:uuid:" + item.uuid.uuidString.lowercased())
        .replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
      out += Array(#"{"fullUrl":""#.utf8) + Array(url.utf8)
      out += Array(#"","resource":"#.utf8) + item.json + [UInt8(ascii: "}")]
    }
    out += Array("]}".utf8)
    return out
  }
}
