import CareModel
import CareStore
import CareStoreSQLite
import FHIRTestSupport
import Foundation
import Testing

/// Every task and outcome belongs to exactly one patient, after importing every fixture Synthea
/// Bundle of both releases (the package's `Fixtures/` and, when present, the shared fixture
/// folder beside the package) into one store with the built `fhirkit`; `export --patient`
/// writes exactly that patient's entities.
@Suite(.serialized) struct PatientOwnershipTests {
  /// The Synthea Bundles: absolute paths, the shared folder's first, then the package's own
  /// (a file of the same name is read once).
  static let bundles: [String] = {
    let shared = URL(fileURLWithPath: Fixtures.root).deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("shared/fixtures").path
    var seen: Set<String> = []
    var paths: [String] = []
    for release in ["r4", "dstu2"] {
      for base in [shared, Fixtures.root] {
        let folder = base + "/" + release + "/bundles"
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
        for name in names where name.hasPrefix("synthea__") && name.hasSuffix(".json") {
          if seen.insert(release + "/" + name).inserted { paths.append(folder + "/" + name) }
        }
      }
    }
    return paths
  }()

  /// One store with every bundle imported by the built binary (made once).
  static let store: (path: String, store: CareStore) = {
    let path = TemporaryFolders.make("carestore-ownership") + "/store.sqlite"
    let result = try! CommandRunner.run(["import"] + bundles + ["--store", path])
    precondition(result.exitCode == 0 || result.exitCode == 1, "import failed: \(result.stderr)")
    return (path, CareStore(backend: try! SQLiteBackend(path: path)))
  }()

  @Test("every entity of the store resolves to exactly one patient")
  func everyEntityHasOnePatient() throws {
    #expect(Self.bundles.count >= 12)
    let store = Self.store.store
    let owners = try store.ownerIDs()
    let patients = try store.patients()
    #expect(patients.count >= 12)
    #expect((owners[.task] ?? [:]).count > 900)  // 948 from the package's own fixtures
    for kind in EntityKind.allCases {
      let orphans = (owners[kind] ?? [:]).filter { $0.value == nil }.map(\.key).sorted()
      #expect(orphans.isEmpty, "\(kind): \(orphans.count) entities of no patient, e.g. \(orphans.prefix(3))")
    }
    // Each patient's entities: disjoint, and together every entity of the store.
    var seen: [EntityKind: Set<String>] = [:]
    for patient in patients {
      for record in try store.entities(ofPatient: patient.id) {
        let kind = try #require(EntityKind(rawValue: record.kind))
        let id = record.id
        #expect(seen[kind, default: []].insert(id).inserted, "\(kind) \(id) belongs to two patients")
        #expect(owners[kind]?[id] == .some(patient.id))
      }
    }
    for kind in EntityKind.allCases {
      #expect(seen[kind, default: []] == Set((owners[kind] ?? [:]).keys), "\(kind)")
    }
    // Standalone medication orders went to their patient's medication plan.
    let plans = try store.records(.carePlan).compactMap { if case .carePlan(let p) = $0 { p } else { nil } }
    #expect(plans.contains { $0.id.hasPrefix("medications/") && $0.title == "Medications" })
  }

