import CareModel
import FHIRCoders
import FHIRCore
import FHIRDSTU2
import FHIRR4
import FHIRReleaseConversion
import CarePipeline
import Foundation

extension StoreExporter {
  /// The coders an export writes with (``FHIRExportWriter``): the caller's (default: the
  /// defaults), whose `setFHIRID`
  /// gives every resource a valid FHIR `id` (``ResourceIDMapping``: the care id, or a uuid derived
  /// from it with the care id kept in a care extension).
  struct Coders {
    var r4Patient: R4PatientCoder
    var dstu2Patient: DSTU2PatientCoder
    var r4Plan: R4CarePlanCoder
    var dstu2Plan: DSTU2CarePlanCoder
    var r4Order: R4MedicationRequestCoder
    var dstu2Order: DSTU2MedicationOrderCoder
    var r4Observation: R4ObservationCoder
    var dstu2Observation: DSTU2ObservationCoder

    /// The coders of `base` (a user's, with their overridden closures: the set the import's
    /// ``Pipeline`` converted with), before the export's own additions.
    init(_ base: Pipeline.Coders) {
      r4Patient = base.r4Patient
      dstu2Patient = base.dstu2Patient
      r4Plan = base.r4CarePlan
      dstu2Plan = base.dstu2CarePlan
      r4Order = base.r4MedicationRequest
      dstu2Order = base.dstu2MedicationOrder
      r4Observation = base.r4Observation
      dstu2Observation = base.dstu2Observation
    }

    /// The coders, each also writing the patient reference its resource requires or allows:
    /// a plan's `subject`, an order's `subject` (R4, required) / `patient` (DSTU2), an
    /// Observation's `subject` — through the plan of a task and the task of an outcome; and an
    /// R4 order of a plan that is written (an order its activity refers to) `basedOn` that plan.
    /// - Parameters:
    ///   - subject: The reference text for a patient root uuid.
    ///   - planPatient: Plan root → patient root.
    ///   - taskPatient: Task root → patient root.
    ///   - planIDs: Plan root → FHIR id, for the plans written.
    ///   - base: The coders to start from (default: the defaults).
    static func forExport(
      subject: @escaping @Sendable (UUID?) -> Primitive<FHIRString>?, planPatient: [UUID: UUID],
      taskPatient: [UUID: UUID], planIDs: [UUID: String] = [:], base: Pipeline.Coders = Pipeline.Coders()
    ) -> Coders {
      var c = Coders(base)
      c.r4Plan.setFHIRPatientUUID = { e, r, _ in r.subject = subject(e.patientUUID).map { FHIRR4.Reference(reference: $0) } }
      c.dstu2Plan.setFHIRPatientUUID = { e, r, _ in
        r.subject = subject(e.patientUUID).map { FHIRDSTU2.Reference(reference: $0) }
      }
      // An order names the patient of its plan, an Observation that of its task's plan.
      let orderPatient: @Sendable (CareModel.Task) -> Primitive<FHIRString>? = { e in
        subject(e.carePlanUUID.flatMap { planPatient[$0] })
      }
      let outcomePatient: @Sendable (Outcome) -> Primitive<FHIRString>? = { e in
        subject(e.taskUUID.flatMap { taskPatient[$0] })
      }
      c.r4Order.setFHIRCarePlanUUID = after(c.r4Order.setFHIRCarePlanUUID) { e, r in
        r.subject = orderPatient(e).map { FHIRR4.Reference(reference: $0) }
        if let id = e.carePlanUUID.flatMap({ planIDs[$0] }) {
          r.basedOn = [FHIRR4.Reference(reference: Primitive(FHIRString(uncheckedString: "CarePlan/" + id)))]
        }
      }
      c.dstu2Order.setFHIRCarePlanUUID = after(c.dstu2Order.setFHIRCarePlanUUID) { e, r in
        r.patient = orderPatient(e).map { FHIRDSTU2.Reference(reference: $0) }
      }
      c.r4Observation.setFHIRTask = after(c.r4Observation.setFHIRTask) { e, r in
        r.subject = outcomePatient(e).map { FHIRR4.Reference(reference: $0) }
      }
      c.dstu2Observation.setFHIRTask = after(c.dstu2Observation.setFHIRTask) { e, r in
        r.subject = outcomePatient(e).map { FHIRDSTU2.Reference(reference: $0) }
      }
      c.keepStatus()
      return c
    }

    /// A coder closure type: writes an entity's fields into a resource.
    typealias Setter<E, R> = @Sendable (E, inout R, inout FHIRCoders.ConversionReport) -> Void

    /// `set`, then `more`.
    static func after<E, R>(_ set: @escaping Setter<E, R>, _ more: @escaping @Sendable (E, inout R) -> Void) -> Setter<E, R> {
      { e, r, report in
        set(e, &r, &report)
        more(e, &r)
      }
    }

    /// `set` run on the entity without its ``Pipeline/statusKey`` `userInfo` entry (so that it is
    /// not written as a care extension), then that entry written as `status` through `code`
    /// (its image in the target release; `nil` leaves the coder's default).
    static func withStatus<E: CareEntity, R>(
      _ set: @escaping Setter<E, R>, code: @escaping @Sendable (String) -> String?,
      into status: any WritableKeyPath<R, Primitive<FHIRCode>?> & Sendable
    ) -> Setter<E, R> {
      { e, r, report in
        var e = e
        let value = e.userInfo?.removeValue(forKey: Pipeline.statusKey)
        if e.userInfo?.isEmpty ?? false { e.userInfo = nil }
        set(e, &r, &report)
        if let mapped = value.flatMap(code) { r[keyPath: status] = Primitive(FHIRCode(uncheckedString: mapped)) }
      }
    }

    /// Writes a plan's or order task's ``Pipeline/statusKey`` `userInfo` entry as its resource's
    /// `status`, mapped to the target release as `ReleaseConverter` maps it.
    mutating func keepStatus() {
      r4Order.setFHIRVersionFields = Self.withStatus(
        r4Order.setFHIRVersionFields, code: { ReleaseConverter.medicationStatus($0, toR4: true) }, into: \.status)
      dstu2Order.setFHIRVersionFields = Self.withStatus(
        dstu2Order.setFHIRVersionFields, code: { ReleaseConverter.medicationStatus($0, toR4: false) }, into: \.status)
      r4Plan.setFHIRVersionFields = Self.withStatus(
        r4Plan.setFHIRVersionFields, code: { ReleaseConverter.carePlanStatus($0, toR4: true) }, into: \.status)
      dstu2Plan.setFHIRVersionFields = Self.withStatus(
        dstu2Plan.setFHIRVersionFields, code: { ReleaseConverter.carePlanStatus($0, toR4: false) }, into: \.status)
    }
  }
}
