import CareModel
@testable import FHIRCoders
import FHIRCore
import FHIRDSTU2
import FHIRJSON
import FHIRR4
import FHIRTestSupport
import Foundation
import Testing

/// Every MedicationRequest, MedicationOrder and CarePlan activity in the fixtures (`Fixtures/`
/// and the shared corpus `../shared/fixtures`): its schedule is one CareKit can evaluate, and
/// schedule → Timing → schedule gives the same occurrences (medication orders through both
/// releases, activities through their plan's release).
@Suite struct MedicationScheduleFixtureTests {
  /// The fixture folders: the package's own and the shared corpus beside the worktree.
  static let roots: [String] = {
    let own = Fixtures.root
    let shared = URL(fileURLWithPath: own).deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("shared/fixtures").path
    return FileManager.default.fileExists(atPath: shared) ? [own, shared] : [own]
  }()

  /// The files of one release that may hold orders or plans, as absolute paths.
  static func files(_ release: String) -> [String] {
    roots.flatMap { root -> [String] in
      let base = root + "/" + release
      guard let walker = FileManager.default.enumerator(atPath: base) else { return [] }
      return walker.compactMap { $0 as? String }
        .filter { $0.hasSuffix(".json") || ($0.hasSuffix(".ndjson") && ($0.contains("Medication") || $0.contains("CarePlan"))) }
        .map { base + "/" + $0 }
    }.sorted()
  }

  /// The JSON values of a file that mention an order or a plan (one per NDJSON line).
  static func documents(_ path: String) -> [[UInt8]] {
    guard let data = FileManager.default.contents(atPath: path) else { return [] }
    let bytes = [UInt8](data)
    let values = path.hasSuffix(".ndjson") ? bytes.split(separator: UInt8(ascii: "\n")).map(Array.init) : [bytes]
    let needles = ["MedicationRequest", "MedicationOrder", "CarePlan"].map { Array($0.utf8) }
    return values.filter { value in needles.contains { needle in contains(value, needle) } }
  }

  static func contains(_ bytes: [UInt8], _ needle: [UInt8]) -> Bool {
    guard bytes.count >= needle.count else { return false }
    var i = 0
    while i + needle.count <= bytes.count {
      if bytes[i] == needle[0], Array(bytes[i..<i + needle.count]) == needle { return true }
      i += 1
    }
    return false
  }

  /// The occurrences of `task` from its first start for 120 days after its last.
  static func occurrences(_ task: TaskEntity, like reference: TaskEntity) throws -> [Date] {
    let starts = reference.schedule.elements.map(\.start)
    guard let first = starts.min(), let last = starts.max() else { return [] }
    return try CareKitOccurrences.starts(
      task.schedule, zone: task.timezone, from: first.addingTimeInterval(-86_400), to: last.addingTimeInterval(120 * 86_400))
  }

  struct Tally {
    var orders = 0
    var activities = 0
    var occurrences = 0
    var failures: [String] = []
  }

  static func checkOrder(_ task: TaskEntity, _ name: String, _ tally: inout Tally) throws {
    tally.orders += 1
    let expected = try occurrences(task, like: task)
    tally.occurrences += expected.count
    for (release, back) in try MedicationScheduleSupport.roundTrips(task) {
      if try occurrences(back, like: task) != expected { tally.failures.append("\(name) via \(release)") }
    }
  }

  static func checkActivities(_ tasks: [TaskEntity], again: [TaskEntity], _ name: String, _ tally: inout Tally) throws {
    tally.activities += tasks.count
    guard tasks.count == again.count else {
      tally.failures.append("\(name): \(again.count) of \(tasks.count) activities back")
      return
    }
    for (task, back) in zip(tasks, again) {
      let expected = try occurrences(task, like: task)
      tally.occurrences += expected.count
      if try occurrences(back, like: task) != expected { tally.failures.append("\(name) activity \(task.id)") }
    }
  }

  /// Each order and plan of one release's fixture files, checked by `visit`.
  static func tally(_ release: String, _ visit: ([UInt8], String, inout Tally) throws -> Void) rethrows -> Tally {
    var tally = Tally()
    for path in files(release) {
      for bytes in documents(path) { try visit(bytes, path, &tally) }
    }
    return tally
  }

  /// A plan's tasks, and the tasks after plan → FHIR → plan (`nil` when it does not convert).
  typealias PlanRoundTrip = () throws -> (tasks: [TaskEntity], again: [TaskEntity])?

  static func checkPlan(_ name: String, _ roundTrip: PlanRoundTrip, _ tally: inout Tally) throws {
    guard let (tasks, again) = try roundTrip() else { return }
    try checkActivities(tasks, again: again, name, &tally)
  }

  @Test func r4OrdersAndActivitiesRoundTrip() throws {
    let tally = try Self.tally("r4") { bytes, path, tally in
      guard let top = try? FHIRR4.AnyResource.decode(from: Chunked.tokens(bytes, chunkSize: bytes.count)).value else { return }
      var resources = [top]
      if case .bundle(let b) = top { resources += b.entry.compactMap(\.resource) }
      for resource in resources {
        if case .medicationRequest(let m) = resource, let task = try? R4MedicationRequestCoder().decode(m).value {
          try Self.checkOrder(task, "\(path) \(m.id?.string ?? "-")", &tally)
        } else if case .carePlan(let p) = resource {
          try Self.checkPlan("\(path) \(p.id?.string ?? "-")", {
            let coder = R4CarePlanCoder()
            guard let (plan, tasks) = try? coder.decodeWithTasks(p) else { return nil }
            let written = try coder.encode(plan.value, tasks: tasks.map(\.value)).value
            return (tasks.map(\.value), try coder.decodeWithTasks(written).tasks.map(\.value))
          }, &tally)
        }
      }
    }
    #expect(tally.failures == [])
    // The package's own fixtures alone give 87 orders and 32 activities (more with ../shared).
    #expect(tally.orders > 80 && tally.activities > 20 && tally.occurrences > 10_000, "\(tally)")
    print("R4 fixtures: \(tally.orders) orders, \(tally.activities) activities, \(tally.occurrences) occurrences")
  }

  @Test func dstu2OrdersAndActivitiesRoundTrip() throws {
    let tally = try Self.tally("dstu2") { bytes, path, tally in
      guard let top = try? FHIRDSTU2.AnyResource.decode(from: Chunked.tokens(bytes, chunkSize: bytes.count)).value else { return }
      var resources = [top]
      if case .bundle(let b) = top { resources += b.entry.compactMap(\.resource) }
      for resource in resources {
        if case .medicationOrder(let m) = resource, let task = try? DSTU2MedicationOrderCoder().decode(m).value {
          try Self.checkOrder(task, "\(path) \(m.id?.string ?? "-")", &tally)
        } else if case .carePlan(let p) = resource {
          try Self.checkPlan("\(path) \(p.id?.string ?? "-")", {
            let coder = DSTU2CarePlanCoder()
            guard let (plan, tasks) = try? coder.decodeWithTasks(p) else { return nil }
            let written = try coder.encode(plan.value, tasks: tasks.map(\.value)).value
            return (tasks.map(\.value), try coder.decodeWithTasks(written).tasks.map(\.value))
          }, &tally)
        }
      }
    }
    #expect(tally.failures == [])
    #expect(tally.orders > 5 && tally.activities > 5 && tally.occurrences > 1_000, "\(tally)")
    print("DSTU2 fixtures: \(tally.orders) orders, \(tally.activities) activities, \(tally.occurrences) occurrences")
  }
}
