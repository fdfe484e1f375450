import CareModel
import FHIRTestSupport
import Foundation
import Testing

/// `--care-format carekit`: `convert --to care` and `export --to care` write each entity as
/// CareKit's `Codable` would, and the option is refused with any other `--to`.
@Suite struct CareKitFormatCommandTests {
  static func objects(_ stdout: String) throws -> [[String: Any]] {
    try stdout.split(separator: "\n").map { line in
      let value = try JSONSerialization.jsonObject(with: Data(line.utf8))
      return try #require(value as? [String: Any], "not an object: \(line.prefix(80))")
    }
  }

  /// Checks the members every CareKit entity writes, and the schedule of a task.
  static func checkCareKitShape(_ object: [String: Any]) {
    #expect(object["kind"] == nil)
    #expect(object["uuid"] is String && object["effectiveDate"] is Double)
    #expect(object["nextVersionUUIDs"] is [Any] && object["previousVersionUUIDs"] is [Any])
    #expect((object["schemaVersion"] as? [String: Any])?["majorVersion"] as? Int == 3)
    #expect((object["timezone"] as? [String: Any])?["identifier"] is String)
    guard let schedule = object["schedule"] as? [String: Any] else { return }
    let elements = schedule["elements"] as? [[String: Any]] ?? []
    #expect(!elements.isEmpty)
    for element in elements {
      #expect(element["start"] is Double && element["interval"] is [String: Any] && element["targetValues"] is [Any])
      let duration = element["duration"] as? [String: Any] ?? [:]
      #expect(duration["isAllDay"] != nil, "\(duration)")
      if (duration["isAllDay"] as? Bool) == false { #expect(duration["seconds"] is Double) }
    }
  }

  /// `record` as CareKit's JSON gives it back: a value without `createdDate` gets the owning
  /// entity's effective date (CareKit requires one).
  static func expected(_ record: CareRecord) -> CareRecord {
    func dated(_ values: [OutcomeValue], _ date: Date) -> [OutcomeValue] {
      values.map { value in
        var value = value
        value.createdDate = value.createdDate ?? date
        return value
      }
    }
    switch record {
    case .outcome(var outcome):
      outcome.values = dated(outcome.values, outcome.effectiveDate)
      return .outcome(outcome)
    case .task(var task):
      for index in task.schedule.elements.indices {
        task.schedule.elements[index].targetValues = dated(task.schedule.elements[index].targetValues, task.effectiveDate)
      }
      return .task(task)
    default: return record
    }
  }

  @Test func convertWritesCareKitObjectsForTheSameEntities() throws {
    let carekit = try CommandRunner.run(["convert", "--to", "care", "--care-format", "carekit", ConvertInputsTests.synthea])
    #expect(carekit.exitCode == 0, "\(carekit.stderr)")
    let native = try CommandRunner.run(["convert", "--to", "care", ConvertInputsTests.synthea])
    let explicit = try CommandRunner.run(["convert", "--to", "care", "--care-format", "native", ConvertInputsTests.synthea])
    #expect(explicit.stdout == native.stdout)
    let records = try CareJSON.records(fromNDJSON: Data(native.stdout.utf8))
    let objects = try Self.objects(carekit.stdout)
    #expect(objects.count == records.count && !records.isEmpty)
    for object in objects { Self.checkCareKitShape(object) }
    #expect(objects.contains { $0["schedule"] != nil } && objects.contains { $0["taskOccurrenceIndex"] != nil })
    // Each line reads back (as the kind of the native line at the same place) as the same entity.
    let lines = carekit.stdout.split(separator: "\n")
    for (line, record) in zip(lines, records) {
      let back = try CareKitJSONWriter.record(Data(line.utf8), type: record.kind)
      #expect(back == Self.expected(record), "\(record.kind) \(record.uuid)")
    }
  }

  @Test func jsonFormatWritesOneArrayOfCareKitObjects() throws {
    let result = try CommandRunner.run(
      ["convert", "--to", "care", "--care-format", "carekit", "--format", "json", ConvertInputsTests.synthea])
    #expect(result.exitCode == 0, "\(result.stderr)")
    let array = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]] ?? []
    #expect(!array.isEmpty)
    for object in array { Self.checkCareKitShape(object) }
  }

  @Test func careFormatIsRefusedWithoutToCare() throws {
    for arguments in [
      ["convert", "--to", "r4", "--care-format", "carekit", ConvertInputsTests.synthea],
      ["export", "--store", "none.sqlite", "--to", "r4", "--care-format", "carekit"],
    ] {
      let result = try CommandRunner.run(arguments)
      #expect(result.exitCode == 2, "\(arguments)")
      #expect(result.stderr.contains("--care-format applies to --to care only"), "\(result.stderr)")
    }
    let bad = try CommandRunner.run(["convert", "--to", "care", "--care-format", "ock", ConvertInputsTests.synthea])
    #expect(bad.exitCode == 2)
  }

  @Test func exportWritesCareKitObjects() throws {
    let store = TemporaryFolders.make("fhirkit-carekit") + "/store.sqlite"
    let imported = try CommandRunner.run(["import", ConvertInputsTests.synthea, "--store", store])
    #expect(imported.exitCode == 0, "\(imported.stderr)")
    let native = try CommandRunner.run(["export", "--store", store, "--to", "care"])
    let carekit = try CommandRunner.run(["export", "--store", store, "--to", "care", "--care-format", "carekit"])
    #expect(carekit.exitCode == 0, "\(carekit.stderr)")
    let records = try CareJSON.records(fromNDJSON: Data(native.stdout.utf8))
    let objects = try Self.objects(carekit.stdout)
    #expect(objects.count == records.count && !records.isEmpty)
    for object in objects { Self.checkCareKitShape(object) }
    for (line, record) in zip(carekit.stdout.split(separator: "\n"), records) {
      #expect(try CareKitJSONWriter.record(Data(line.utf8), type: record.kind) == Self.expected(record), "\(record.kind)")
    }
  }
}
