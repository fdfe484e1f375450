import CareModel
import FHIRJSON
import FHIRTestSupport
import Foundation
import Testing

/// `fhirkit convert --to care` on medication orders a care app must show right: a two-phase
/// taper, an as-needed order and a daily 08:00 dose in America/New_York, and back to R4.
@Suite struct MedicationScheduleCommandTests {
  static let orders = [
    #"{"resourceType":"MedicationRequest","id":"taper","status":"active","intent":"order","subject":{"reference":"Patient/p"},"authoredOn":"2024-03-10T09:00:00Z","medicationCodeableConcept":{"text":"Prednisone"},"dosageInstruction":[{"sequence":1,"timing":{"repeat":{"boundsDuration":{"value":3,"code":"d"},"frequency":2,"period":1,"periodUnit":"d"}}},{"sequence":2,"timing":{"repeat":{"boundsDuration":{"value":4,"code":"d"},"frequency":1,"period":1,"periodUnit":"d"}}}]}"#,
    #"{"resourceType":"MedicationRequest","id":"prn","status":"active","intent":"order","subject":{"reference":"Patient/p"},"authoredOn":"2024-03-10T09:00:00Z","medicationCodeableConcept":{"text":"Ibuprofen"},"dosageInstruction":[{"asNeededCodeableConcept":{"text":"pain"},"timing":{"code":{"coding":[{"code":"Q6H"}]}}}]}"#,
    #"{"resourceType":"MedicationRequest","id":"ny","status":"active","intent":"order","subject":{"reference":"Patient/p"},"authoredOn":"2024-03-10T09:00:00Z","medicationCodeableConcept":{"text":"Lisinopril"},"dosageInstruction":[{"timing":{"extension":[{"url":"http://hl7.org/fhir/StructureDefinition/timezone","valueCode":"America/New_York"}],"repeat":{"timeOfDay":["08:00:00"]}}}]}"#,
  ]

  func tasks(_ text: String) throws -> [String: TaskEntity] {
    var tasks: [String: TaskEntity] = [:]
    for case .task(let t) in try CareJSON.records(fromNDJSON: Data(text.utf8)) { tasks[t.id] = t }
    return tasks
  }

  static func date(_ text: String) -> Date { ISO8601DateFormatter().date(from: text)! }

  @Test func ordersBecomeFaithfulSchedules() throws {
    let input = Array((Self.orders.joined(separator: "\n") + "\n").utf8)
    let result = try CommandRunner.run(["convert", "--to", "care", "-"], stdin: input)
    #expect(result.exitCode == 0, "\(result.stderr)")
    let tasks = try tasks(result.stdout)

    // Twice a day (all day) through the 12th, then once a day from the 13th through the 16th.
    let taper = try #require(tasks["taper"])
    #expect(taper.schedule.elements.map(\.end) == [Self.date("2024-03-13T00:00:00Z"), Self.date("2024-03-13T00:00:00Z"), Self.date("2024-03-17T00:00:00Z")])
    #expect(taper.schedule.elements.last?.start == Self.date("2024-03-13T00:00:00Z"))
    #expect(taper.schedule.elements.allSatisfy { $0.duration == .allDay })

    // As needed: does not count towards adherence; every 6 hours from the order, timed.
    let prn = try #require(tasks["prn"])
    #expect(prn.impactsAdherence == false)
    #expect(prn.instructions == "As needed for pain")
    #expect(prn.schedule.elements.map(\.interval) == [DateComponents(hour: 6)])
    #expect(prn.schedule.elements.map(\.duration) == [.seconds(0)])

    // 08:00 in New York, the zone kept by name: 09:00Z is 05:00 there, so 08:00 the same day.
    let ny = try #require(tasks["ny"])
    #expect(ny.timezone.identifier == "America/New_York")
    #expect(ny.schedule.elements.map(\.start) == [Self.date("2024-03-10T12:00:00Z")])

    // And back to R4: the as-needed condition and the zone are written again.
    let back = try CommandRunner.run(["convert", "--from", "care", "--to", "r4", "-"], stdin: Array(result.stdout.utf8))
    #expect(back.exitCode == 0, "\(back.stderr)")
    #expect(back.stdout.contains(#""asNeededCodeableConcept":{"text":"pain"}"#))
    #expect(back.stdout.contains(#""valueCode":"America/New_York""#))
    #expect(back.stdout.contains(#""timeOfDay":["08:00:00"]"#))
  }
  /// A stopped R4 order schedules its first day only, a DSTU2 order ends with its `dateEnded`; both
  /// say `stopped` when written back to FHIR, and reading that back gives the same schedules.
  @Test func endedOrdersScheduleNothingAfterwards() throws {
    let r4 = #"{"resourceType":"MedicationRequest","id":"warfarin","status":"stopped","intent":"order","subject":{"reference":"Patient/p"},"authoredOn":"2024-03-10T09:00:00Z","medicationCodeableConcept":{"text":"Warfarin"},"dosageInstruction":[{"timing":{"repeat":{"timeOfDay":["21:00:00"]}}}]}"#
    let dstu2 = #"{"resourceType":"MedicationOrder","id":"digoxin","status":"stopped","patient":{"reference":"Patient/p"},"dateWritten":"2024-03-10T09:00:00Z","dateEnded":"2024-03-15","medicationCodeableConcept":{"text":"Digoxin"},"dosageInstruction":[{"timing":{"repeat":{"frequency":1,"period":1,"periodUnits":"d"}}}]}"#
    for (id, json, end) in [("warfarin", r4, "2024-03-11T00:00:00Z"), ("digoxin", dstu2, "2024-03-16T00:00:00Z")] {
      let result = try CommandRunner.run(["convert", "--to", "care", "-"], stdin: Array((json + "\n").utf8))
      #expect(result.exitCode == 0, "\(result.stderr)")
      let task = try #require(try tasks(result.stdout)[id])
      #expect(task.schedule.elements.map(\.end) == [Self.date(end)], "\(id)")
      #expect(task.userInfo?["fhirStatus"] == "stopped")
      let back = try CommandRunner.run(["convert", "--from", "care", "--to", "r4", "-"], stdin: Array(result.stdout.utf8))
      #expect(back.exitCode == 0, "\(back.stderr)")
      #expect(back.stdout.contains(#""status":"stopped""#), "\(id)")
      let again = try CommandRunner.run(["convert", "--to", "care", "-"], stdin: Array(back.stdout.utf8))
      #expect(try tasks(again.stdout)[id]?.schedule == task.schedule, "\(id)")
      #expect(try tasks(again.stdout)[id]?.userInfo == task.userInfo, "\(id)")
    }
  }

