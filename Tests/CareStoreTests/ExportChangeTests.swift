import CareModel
import CarePipeline
import CareStore
import CareStoreFHIR
import CareStoreSQLite
import FHIRTestSupport
import Foundation
import Testing

/// Export from sources of an entity changed on the care side: its source with the changed
/// elements replaced, and the change reported.
@Suite("A care-side change exported over its source")
struct ExportChangeTests {
  @Test("a new task version made through the library exports as its source with that change, reported")
  func changedTaskExportsOverItsSource() throws {
    let path = try #require(StoreTestSupport.syntheaBundles.first { $0.hasPrefix("r4/") })
    let result = Pipeline().run(try StoreTestSupport.input([path]))
    let store = CareStore(backend: try StoreTestSupport.newStore())
    try store.importResult(result)
    // A task of a standalone MedicationRequest (in its patient's medication plan).
    let plan = try #require(result.carePlans.first { $0.id.hasPrefix(Pipeline.medicationPlanIDPrefix) })
    let task = try #require(result.tasks.first { $0.carePlanUUID == plan.uuid })
    let source = try #require(result.sources[task.uuid]?.first?.json)
    let original = try #require(try JSONSerialization.jsonObject(with: source) as? [String: Any])

    var changed = task
    changed.instructions = "Take with food"
    changed.userInfo = [Pipeline.statusKey: "stopped"]
    let summary = try store.importResult(PipelineResult(records: [.task(changed)], report: PipelineReport()))
    #expect(summary.versionsWritten == 1)

    var exporter = StoreExporter(store: store)
    exporter.fromSources = true
    var changes: [StoreExporter.Change] = []
    let items = try exporter.items(.r4, changes: { changes.append($0) })
    #expect(changes.map(\.id) == [task.id])
    let elements = Set(changes.first?.elements ?? [])
    #expect(elements.contains("dosageInstruction"))
    #expect(elements.contains("status") == (original["status"] as? String != "stopped"))
    let newest = try #require(try store.history(.task, id: task.id).last)
    #expect(newest.sources.isEmpty && newest.stored.sequence == 2)
    let item = try #require(items.first { $0.uuid == newest.stored.uuid })
    let written = try #require(try JSONSerialization.jsonObject(with: Data(item.json)) as? [String: Any])
    #expect(written["status"] as? String == "stopped")
    let texts = (written["dosageInstruction"] as? [[String: Any]] ?? []).compactMap { $0["text"] as? String }
    #expect(texts.contains("Take with food"))
    // Everything else is the source's: the medication's coding, subject, identifiers, …
    for (key, value) in original where !elements.contains(key) {
      #expect((written[key] as? NSObject) == (value as? NSObject), "\(key) is not the source's")
    }
    #expect(Set(written.keys).subtracting(elements) == Set(original.keys).subtracting(elements))
    // The unchanged entities still go out as their sources: the Patient is the input's.
    let patient = try #require(result.patients.first)
    let patientSource = try #require(result.sources[patient.uuid]?.first?.json)
    #expect(items.contains { $0.type == "Patient" && Data($0.json) == patientSource })
  }
}
