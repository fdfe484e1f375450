import CareModel
import FHIRCoders
import FHIRCore
import FHIRDSTU2
import FHIRR4
import FHIRReleaseConversion
import CarePipeline
import Foundation

extension StoreExporter {
  /// The coders an export writes with: the defaults, whose `setFHIRID` gives every resource a
  /// valid FHIR `id` (``ResourceIDMapping``: the care id, or a uuid derived from it with the care
  /// id kept in a care extension).
  struct Coders {
    var r4Patient = R4PatientCoder()
    var dstu2Patient = DSTU2PatientCoder()
    var r4Plan = R4CarePlanCoder()
    var dstu2Plan = DSTU2CarePlanCoder()
    var r4Order = R4MedicationRequestCoder()
    var dstu2Order = DSTU2MedicationOrderCoder()
    var r4Observation = R4ObservationCoder()
    var dstu2Observation = DSTU2ObservationCoder()

    /// The coders, each also writing the patient reference its resource requires or allows:
    /// a plan's `subject`, an order's `subject` (R4, required) / `patient` (DSTU2), an
    /// Observation's `subject` — through the plan of a task and the task of an outcome.
    /// - Parameters:
    ///   - subject: The reference text for a patient root uuid.
    ///   - planPatient: Plan root → patient root.
    ///   - taskPatient: Task root → patient root.
    static func forExport(
      subject: @escaping @Sendable (UUID?) -> Primitive<FHIRString>?, planPatient: [UUID: UUID],
      taskPatient: [UUID: UUID]
    ) -> Coders {
      var c = Coders()
      c.r4Plan.setFHIRPatientUUID = { e, r, _ in r.subject = subject(e.patientUUID).map { FHIRR4.Reference(reference: $0) } }
      c.dstu2Plan.setFHIRPatientUUID = { e, r, _ in
        r.subject = subject(e.patientUUID).map { FHIRDSTU2.Reference(reference: $0) }
      }
      let r4Plan = c.r4Order.setFHIRCarePlanUUID, dstu2Plan = c.dstu2Order.setFHIRCarePlanUUID
      c.r4Order.setFHIRCarePlanUUID = { e, r, report in
        r4Plan(e, &r, &report)
        r.subject = subject(e.carePlanUUID.flatMap { planPatient[$0] }).map { FHIRR4.Reference(reference: $0) }
      }
      c.dstu2Order.setFHIRCarePlanUUID = { e, r, report in
        dstu2Plan(e, &r, &report)
        r.patient = subject(e.carePlanUUID.flatMap { planPatient[$0] }).map { FHIRDSTU2.Reference(reference: $0) }
      }
      let r4Task = c.r4Observation.setFHIRTask, dstu2Task = c.dstu2Observation.setFHIRTask
      c.r4Observation.setFHIRTask = { e, r, report in
        r4Task(e, &r, &report)
        r.subject = subject(e.taskUUID.flatMap { taskPatient[$0] }).map { FHIRR4.Reference(reference: $0) }
      }
      c.dstu2Observation.setFHIRTask = { e, r, report in
        dstu2Task(e, &r, &report)
        r.subject = subject(e.taskUUID.flatMap { taskPatient[$0] }).map { FHIRDSTU2.Reference(reference: $0) }
      }
      c.keepStatus()
      return c
    }

    /// `e` without its ``Pipeline/statusKey`` `userInfo` entry, and that entry.
    static func split<E: CareEntity>(_ e: E) -> (E, String?) {
      var e = e
      let status = e.userInfo?.removeValue(forKey: Pipeline.statusKey)
      if e.userInfo?.isEmpty ?? false { e.userInfo = nil }
      return (e, status)
    }

    /// Writes a plan's or task's ``Pipeline/statusKey`` `userInfo` entry as its resource's
    /// `status` (mapped to the target release; a code with no image there leaves the default),
    /// not as a care `userInfo` extension.
    mutating func keepStatus() {
      let r4Order = r4Order.setFHIRVersionFields, dstu2Order = dstu2Order.setFHIRVersionFields
      let r4Plan = r4Plan.setFHIRVersionFields, dstu2Plan = dstu2Plan.setFHIRVersionFields
      self.r4Order.setFHIRVersionFields = { e, r, report in
        let (e, status) = Self.split(e)
        r4Order(e, &r, &report)
        if let code = status.flatMap({ ReleaseConverter.medicationStatus($0, toR4: true) }) { r.status = Primitive(FHIRCode(uncheckedString: code)) }
      }
      self.dstu2Order.setFHIRVersionFields = { e, r, report in
        let (e, status) = Self.split(e)
        dstu2Order(e, &r, &report)
        if let code = status.flatMap({ ReleaseConverter.medicationStatus($0, toR4: false) }) { r.status = Primitive(FHIRCode(uncheckedString: code)) }
      }
      self.r4Plan.setFHIRVersionFields = { e, r, report in
        let (e, status) = Self.split(e)
        r4Plan(e, &r, &report)
        if let code = status.flatMap({ ReleaseConverter.carePlanStatus($0, toR4: true) }) { r.status = Primitive(FHIRCode(uncheckedString: code)) }
      }
      self.dstu2Plan.setFHIRVersionFields = { e, r, report in
        let (e, status) = Self.split(e)
        dstu2Plan(e, &r, &report)
        if let code = status.flatMap({ ReleaseConverter.carePlanStatus($0, toR4: false) }) { r.status = Primitive(FHIRCode(uncheckedString: code)) }
      }
    }
  }
}