  /// A DSTU2 order's `dateEnded` is kept as written (`userInfo["fhirDateEnded"]`) besides the
  /// schedule it ends, and written back as `dateEnded` to DSTU2; R4, which has no such element,
  /// carries it in HL7's cross-version extension, as the release conversion does, which ends the
  /// schedule when read: every path gives the same task.
  @Test func aDSTU2OrdersDateEndedComesBack() throws {
    let json = #"{"resourceType":"MedicationOrder","id":"digoxin","status":"active","patient":{"reference":"Patient/p"},"dateWritten":"2024-03-10T09:00:00Z","dateEnded":"2024-03-15T10:30:00Z","medicationCodeableConcept":{"text":"Digoxin"},"dosageInstruction":[{"timing":{"repeat":{"frequency":1,"period":1,"periodUnits":"d"}}}]}"#
    let result = try CommandRunner.run(["convert", "--to", "care", "-"], stdin: Array((json + "\n").utf8))
    #expect(result.exitCode == 0, "\(result.stderr)")
    let task = try #require(try tasks(result.stdout)["digoxin"])
    #expect(task.userInfo?["fhirDateEnded"] == "2024-03-15T10:30:00Z")
    #expect(task.schedule.elements.map(\.end) == [Self.date("2024-03-15T10:30:00Z")])
    for release in ["dstu2", "r4"] {
      let back = try CommandRunner.run(
        ["convert", "--from", "care", "--to", release, "-"], stdin: Array(result.stdout.utf8))
      #expect(back.exitCode == 0, "\(back.stderr)")
      #expect(back.stdout.contains(#""dateEnded":"2024-03-15T10:30:00Z""#) == (release == "dstu2"), "\(release)")
      #expect(back.stdout.contains("extension-MedicationOrder.dateEnded") == (release == "r4"), "\(release)")
      #expect(!back.stdout.contains("fhirDateEnded"), "\(release)")
      let again = try CommandRunner.run(["convert", "--to", "care", "-"], stdin: Array(back.stdout.utf8))
      let read = try #require(try tasks(again.stdout)["digoxin"])
      #expect(read.schedule == task.schedule && read.userInfo == task.userInfo, "\(release)")
      guard release == "dstu2" else { continue }
      // The DSTU2 order converted to R4 carries `dateEnded` in HL7's cross-version extension,
      // which the pipeline keeps as it keeps DSTU2's own element.
      let r4 = try CommandRunner.run(["convert", "--from", "dstu2", "--to", "r4", "-"], stdin: Array(back.stdout.utf8))
      #expect(r4.stdout.contains("extension-MedicationOrder.dateEnded"))
      let fromR4 = try CommandRunner.run(["convert", "--to", "care", "-"], stdin: Array(r4.stdout.utf8))
      #expect(try tasks(fromR4.stdout)["digoxin"]?.userInfo == task.userInfo)
    }
  }

