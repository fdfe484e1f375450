public import CareStore
import CareModel
import CarePipeline
import FHIRCoders
import FHIRCore
import FHIRDSTU2
import FHIRR4
import FHIRReleaseConversion
import Foundation

extension StoreExporter {
  /// The coders an export writes with (``FHIRExportWriter``): the import's set, the caller's
  /// (default: the defaults), with the export's additions below; the default `setFHIRID` gives
  /// every resource a valid FHIR `id` (``ResourceIDMapping``: the care id, or a uuid derived from
  /// it with the care id kept in a care extension).
  typealias Coders = Pipeline.Coders
}

extension Pipeline.Coders {
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
  ) -> Pipeline.Coders {
    var c = base
    c.r4CarePlan.setFHIRPatientUUID = { e, r, _ in
      r.subject = subject(e.patientUUID).map { FHIRR4.Reference(reference: $0) }
    }
    c.dstu2CarePlan.setFHIRPatientUUID = { e, r, _ in
      r.subject = subject(e.patientUUID).map { FHIRDSTU2.Reference(reference: $0) }
    }
    // An order names the patient of its plan, an Observation that of its task's plan.
    let orderPatient: @Sendable (TaskEntity) -> Primitive<FHIRString>? = { e in
      subject(e.carePlanUUID.flatMap { planPatient[$0] })
    }
    let outcomePatient: @Sendable (OutcomeEntity) -> Primitive<FHIRString>? = { e in
      subject(e.taskUUID.flatMap { taskPatient[$0] })
    }
    c.r4MedicationRequest.setFHIRCarePlanUUID = after(c.r4MedicationRequest.setFHIRCarePlanUUID) { e, r in
      r.subject = orderPatient(e).map { FHIRR4.Reference(reference: $0) }
      if let id = e.carePlanUUID.flatMap({ planIDs[$0] }) {
        r.basedOn = [FHIRR4.Reference(reference: Primitive(FHIRString(uncheckedString: "CarePlan/" + id)))]
      }
    }
    c.dstu2MedicationOrder.setFHIRCarePlanUUID = after(c.dstu2MedicationOrder.setFHIRCarePlanUUID) { e, r in
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
  typealias Setter<E, R> = @Sendable (E, inout R, inout ConversionReport) -> Void

  /// `set`, then `more`.
  static func after<E, R>(_ set: @escaping Setter<E, R>, _ more: @escaping @Sendable (E, inout R) -> Void) -> Setter<
    E, R
  > {
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

  /// `set` run on an entity without its ``Pipeline/intentKey`` `userInfo` entry, then that entry
  /// written as the R4 resource's `intent` (else the coder's `order` or `plan` stays). DSTU2 has
  /// no `intent`: there the entry stays in `userInfo`, written as a care extension.
  static func withIntent<E: CareEntity, R>(
    _ set: @escaping Setter<E, R>, into intent: any WritableKeyPath<R, Primitive<FHIRCode>?> & Sendable
  ) -> Setter<E, R> {
    { e, r, report in
      var e = e
      let value = e.userInfo?.removeValue(forKey: Pipeline.intentKey)
      if e.userInfo?.isEmpty ?? false { e.userInfo = nil }
      set(e, &r, &report)
      if let value { r[keyPath: intent] = Primitive(FHIRCode(uncheckedString: value)) }
    }
  }

  /// `set` run on an order's task without its ``Pipeline/dateEndedKey`` `userInfo` entry, then
  /// that entry written by `write`: as DSTU2 `dateEnded`, or in R4 (which has no such element) as
  /// the HL7 cross-version extension the release conversion writes (`CarriedDateEnded`). A value
  /// that is not a FHIR dateTime stays in `userInfo`.
  static func withDateEnded<R>(
    _ set: @escaping Setter<TaskEntity, R>, write: @escaping @Sendable (Primitive<FHIRDateTime>, inout R) -> Void
  ) -> Setter<TaskEntity, R> {
    { e, r, report in
      var e = e
      guard let text = e.userInfo?[Pipeline.dateEndedKey], FHIRDateTime.problem(with: text) == nil else {
        return set(e, &r, &report)
      }
      e.userInfo?.removeValue(forKey: Pipeline.dateEndedKey)
      if e.userInfo?.isEmpty ?? false { e.userInfo = nil }
      set(e, &r, &report)
      write(Primitive(FHIRDateTime(uncheckedString: text)), &r)
    }
  }

  /// `set` run on an order's task whose `userInfo` status or intent says its open patterns were
  /// cut to their first day (``FirstDayCut``): with those patterns open again, so that a held
  /// order goes out with its regimen and its `status`, not with an end no one ordered.
  static func reopeningFirstDay<R>(_ set: @escaping Setter<TaskEntity, R>) -> Setter<TaskEntity, R> {
    { e, r, report in
      guard FirstDayCut.applies(status: e.userInfo?[Pipeline.statusKey], intent: e.userInfo?[Pipeline.intentKey]) else {
        return set(e, &r, &report)
      }
      var e = e
      e.schedule = FirstDayCut.reopened(e.schedule, zone: e.timezone)
      set(e, &r, &report)
    }
  }

  /// `set` run on an activity's task without its ``Pipeline/statusKey`` `userInfo` entry (so that
  /// it is not written as a care extension: an activity that refers to its order has no detail,
  /// the order carries the status).
  static func withoutStatus<R>(_ set: @escaping Setter<TaskEntity, R>) -> Setter<TaskEntity, R> {
    { e, r, report in
      var e = e
      e.userInfo?.removeValue(forKey: Pipeline.statusKey)
      if e.userInfo?.isEmpty ?? false { e.userInfo = nil }
      set(e, &r, &report)
    }
  }

  /// `set` (the activity's text, which makes its `detail`), then the task's
  /// ``Pipeline/statusKey`` `userInfo` entry written as `detail.status` through `code`.
  static func withDetailStatus<A, D>(
    _ set: @escaping Setter<TaskEntity, PlanActivity<A>>, code: @escaping @Sendable (String) -> String?,
    detail: any WritableKeyPath<A, D?> & Sendable, status: any WritableKeyPath<D, Primitive<FHIRCode>?> & Sendable
  ) -> Setter<TaskEntity, PlanActivity<A>> {
    { e, r, report in
      set(e, &r, &report)
      guard let mapped = e.userInfo?[Pipeline.statusKey].flatMap(code), var d = r.activity[keyPath: detail] else { return }
      d[keyPath: status] = Primitive(FHIRCode(uncheckedString: mapped))
      r.activity[keyPath: detail] = d
    }
  }

  /// Writes a plan's `status` and R4 `intent`, an order task's `status`, R4 `intent` and DSTU2
  /// `dateEnded`, and an
  /// activity task's `detail.status`, from their ``Pipeline/statusKey`` and
  /// ``Pipeline/intentKey`` `userInfo` entries (statuses mapped to the target release as
  /// `ReleaseConverter` maps them).
  mutating func keepStatus() {
    r4CarePlan.setFHIRVersionFields = Self.withIntent(r4CarePlan.setFHIRVersionFields, into: \.intent)
    r4CarePlan.activityCoder.setFHIRVersionFields = Self.withoutStatus(r4CarePlan.activityCoder.setFHIRVersionFields)
    r4CarePlan.activityCoder.setFHIRText = Self.withDetailStatus(
      r4CarePlan.activityCoder.setFHIRText, code: { ReleaseConverter.activityStatus($0, toR4: true) },
      detail: \.detail, status: \.status)
    dstu2CarePlan.activityCoder.setFHIRVersionFields = Self.withoutStatus(dstu2CarePlan.activityCoder.setFHIRVersionFields)
    dstu2CarePlan.activityCoder.setFHIRText = Self.withDetailStatus(
      dstu2CarePlan.activityCoder.setFHIRText, code: { ReleaseConverter.activityStatus($0, toR4: false) },
      detail: \.detail, status: \.status)
    r4MedicationRequest.setFHIRVersionFields = Self.withIntent(r4MedicationRequest.setFHIRVersionFields, into: \.intent)
    r4MedicationRequest.setFHIRSchedule = Self.reopeningFirstDay(r4MedicationRequest.setFHIRSchedule)
    dstu2MedicationOrder.setFHIRSchedule = Self.reopeningFirstDay(dstu2MedicationOrder.setFHIRSchedule)
    r4MedicationRequest.setFHIRVersionFields = Self.withStatus(
      r4MedicationRequest.setFHIRVersionFields, code: { ReleaseConverter.medicationStatus($0, toR4: true) },
      into: \.status)
    dstu2MedicationOrder.setFHIRVersionFields = Self.withStatus(
      dstu2MedicationOrder.setFHIRVersionFields, code: { ReleaseConverter.medicationStatus($0, toR4: false) },
      into: \.status)
    dstu2MedicationOrder.setFHIRVersionFields = Self.withDateEnded(dstu2MedicationOrder.setFHIRVersionFields) { date, r in
      r.dateEnded = date
    }
    r4MedicationRequest.setFHIRVersionFields = Self.withDateEnded(r4MedicationRequest.setFHIRVersionFields) { date, r in
      r.extension.append(Extension(url: FHIRURI(uncheckedString: CarriedDateEnded.url), value: .dateTime(date)))
    }
    r4CarePlan.setFHIRVersionFields = Self.withStatus(
      r4CarePlan.setFHIRVersionFields, code: { ReleaseConverter.carePlanStatus($0, toR4: true) }, into: \.status)
    dstu2CarePlan.setFHIRVersionFields = Self.withStatus(
      dstu2CarePlan.setFHIRVersionFields, code: { ReleaseConverter.carePlanStatus($0, toR4: false) }, into: \.status)
  }
}
