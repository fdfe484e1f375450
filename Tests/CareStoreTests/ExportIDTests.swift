import CareModel
import CareStore
import CareStoreFHIR
import CareStoreSQLite
import FHIRTestSupport
import Foundation
import Testing

/// Exported resources have valid FHIR ids (`[A-Za-z0-9\-\.]{1,64}`), even for care ids that are
/// not (the observation log's `observation-log/<patient>/<code>`), and every reference names
/// an exported resource.
@Suite("Exported FHIR ids", .serialized)
struct ExportIDTests {
  static let store: CareStore = {
    let backend = try! StoreTestSupport.newStore("exportIDs")
    let store = CareStore(backend: backend)
    try! store.importResult(StoreTestSupport.allResult)
    return store
  }()

  /// Whether `id` matches `[A-Za-z0-9\-\.]{1,64}`.
  static func isFHIRID(_ id: String) -> Bool {
    (1...64).contains(id.utf8.count)
      && id.utf8.allSatisfy { b in
        (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x2D || b == 0x2E
      }
  }

  /// Every `reference` string anywhere in `json`.
  static func references(in json: Any) -> [String] {
    if let object = json as? [String: Any] {
      let own = (object["reference"] as? String).map { [$0] } ?? []
      return own + object.values.flatMap(references)
    }
    if let array = json as? [Any] { return array.flatMap(references) }
    return []
  }

  @Test("every resource id of an export of all Synthea fixtures is a valid FHIR id", arguments: ["r4", "dstu2"])
  func idsAreValid(release: String) throws {
    let target = try #require(StoreExporter.Target(rawValue: release))
    var failures: [String] = []
    let items = try StoreExporter(store: Self.store).items(target) { kind, _ in failures.append(kind) }
    #expect(failures.isEmpty)
    #expect(items.count == StoreTestSupport.allResult.records.count - Self.activities(release) - Self.medicationPlans)
    var ids: Set<String> = []
    var uuids: Set<String> = []
    var resources: [[String: Any]] = []
    for item in items {
      let json = try #require(try JSONSerialization.jsonObject(with: Data(item.json)) as? [String: Any])
      let id = try #require(json["id"] as? String)
      #expect(Self.isFHIRID(id), "\(item.type) id is no FHIR id")
      #expect(ids.insert(item.type + "/" + id).inserted, "\(item.type) id is not unique")
      uuids.insert("urn:uuid:" + item.uuid.uuidString.lowercased())
      resources.append(json)
    }
    // The observation log's ids are not FHIR ids: they went out as derived ones.
    #expect(StoreTestSupport.allResult.carePlans.contains { $0.id.contains("/") })
    var checked = 0
    for resource in resources {
      for reference in Self.references(in: resource) {
        #expect(ids.contains(reference) || uuids.contains(reference), "a reference names no exported resource")
        checked += 1
      }
    }
    #expect(checked >= StoreTestSupport.allResult.carePlans.count)
  }

  /// The medication plans, which are not written (their tasks are, as orders).
  static var medicationPlans: Int {
    StoreTestSupport.allResult.carePlans.filter { $0.id.hasPrefix("medications/") }.count
  }

  /// Tasks written inside their plan as activities (not resources of their own).
  static func activities(_ release: String) -> Int {
    let plans = Set(StoreTestSupport.allResult.carePlans.filter { !$0.id.hasPrefix("medications/") }.map(\.uuid))
    return StoreTestSupport.allResult.tasks.filter { $0.carePlanUUID.map(plans.contains) ?? false }.count
  }
}
