import CareModel
import FHIRCoders
import FHIRCore
import FHIRDSTU2
import FHIRR4
import FHIRTestSupport
import Foundation
import Testing

/// Every spec example and every bundle resource of the converted types (Patient,
/// MedicationRequest / MedicationOrder, CarePlan, Observation) in `Fixtures` becomes a care entity
/// whose report accounts for every input element, or fails with a located ``CoderError``.
@Suite struct FixtureCoverageTests {
  static let r4Files = ["Patient", "MedicationRequest", "CarePlan", "Observation", "Bundle"]
    .flatMap { Fixtures.files(extensions: ["json"], under: "r4/examples/" + $0) } + Fixtures.files(extensions: ["json"], under: "r4/bundles")
  static let dstu2Files = ["Patient", "MedicationOrder", "CarePlan", "Observation", "Bundle"]
    .flatMap { Fixtures.files(extensions: ["json"], under: "dstu2/examples/" + $0) } + Fixtures.files(extensions: ["json"], under: "dstu2/bundles")

  static func resources<A>(_ path: String, decode: ([UInt8]) throws -> A?, entries: (A) -> [A]) throws -> [A] {
    let bytes = Fixtures.bytes(path)
    guard let top = try decode(bytes) else { return [] }
    let inner = entries(top)
    return inner.isEmpty ? [top] : [top] + inner.flatMap { entries($0).isEmpty ? [$0] : [$0] + entries($0) }
  }

  /// Converts one resource, returning the problems found (empty when it is accounted for).
  static func check<C: ResourceCoder>(_ coder: C, _ resource: C.Resource, root: String) -> [String]
  where C.Resource: FHIREncodable {
    do {
      let converted = try coder.decode(resource)
      return AccountingCheck.problems(resource, root: root, report: converted.report)
    } catch let error as CoderError {
      return error.resourceType == root && error.path.hasPrefix(root + ".") && !error.message.isEmpty ? [] : ["bad error \(error)"]
    } catch {
      return ["unlocated error"]
    }
  }

  @Test(arguments: r4Files)
  func r4ResourcesConvertAndAreAccounted(path: String) throws {
    let all = try Self.resources(path, decode: { bytes in try FHIRR4.AnyResource.decode(from: Chunked.tokens(bytes, chunkSize: bytes.count)).value }) {
      if case .bundle(let b) = $0 { b.entry.compactMap(\.resource) } else { [] }
    }
    var converted = 0
    for resource in all {
      var problems: [String] = []
      switch resource {
      case .patient(let r): problems = Self.check(R4PatientCoder(), r, root: "Patient")
      case .medicationRequest(let r): problems = Self.check(R4MedicationRequestCoder(), r, root: "MedicationRequest")
      case .observation(let r): problems = Self.check(R4ObservationCoder(), r, root: "Observation")
      case .carePlan(let r):
        problems = Self.check(R4CarePlanCoder(), r, root: "CarePlan")
        let (plan, tasks) = try R4CarePlanCoder().decodeWithTasks(r)
        for (task, activity) in zip(tasks, r.activity) {
          problems += AccountingCheck.problems(activity, root: "CarePlan.activity", report: task.report)
          #expect(task.value.carePlanUUID == plan.value.uuid)
        }
      default: continue
      }
      converted += 1
      #expect(problems.isEmpty, "\(resource.resourceType ?? "?")/\(path): \(problems)")
    }
    _ = converted
  }

  @Test(arguments: dstu2Files)
  func dstu2ResourcesConvertAndAreAccounted(path: String) throws {
    let all = try Self.resources(path, decode: { bytes in try FHIRDSTU2.AnyResource.decode(from: Chunked.tokens(bytes, chunkSize: bytes.count)).value }) {
      if case .bundle(let b) = $0 { b.entry.compactMap(\.resource) } else { [] }
    }
    for resource in all {
      var problems: [String] = []
      switch resource {
      case .patient(let r): problems = Self.check(DSTU2PatientCoder(), r, root: "Patient")
      case .medicationOrder(let r): problems = Self.check(DSTU2MedicationOrderCoder(), r, root: "MedicationOrder")
      case .observation(let r): problems = Self.check(DSTU2ObservationCoder(), r, root: "Observation")
      case .carePlan(let r):
        problems = Self.check(DSTU2CarePlanCoder(), r, root: "CarePlan")
        let (plan, tasks) = try DSTU2CarePlanCoder().decodeWithTasks(r)
        for (task, activity) in zip(tasks, r.activity) {
          problems += AccountingCheck.problems(activity, root: "CarePlan.activity", report: task.report)
          #expect(task.value.carePlanUUID == plan.value.uuid)
        }
      default: continue
      }
      #expect(problems.isEmpty, "\(resource.resourceType ?? "?")/\(path): \(problems)")
    }
  }

  @Test func theCheckFailsWhenACoderDoesNotAccount() throws {
    var resource = FHIRR4.Patient()
    resource.id = "x"
    resource.active = true
    var silent = R4PatientCoder()
    silent.accountsForEveryElement = false
    #expect(Self.check(silent, resource, root: "Patient") == ["unaccounted Patient.active"])
    #expect(Self.check(R4PatientCoder(), resource, root: "Patient").isEmpty)
    var lying = R4PatientCoder()
    lying.getCareBirthday = { _, report in report.mapped("Patient.birthDate"); return nil }
    #expect(Self.check(lying, resource, root: "Patient") == ["mapped but absent Patient.birthDate"])
  }
}
