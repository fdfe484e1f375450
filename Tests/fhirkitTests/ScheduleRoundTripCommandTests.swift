import CareModel
import FHIRJSON
import FHIRTestSupport
import Foundation
import Testing

/// Care → FHIR on the built binary keeps every dose: `convert --to care`, then
/// `convert --from care --to r4|dstu2` (or `import` and `export`), then `--to care` again gives
/// every task the same occurrences under CareKit's rules, with a Patient in the input (so that
/// orders go to the pipeline's medication plan, which is not written as a CarePlan).
@Suite struct ScheduleRoundTripCommandTests {
  static let subject = #""subject":{"reference":"Patient/p"},"authoredOn":"2024-03-10T09:00:00Z""#

  static func order(_ id: String, _ dosages: String, basedOn plan: String? = nil) -> String {
    let based = plan.map { #","basedOn":[{"reference":"CarePlan/\#($0)"}]"# } ?? ""
    return #"{"resourceType":"MedicationRequest","id":"\#(id)","status":"active","intent":"order",\#(subject),"medicationCodeableConcept":{"text":"Drug \#(id)"},"dosageInstruction":\#(dosages)\#(based)}"#
  }

  static func activity(_ name: String, _ timing: String) -> String {
    #"{"detail":{"status":"scheduled","description":"\#(name)","scheduledTiming":\#(timing)}}"#
  }

  /// A Patient, orders of every shape the audit found losing doses, a plan whose activities
  /// hold them, and a three-phase taper based on that plan (as the fixture medrx0303 is).
  static let input: String = [
    #"{"resourceType":"Patient","id":"p","name":[{"family":"Test"}]}"#,
    order("taper", #"[{"sequence":1,"timing":{"repeat":{"boundsDuration":{"value":3,"code":"d"},"frequency":2,"period":1,"periodUnit":"d"}},"doseAndRate":[{"doseQuantity":{"value":2,"unit":"tablet"}}]},{"sequence":2,"timing":{"repeat":{"boundsDuration":{"value":4,"code":"d"},"frequency":1,"period":1,"periodUnit":"d"}},"doseAndRate":[{"doseQuantity":{"value":1,"unit":"tablet"}}]}]"#),
    order("tod", #"[{"timing":{"repeat":{"boundsDuration":{"value":6,"code":"wk"},"timeOfDay":["08:00:00","20:00:00"]}}}]"#),
    order("count4", #"[{"timing":{"repeat":{"count":4,"timeOfDay":["08:00:00","20:00:00"]}}}]"#),
    order("sleep", #"[{"timing":{"repeat":{"when":["PHS","HS"]}}}]"#),
    order("events", #"[{"timing":{"event":["2024-03-12T10:30:00Z","2024-03-13","2024-03-15T08:00:00Z"]}}]"#),
    order("q12h", #"[{"timing":{"repeat":{"count":3,"frequency":2,"period":12,"periodUnit":"h"}}}]"#),
    order("ny", #"[{"timing":{"extension":[{"url":"http://hl7.org/fhir/StructureDefinition/timezone","valueCode":"America/New_York"}],"repeat":{"timeOfDay":["08:00:00","20:00:00"]}}}]"#),
    #"{"resourceType":"CarePlan","id":"visit","status":"active","intent":"plan","subject":{"reference":"Patient/p"},"period":{"start":"2024-03-10T09:00:00Z"},"activity":["#
      + [
        activity("Walk", #"{"repeat":{"timeOfDay":["08:00:00","20:00:00"]}}"#),
        activity("Stretch", #"{"repeat":{"count":4,"timeOfDay":["08:00:00","20:00:00"]}}"#),
        activity("Rest", #"{"repeat":{"when":["HS","PHS"]}}"#),
        activity("Check", #"{"event":["2024-03-12T10:30:00Z","2024-03-13"]}"#),
      ].joined(separator: ",") + "]}",
    order(
      "taper3",
      #"[{"sequence":1,"timing":{"repeat":{"boundsDuration":{"value":2,"code":"d"},"frequency":3,"period":1,"periodUnit":"d"}}},{"sequence":2,"timing":{"repeat":{"boundsDuration":{"value":2,"code":"d"},"frequency":2,"period":1,"periodUnit":"d"}}},{"sequence":3,"timing":{"repeat":{"boundsDuration":{"value":3,"code":"d"},"frequency":1,"period":1,"periodUnit":"d"}}}]"#,
      basedOn: "visit"),
  ].joined(separator: "\n") + "\n"

  static func tasks(_ ndjson: String) throws -> [String: TaskEntity] {
    var tasks: [String: TaskEntity] = [:]
    for case .task(let task) in try CareJSON.records(fromNDJSON: Data(ndjson.utf8)) { tasks[task.id] = task }
    return tasks
  }

  /// Each task's occurrences from a day before its first start to 120 days after its last.
  static func occurrences(_ task: TaskEntity, like reference: TaskEntity) throws -> [Date] {
    let starts = reference.schedule.elements.map(\.start)
    guard let first = starts.min(), let last = starts.max() else { return [] }
    return try CareKitOccurrences.starts(
      task.schedule, zone: task.timezone, from: first.addingTimeInterval(-86_400), to: last.addingTimeInterval(120 * 86_400))
  }

  /// The tasks whose occurrences differ between `before` and `after`, with their counts.
  static func lost(_ before: [String: TaskEntity], _ after: [String: TaskEntity]) throws -> [String] {
    var lost: [String] = []
    for (id, task) in before.sorted(by: { $0.key < $1.key }) {
      guard let back = after[id] else {
        lost.append("\(id): missing")
        continue
      }
      let (a, b) = (try occurrences(task, like: task), try occurrences(back, like: task))
      if a != b { lost.append("\(id): \(a.count) -> \(b.count)") }
    }
    return lost
  }

  @Test(arguments: ["r4", "dstu2"])
  func convertFromCareKeepsEveryOccurrence(_ release: String) throws {
    let care = try CommandRunner.run(["convert", "--to", "care", "-"], stdin: Array(Self.input.utf8))
    #expect(care.exitCode == 0, "\(care.stderr)")
    let before = try Self.tasks(care.stdout)
    #expect(before.count == 12)
    #expect(care.stdout.contains(#""id":"medications/p""#))

    let report = TemporaryFolders.make("fhirkit-schedules") + "/report.ndjson"
    let fhir = try CommandRunner.run(["convert", "--from", "care", "--to", release, "--report", report, "-"], stdin: Array(care.stdout.utf8))
    #expect(fhir.exitCode == 0, "\(fhir.stderr)")
    let resources = try fhir.stdout.split(separator: "\n").map { try JSONValue(parsing: String($0)) }
    // The medication plan is not written; its orders are, and so is the plan's taper, as an
    // order its activity refers to.
    let plans = resources.filter { $0["resourceType"]?.stringValue == "CarePlan" }
    #expect(plans.map { $0["id"]?.stringValue } == ["visit"])
    let orderType = release == "r4" ? "MedicationRequest" : "MedicationOrder"
    let orders = resources.filter { $0["resourceType"]?.stringValue == orderType }.compactMap { $0["id"]?.stringValue }
    #expect(Set(orders) == ["taper", "tod", "count4", "sleep", "events", "q12h", "ny", "taper3"])
    let references = plans.first?["activity"]?.arrayValue?.compactMap { $0["reference"]?["reference"]?.stringValue }
    #expect(references == [orderType + "/taper3"])
    if release == "r4" {
      let subjects = resources.filter { $0["resourceType"]?.stringValue == orderType }.map { $0["subject"]?["reference"]?.stringValue }
      #expect(subjects.allSatisfy { $0 == "Patient/p" })
    }

    let back = try CommandRunner.run(["convert", "--to", "care", "-"], stdin: Array(fhir.stdout.utf8))
    #expect(back.exitCode == 0, "\(back.stderr)")
    let after = try Self.tasks(back.stdout)
    #expect(try Self.lost(before, after) == [])
    #expect(after.count == before.count)
    // The taper of the plan is still one of its tasks.
    #expect(after["taper3"]?.carePlanUUID == before["taper3"]?.carePlanUUID)

    // Report lines in the shape of the other commands' (kind, resource type and id, path,
    // disposition, reason), never the old `location` / `action`.
    let lines = try String(contentsOfFile: report, encoding: .utf8).split(separator: "\n").map { try JSONValue(parsing: String($0)) }
    for line in lines {
      #expect(line["location"] == nil && line["action"] == nil)
      #expect(["approximated", "conversionIssue"].contains(line["kind"]?.stringValue ?? ""))
      #expect(line["resourceType"]?.stringValue != nil && line["id"]?.stringValue != nil && line["path"]?.stringValue != nil)
    }
    if release == "dstu2" {
      // DSTU2 holds one `when`: the plan's HS + PHS activity keeps both times, not their codes.
      #expect(lines.contains {
        $0["kind"] == "approximated" && $0["resourceType"] == "CarePlan" && $0["id"] == "visit"
          && $0["path"] == "CarePlan.activity.detail.scheduledTiming.code.text" && $0["disposition"] == "unrepresentable"
          && $0["reason"]?.stringValue != nil
      })
    } else {
      #expect(lines.isEmpty, "\(lines)")
    }
  }

  /// The audit's fixture check: no task of `Fixtures/r4/examples` loses occurrences through
  /// import and export (R4 and DSTU2) and back to care.
  @Test func fixtureExamplesKeepEveryOccurrenceThroughImportAndExport() throws {
    let folder = TemporaryFolders.make("fhirkit-schedules")
    let store = folder + "/store.sqlite"
    let imported = try CommandRunner.run(["import", "--store", store, "Fixtures/r4/examples"])
    #expect(imported.exitCode == 0 || imported.exitCode == 1, "\(imported.stderr.suffix(400))")
    let care = try CommandRunner.run(["export", "--store", store, "--to", "care"])
    let before = try Self.tasks(care.stdout)
    #expect(before.count > 100)
    #expect(before["medrx0303"] != nil)
    for release in ["r4", "dstu2"] {
      let exported = try CommandRunner.run(["export", "--store", store, "--to", release])
      #expect(exported.exitCode == 0, "\(exported.stderr)")
      let back = try CommandRunner.run(["convert", "--to", "care", "-"], stdin: Array(exported.stdout.utf8))
      #expect(try Self.lost(before, try Self.tasks(back.stdout)) == [], "\(release)")
    }
  }
}