  /// An R4 order that carries a DSTU2 `dateEnded` in HL7's cross-version extension (a DSTU2 order
  /// converted to R4) ends its schedule there, as the DSTU2 order does, and the extension is
  /// counted mapped, not dropped; another extension beside it is still reported dropped.
  @Test func anR4OrderConvertedFromDSTU2EndsWhereTheDSTU2OrderEnded() throws {
    let dstu2 = #"{"resourceType":"MedicationOrder","id":"digoxin","status":"active","patient":{"reference":"Patient/p"},"dateWritten":"2024-03-10T09:00:00Z","dateEnded":"2024-03-15","medicationCodeableConcept":{"text":"Digoxin"},"dosageInstruction":[{"timing":{"repeat":{"frequency":1,"period":1,"periodUnits":"d"}}}]}"#
    let direct = try CommandRunner.run(["convert", "--to", "care", "-"], stdin: Array((dstu2 + "\n").utf8))
    let expected = try #require(try tasks(direct.stdout)["digoxin"])
    #expect(expected.schedule.elements.map(\.end) == [Self.date("2024-03-16T00:00:00Z")])
    let r4 = try CommandRunner.run(["convert", "--from", "dstu2", "--to", "r4", "-"], stdin: Array((dstu2 + "\n").utf8))
    #expect(r4.stdout.contains("extension-MedicationOrder.dateEnded"))
    // One more extension of the same shape, which nothing reads.
    let other = #"{"url":"http://example.org/other","valueDateTime":"2024-01-01"},"#
    let withOther = r4.stdout.replacingOccurrences(of: #""extension":["#, with: #""extension":["# + other)
    let folder = TemporaryFolders.make("carried-date-ended")
    let read = try CommandRunner.run(
      ["convert", "--to", "care", "--report", folder + "/report.ndjson", "-"], stdin: Array(withOther.utf8))
    let task = try #require(try tasks(read.stdout)["digoxin"])
    #expect(task.schedule == expected.schedule)
    #expect(task.userInfo == expected.userInfo)
    let report = try String(contentsOfFile: folder + "/report.ndjson", encoding: .utf8)
    let dropped = report.split(separator: "\n").filter { $0.contains("MedicationRequest.extension.") && $0.contains(#""disposition":"dropped""#) }
    #expect(dropped.count == 2, "\(report)")  // the other extension's url and value, once each
    #expect(dropped.allSatisfy { $0.contains(#""count":1"#) }, "\(report)")
  }

  /// An order that ended before its schedule starts is reported where its end is written: DSTU2
  /// `dateEnded`, R4 the carrying extension's `valueDateTime`, at its own position.
  @Test func anEndBeforeTheStartIsLocatedWhereTheEndIsWritten() throws {
    let r4 = #"{"resourceType":"MedicationRequest","id":"early","extension":[{"url":"http://example.org/other","valueString":"x"},{"url":"http://hl7.org/fhir/1.0/StructureDefinition/extension-MedicationOrder.dateEnded","valueDateTime":"2024-03-01"}],"status":"active","intent":"order","subject":{"reference":"Patient/p"},"authoredOn":"2024-03-10T09:00:00Z","medicationCodeableConcept":{"text":"Digoxin"},"dosageInstruction":[{"timing":{"repeat":{"frequency":1,"period":1,"periodUnit":"d"}}}]}"#
    let dstu2 = #"{"resourceType":"MedicationOrder","id":"early","status":"active","patient":{"reference":"Patient/p"},"dateWritten":"2024-03-10T09:00:00Z","dateEnded":"2024-03-01","medicationCodeableConcept":{"text":"Digoxin"},"dosageInstruction":[{"timing":{"repeat":{"frequency":1,"period":1,"periodUnits":"d"}}}]}"#
    for (json, path) in [(r4, "extension[1].valueDateTime"), (dstu2, "dateEnded")] {
      let result = try CommandRunner.run(["convert", "--to", "care", "-"], stdin: Array((json + "\n").utf8))
      #expect(result.stderr.contains("before its schedule starts; only the schedule's first day is kept at \(path) "), "\(result.stderr)")
    }
  }
}