  @Test("Observations and orders imported after or before their Patients belong to them, each patient's alone")
  func patientsOfAnEarlierImport() throws {
    let folder = TemporaryFolders.make("carestore-ownership-later")
    let patients = folder + "/patients.ndjson", data = folder + "/data.ndjson", both = folder + "/both.ndjson"
    let patientLines = [#"{"resourceType":"Patient","id":"pa"}"#, #"{"resourceType":"Patient","id":"pb"}"#]
    // Two patients' weights on the same day (once they shared one unknown-patient outcome) and
    // an order no CarePlan claims.
    let dataLines = ["pa", "pb"].flatMap { p in
      [
        #"{"resourceType":"Observation","id":"w-\#(p)","status":"final","code":{"coding":[{"system":"http://loinc.org","code":"29463-7"}]},"subject":{"reference":"Patient/\#(p)"},"effectiveDateTime":"2024-03-10T08:00:00Z","valueQuantity":{"value":70,"unit":"kg"}}"#,
        #"{"resourceType":"MedicationRequest","id":"m-\#(p)","status":"active","intent":"order","subject":{"reference":"Patient/\#(p)"},"medicationCodeableConcept":{"text":"Drug"},"authoredOn":"2024-03-10"}"#,
        #"{"resourceType":"CarePlan","id":"c-\#(p)","status":"active","intent":"plan","subject":{"reference":"https://ehr.example/fhir/Patient/\#(p)"}}"#,
      ]
    }
    try (patientLines.joined(separator: "\n") + "\n").write(toFile: patients, atomically: true, encoding: .utf8)
    try (dataLines.joined(separator: "\n") + "\n").write(toFile: data, atomically: true, encoding: .utf8)
    try ((patientLines + dataLines).joined(separator: "\n") + "\n").write(toFile: both, atomically: true, encoding: .utf8)
    let later = folder + "/later.sqlite", together = folder + "/together.sqlite", first = folder + "/first.sqlite"
    // `first`: the data before its patients (stored all the same: docs/store.md, "Links").
    for (inputs, store) in [([patients], later), ([data], later), ([both], together), ([data], first), ([patients], first)] {
      let run = try CommandRunner.run(["import"] + inputs + ["--store", store])
      #expect(run.exitCode == 0 && !run.stderr.contains("not stored"), "\(run.stderr)")
    }
    let store = CareStore(backend: try SQLiteBackend(path: later))
    let owners = try store.ownerIDs()
    for kind in EntityKind.allCases {
      #expect((owners[kind] ?? [:]).allSatisfy { $0.value != nil }, "\(kind): an entity of no patient")
    }
    for patient in ["pa", "pb"] {
      let own = try store.entities(ofPatient: patient)
      #expect(own.filter { $0.kind == "outcome" }.map(\.id) == ["w-" + patient])
      #expect(own.filter { $0.kind == "task" }.count == 2)
    }
    // The same entities as one import of everything.
    func care(_ path: String) throws -> [String] {
      try CommandRunner.run(["export", "--store", path, "--to", "care"]).stdout.split(separator: "\n").map(String.init).sorted()
    }
    #expect(try care(later) == care(together))
    #expect(try care(first) == care(together))
    // Before its Patients come, the export names each by `Patient/<id>`, as the input did.
    let dataOnly = folder + "/data-only.sqlite", planOnly = folder + "/plan-only.ndjson"
    // A CarePlan is all the store holds of `pc` (named by an absolute reference: the CarePlan's
    // `subject` as imported gives the id).
    try (#"{"resourceType":"CarePlan","id":"c-pc","status":"active","intent":"plan","subject":{"reference":"https://ehr.example/fhir/Patient/pc"}}"# + "\n")
      .write(toFile: planOnly, atomically: true, encoding: .utf8)
    #expect(try CommandRunner.run(["import", data, planOnly, "--store", dataOnly]).exitCode == 0)
    let exported = try CommandRunner.run(["export", "--store", dataOnly, "--to", "r4"]).stdout
    for patient in ["pa", "pb", "pc"] {
      #expect(exported.contains(#""subject":{"reference":"Patient/\#(patient)"}"#), "\(patient)")
    }
    #expect(!exported.contains(#"{"reference":"urn:uuid:"#), "\(exported)")
    // One patient's data before that patient: what the store holds of it, and nothing of another.
    let one = try CommandRunner.run(["export", "--store", dataOnly, "--to", "r4", "--patient", "pa"])
    let types = one.stdout.split(separator: "\n").compactMap { line in
      (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["resourceType"] as? String
    }
    #expect(one.exitCode == 0 && !one.stdout.contains("Patient/pb"), "\(one.stderr)")
    #expect(Dictionary(grouping: types, by: { $0 }).mapValues(\.count) == ["CarePlan": 2, "MedicationRequest": 1, "Observation": 1])
    let care = try CommandRunner.run(["export", "--store", dataOnly, "--to", "care", "--patient", "pa"]).stdout
    #expect(care.split(separator: "\n").count == 6 && !care.contains("-pb"), "\(care)")
  }

  @Test("export --patient writes exactly that patient's entities, each order and observation with its subject", arguments: ["r4", "dstu2"])
  func exportOnePatient(release: String) throws {
    let store = Self.store.store
    let patients = try store.patients().sorted { $0.id < $1.id }
    let sample = [patients.first!, patients[patients.count / 2], patients.last!]
    for patient in sample {
      let own = try store.entities(ofPatient: patient.id)
      let export = try CommandRunner.run(["export", "--store", Self.store.path, "--to", release, "--patient", patient.id])
      #expect(export.exitCode == 0, "\(export.stderr)")
      let lines = export.stdout.split(separator: "\n")
      let resources = try lines.map { line in
        try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
      }
      func count(_ type: String) -> Int { resources.filter { $0["resourceType"] as? String == type }.count }
      let kinds = Dictionary(grouping: own, by: \.kind).mapValues(\.count)
      let medicationPlans = own.filter { if case .carePlan(let p) = $0 { p.id.hasPrefix("medications/") } else { false } }
      let orderType = release == "r4" ? "MedicationRequest" : "MedicationOrder"
      #expect(count("Patient") == 1)
      #expect(count("CarePlan") == (kinds["carePlan"] ?? 0) - medicationPlans.count)
      #expect(count("Observation") == (kinds["outcome"] ?? 0))
      // Every task goes out once: as an activity of its CarePlan, or as an order.
      let activities = resources.filter { $0["resourceType"] as? String == "CarePlan" }
        .map { ($0["activity"] as? [Any])?.count ?? 0 }.reduce(0, +)
      #expect(activities + count(orderType) == (kinds["task"] ?? 0))
      #expect(resources.count == 1 + count("CarePlan") + count(orderType) + count("Observation"))
      // Every plan, order and observation names this patient (`Patient/<id>`, the id as exported).
      let fhirID = try #require(resources.first { $0["resourceType"] as? String == "Patient" }?["id"] as? String)
      for resource in resources {
        let type = resource["resourceType"] as? String ?? ""
        guard [orderType, "Observation", "CarePlan"].contains(type) else { continue }
        let field = type == "MedicationOrder" ? "patient" : "subject"
        let reference = (resource[field] as? [String: Any])?["reference"] as? String
        #expect(reference == "Patient/" + fhirID, "\(type) \(field)")
      }
    }
  }

  @Test("a stopped or completed order or plan keeps its status on the care side and through export", arguments: ["r4", "dstu2"])
  func statusSurvives(release: String) throws {
    // Raw statuses, read with JSONSerialization: of orders no CarePlan activity points at, and of plans.
    var orders: [String: Int] = [:], plans: [String: Int] = [:]
    for path in Self.bundles {
      let bundle = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
      let resources = (bundle["entry"] as? [[String: Any]] ?? []).compactMap { entry -> (String?, [String: Any])? in
        (entry["resource"] as? [String: Any]).map { (entry["fullUrl"] as? String, $0) }
      }
      var claimed: Set<String> = []
      for (_, r) in resources where r["resourceType"] as? String == "CarePlan" {
        plans[r["status"] as? String ?? "", default: 0] += 1
        for activity in r["activity"] as? [[String: Any]] ?? [] {
          if let ref = (activity["reference"] as? [String: Any])?["reference"] as? String { claimed.insert(ref) }
        }
      }
      for (url, r) in resources where ["MedicationRequest", "MedicationOrder"].contains(r["resourceType"] as? String ?? "") {
        let names = [url, (r["resourceType"] as? String ?? "") + "/" + (r["id"] as? String ?? "")].compactMap { $0 }
        if names.contains(where: claimed.contains) { continue }
        orders[r["status"] as? String ?? "", default: 0] += 1
      }
    }
    #expect((orders["stopped"] ?? 0) > 80)  // 84 from the package's own fixtures
    #expect((plans["completed"] ?? 0) > 40)  // 49 from the package's own fixtures
    // The care side shows it.
    let tasks = try Self.store.store.records(.task).compactMap { if case .task(let t) = $0 { t } else { nil } }
    #expect(tasks.filter { $0.userInfo?["fhirStatus"] == "stopped" }.count >= orders["stopped"] ?? 0)
    let carePlans = try Self.store.store.records(.carePlan).compactMap { if case .carePlan(let p) = $0 { p } else { nil } }
    #expect(carePlans.filter { $0.userInfo?["fhirStatus"] == "completed" }.count == plans["completed"] ?? 0)
    // The export writes it back: the same count per status (both releases share these codes).
    let export = try CommandRunner.run(["export", "--store", Self.store.path, "--to", release])
    #expect(export.exitCode == 0)
    var exportedOrders: [String: Int] = [:], exportedPlans: [String: Int] = [:]
    for line in export.stdout.split(separator: "\n") {
      let r = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
      let status = r["status"] as? String ?? ""
      switch r["resourceType"] as? String {
      case "MedicationRequest", "MedicationOrder": exportedOrders[status, default: 0] += 1
      case "CarePlan": exportedPlans[status, default: 0] += 1
      default: break
      }
      #expect((r["extension"] as? [[String: Any]] ?? []).allSatisfy { ext in
        !((ext["extension"] as? [[String: Any]] ?? []).contains { $0["valueString"] as? String == "fhirStatus" })
      }, "the status went out as a userInfo extension")
    }
    #expect(exportedOrders == orders)
    #expect(exportedPlans["completed"] == plans["completed"])
  }

  @Test("fhirkit validate finds no error in the export of every patient", arguments: ["r4", "dstu2"])
  func exportValidates(release: String) throws {
    let file = TemporaryFolders.make("carestore-ownership-validate") + "/export.ndjson"
    let export = try CommandRunner.run(["export", "--store", Self.store.path, "--to", release, "-o", file])
    #expect(export.exitCode == 0)
    let exported = try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n").count
    #expect(exported > 2500)  // 2,780 from the package's own fixtures
    let validate = try CommandRunner.run(["validate", "--release", release, file])
    #expect(validate.exitCode == 0, "\(validate.stderr.suffix(500))")
    #expect(validate.stderr.contains("\(exported) resource(s) checked, 0 with errors"), "\(validate.stderr.suffix(500))")
    // From sources: R4 sources as imported, DSTU2 ones converted to R4, all valid R4. (A DSTU2
    // export from sources keeps the errors the DSTU2 input itself has.)
    if release == "r4" {
      let sources = TemporaryFolders.make("carestore-ownership-validate") + "/sources.ndjson"
      #expect(try CommandRunner.run(["export", "--store", Self.store.path, "--to", "r4", "--from-sources", "-o", sources]).exitCode == 0)
      let check = try CommandRunner.run(["validate", "--release", "r4", sources])
      #expect(check.exitCode == 0)
      #expect(check.stderr.contains(" 0 with errors"), "\(check.stderr.suffix(500))")
    }
  }
}
