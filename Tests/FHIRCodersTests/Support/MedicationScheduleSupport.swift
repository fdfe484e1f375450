import CareModel
@testable import FHIRCoders
import FHIRCore
import FHIRDSTU2
import FHIRJSON
import FHIRR4
import FHIRTestSupport
import Foundation

/// Hand-made R4 MedicationRequests (authored 2024-03-10T09:00Z, a Sunday) decoded by the coder,
/// their occurrences computed by CareKit's rules, and the round trips a Task makes.
enum MedicationScheduleSupport {
  static func date(_ text: String) -> Date { ISO8601DateFormatter().date(from: text)! }

  /// A MedicationRequest with these dosages (JSON objects).
  static func request(_ id: String, dosages: [String]) -> String {
    #"{"resourceType":"MedicationRequest","id":"\#(id)","status":"active","intent":"order","subject":{"reference":"Patient/p"},"authoredOn":"2024-03-10T09:00:00Z","medicationCodeableConcept":{"text":"Drug"},"dosageInstruction":[\#(dosages.joined(separator: ","))]}"#
  }

  static func r4(_ json: String) throws -> FHIRR4.MedicationRequest {
    let bytes = Array(json.utf8)
    guard case .medicationRequest(let r)? = try FHIRR4.AnyResource.decode(from: Chunked.tokens(bytes, chunkSize: bytes.count)).value
    else { throw CocoaError(.coderReadCorrupt) }
    return r
  }

  static func decode(_ json: String, coder: R4MedicationRequestCoder = R4MedicationRequestCoder()) throws -> Converted<TaskEntity> {
    try coder.decode(try r4(json))
  }

  /// Occurrence starts of `task` in `[from, to)`, as UTC texts.
  static func occurrences(_ task: TaskEntity, from: Date, to: Date) throws -> [String] {
    CareKitOccurrences.texts(try CareKitOccurrences.starts(task.schedule, zone: task.timezone, from: from, to: to))
  }

  /// The task after Task → R4 MedicationRequest → Task and after Task → DSTU2 MedicationOrder → Task.
  static func roundTrips(_ task: TaskEntity) throws -> [(String, TaskEntity)] {
    let r4 = R4MedicationRequestCoder()
    let dstu2 = DSTU2MedicationOrderCoder()
    return [
      ("R4", try r4.decode(try r4.encode(task).value).value),
      ("DSTU2", try dstu2.decode(try dstu2.encode(task).value).value),
    ]
  }
}
