import CareModel
import CarePipeline
import CareStore
import Foundation

/// One run of ``StoreExporter/export(_:failures:changes:unreadable:item:)``, inside one read
/// transaction (a consistent snapshot), holding a page of entities at a time, never the store.
///
/// Entities are read in pages of ``pageSize`` ids, in id order (so the output is in the order a
/// whole read gives). A FHIR export first walks patients, plans and tasks for what the writer
/// needs of them — ids, links, where each task goes — keeping only uuids and ids; then writes
/// patients, plans (each with its tasks, read by uuid), other tasks, and outcomes, page by page.
struct ExportRun {
  typealias Item = StoreExporter.Item

  /// The entities read at once.
  static let pageSize = 500

  let exporter: StoreExporter
  let target: StoreExporter.Target
  let reader: any StoreReader
  let emit: (Item) throws -> Void
  let failures: (String, String) -> Void
  let changes: (StoreExporter.Change) -> Void
  let unreadable: (StoreExporter.SourceProblem) -> Void
  /// With ``StoreExporter/patientID``: that patient's versions in effect, by kind (one page each).
  private(set) var owned: [EntityKind: [StoredVersion]]?

  init(
    exporter: StoreExporter, target: StoreExporter.Target, reader: any StoreReader, emit: @escaping (Item) throws -> Void,
    failures: @escaping (String, String) -> Void, changes: @escaping (StoreExporter.Change) -> Void,
    unreadable: @escaping (StoreExporter.SourceProblem) -> Void
  ) throws {
    self.exporter = exporter
    self.target = target
    self.reader = reader
    self.emit = emit
    self.failures = failures
    self.changes = changes
    self.unreadable = unreadable
    if let patientID = exporter.patientID {
      var versions = try CareStore.ownedVersions(ofPatient: patientID, at: exporter.date, in: reader)
      // A Patient not imported yet: what the store holds of it already (its orders and
      // Observations, its CarePlans) links to the uuid its entity will get.
      if versions.isEmpty, let root = Pipeline.patientUUID(ofPatientID: patientID) {
        versions = try CareStore.ownedVersions(ofPatientRoot: root, at: exporter.date, in: reader)
      }
      owned = Dictionary(grouping: versions, by: \.kind)
    }
  }

  /// Calls `body` with the versions of `kind` in effect at the export's date (tombstones left
  /// out), a page at a time, in id order; every version of an entity is in one page.
  func pages(_ kind: EntityKind, _ body: ([StoredVersion]) throws -> Void) throws {
    if let owned {
      try body(owned[kind] ?? [])
      return
    }
    let ids = try reader.entityIDs(kind).sorted()
    for start in stride(from: 0, to: ids.count, by: Self.pageSize) {
      let page = Array(ids[start..<min(start + Self.pageSize, ids.count)])
      try body(CareStore.inEffect(try reader.versions(kind, .ids(page)), at: exporter.date))
    }
  }

  /// The versions with `uuids`, in that order, a page at a time.
  func versions(_ kind: EntityKind, uuids: [UUID], _ body: ([StoredVersion]) throws -> Void) throws {
    for start in stride(from: 0, to: uuids.count, by: Self.pageSize) {
      let page = Array(uuids[start..<min(start + Self.pageSize, uuids.count)])
      let read = Dictionary(try reader.versions(kind, .uuids(page)).map { ($0.uuid, $0) }, uniquingKeysWith: { a, _ in a })
      try body(page.compactMap { read[$0] })
    }
  }

  /// The run: care JSON as it is stored, or FHIR through the writer (and the sources).
  func run() throws {
    if target == .care {
      let native = CareJSONWriter.fastDates, carekit = CareKitJSONWriter()
      for kind in [EntityKind.patient, .carePlan, .task, .outcome, .contact] {
        try pages(kind) { page in
          for version in page {
            let record = try CareStore.record(version)
            let json = exporter.careFormat == .carekit ? carekit.bytes(record) : native.bytes(record)
            try emit(Item(type: record.kind, uuid: record.uuid, json: json))
          }
        }
      }
      return
    }
    let links = try ExportLinks(run: self)
    let writing = ExportWriting(run: self, links: links)
    try writing.patients()
    try writing.plans()
    try writing.standaloneTasks(links.standalone)
    try writing.outcomes()
    // Contacts have no FHIR coder: each is reported, never dropped silently.
    try pages(.contact) { page in for contact in page { failures("contact", contact.id) } }
  }
}
