import CareModel
import FHIRCoders
import Foundation

/// One run of the merge over an input (see `docs/pipeline.md` for the rules). Resources are
/// visited in key order in each pass, so the output does not depend on the input's order.
struct MergeRun {
  let pipeline: Pipeline
  let index: ResourceIndex
  let resolver: ReferenceResolver
  var result = PipelineResult()

  /// Resource key → the Patient entity's uuid and id.
  var patients: [String: (uuid: UUID, id: String)] = [:]
  /// Resource key → the CarePlan entity's uuid.
  var planUUIDs: [String: UUID] = [:]
  /// Order (MedicationRequest / MedicationOrder) key → position of its task in `result.tasks`.
  var taskOfOrder: [String: Int] = [:]
  /// Observation key → position of the task a CarePlan activity ties it to.
  var taskOfObservation: [String: Int] = [:]
  /// Orders turned into a CarePlan activity's Task (not standalone).
  var claimedOrders: Set<String> = []
  /// Resource key → its JSON, for provenance (encoded once per resource).
  var sourceJSON: [String: Data] = [:]
  /// Patient resource key → position of its medication plan in `result.carePlans` (made on first use).
  var medicationPlans: [String: Int] = [:]
  /// Event resource key → position of the task of the activity whose `outcomeReference` names it.
  var taskOfEvent: [String: Int] = [:]
  /// CarePlan key → positions of its activities' tasks.
  var tasksOfPlan: [String: [Int]] = [:]
  /// Event resource key → the task an `Observation.partOf` reaches through it (computed once).
  var eventTies: [String: EventTie] = [:]
  /// The uuids of every CarePlan entity of the whole input, when this run merges one staged
  /// partition of it (a care extension may name a plan of another partition).
  let knownPlanUUIDs: Set<UUID>?

  init(pipeline: Pipeline, entries: [PipelineInput.Entry]) {
    self.init(pipeline: pipeline, index: ResourceIndex(entries))
  }

  /// A run over an index built elsewhere (a staged partition).
  init(pipeline: Pipeline, index: ResourceIndex, knownPlanUUIDs: Set<UUID>? = nil) {
    self.pipeline = pipeline
    self.index = index
    resolver = ReferenceResolver(index: index)
    self.knownPlanUUIDs = knownPlanUUIDs
  }

  mutating func run() -> PipelineResult {
    result.report.resourcesRead = index.read
    result.report.duplicatesMerged = index.duplicates
    // A plan, order or observation entered in error was recorded by mistake, an order not to be
    // performed is a prohibition: each becomes no entity (an erroneous temperature is no outcome,
    // a prohibited drug no task to take), and is named.
    let all = index.sorted.filter { !skipsNoCareEntity($0) }.map { ($0, pipeline.coders.facts(for: $0)) }
    for (resource, facts) in all {
      switch facts {
      case .patient(let decode): addPatient(resource, decode)
      case .notConverted, .event: result.report.notConverted[resource.type, default: 0] += 1
      default: break
      }
    }
    for case (let resource, .carePlan(let plan)) in all { addPlan(resource, plan) }
    for case (let resource, .order(let order)) in all where !claimedOrders.contains(resource.key) {
      addStandaloneOrder(resource, order)
    }
    checkReferences(
      orders: all.compactMap { resource, facts in if case .order(let o) = facts { (resource, o) } else { nil } },
      observations: all.compactMap { resource, facts in if case .observation(let o) = facts { (resource, o) } else { nil } })
    addObservations(all.compactMap { resource, facts in
      if case .observation(let o) = facts { (resource, o) } else { nil }
    })
    finish()
    return result
  }

  // MARK: Patients, plans, orders

  mutating func addPatient(_ resource: IndexedResource, _ decode: () throws -> Converted<PatientEntity>) {
    guard let converted = attempt(resource, decode) else { return }
    var patient = converted.value
    record(converted.report, for: resource)
    identify(&patient, resource)
    patients[resource.key] = (patient.uuid, patient.id)
    addSource(patient.uuid, resource)
    result.patients.append(patient)
  }

  mutating func addPlan(_ resource: IndexedResource, _ facts: ResourceFacts.Plan) {
    guard let (plan, tasks) = attempt(resource, facts.decode) else { return }
    var entity = plan.value
    identify(&entity, resource)
    // A Patient outside this run (`Patient/id`): the uuid its entity gets, as for the plans made
    // for its orders and Observations, so that the plan is its own whichever is imported first.
    entity.patientUUID =
      patientKey(facts.subject, from: resource).flatMap { patients[$0]?.uuid }
      ?? outsidePatientKey(facts.subject, from: resource).flatMap(Self.outsidePatient)?.uuid
    Self.keep(status: facts.status, in: &entity)
    Self.keep(intent: facts.intent, usual: "plan", in: &entity)
    var planReport = plan.report
    if Self.keeps(status: facts.status) { planReport.kept("CarePlan.status") }
    if Self.keeps(intent: facts.intent, usual: "plan") { planReport.kept("CarePlan.intent") }
    record(planReport, for: resource)
    planUUIDs[resource.key] = entity.uuid
    addSource(entity.uuid, resource)
    result.carePlans.append(entity)
    for (i, converted) in tasks.enumerated() {
      let activity = i < facts.activities.count ? facts.activities[i] : ResourceFacts.Activity(reference: nil, outcomes: [])
      let target = activity.reference.flatMap { follow($0, from: resource, expecting: nil) }
      if skipsActivity(activity, at: i, of: resource, order: target) { continue }
      var task = converted.value
      var taskReport = converted.report
      let orderFacts: ResourceFacts.Order? = target.flatMap {
        if case .order(let facts) = pipeline.coders.facts(for: $0) { facts } else { nil }
      }
      if orderFacts == nil {
        // The activity's own status (but `scheduled`, which export writes when there is none);
        // a task made from an order keeps the order's.
        let status = activity.status == "scheduled" ? nil : activity.status
        Self.keep(status: status, in: &task)
        if Self.keeps(status: status) { taskReport.kept("CarePlan.activity.detail.status") }
      }
      record(taskReport, for: resource)
      if resource.id == nil {
        // Activities of a plan without id would all get the same identity.
        if task.id == "careplan-activity-\(i)" { task.id = entity.id + "-activity-\(i)" }
        task.uuid = StableUUID.forResource(type: "CarePlanActivity", id: resource.key + "/\(i)")
      }
      var order: IndexedResource?
      if let target, let orderFacts, let fromOrder = decodeOrder(target, orderFacts) {
        // The order's title, instructions and schedule; the activity's identity and plan.
        task.title = fromOrder.value.title
        task.instructions = fromOrder.value.instructions
        task.schedule = fromOrder.value.schedule
        Self.keep(order: orderFacts, in: &task)
        order = target
      }
      task.carePlanUUID = entity.uuid
      addSource(task.uuid, resource)
      if let order { addSource(task.uuid, order) }
      let position = result.tasks.count
      result.tasks.append(task)
      tasksOfPlan[resource.key, default: []].append(position)
      if let order {
        claimedOrders.insert(order.key)
        if taskOfOrder[order.key] == nil { taskOfOrder[order.key] = position }
      }
      for site in activity.outcomes {
        guard let target = follow(site, from: resource, expecting: Self.outcomeTypes) else { continue }
        if target.type != "Observation" {
          // An event resource (R4 Procedure, MedicationAdministration, …) the activity resulted in.
          if taskOfEvent[target.key] == nil { taskOfEvent[target.key] = position }
        } else if taskOfObservation[target.key] == nil {
          taskOfObservation[target.key] = position
        } else {
          result.report.observationsClaimedTwice += 1
        }
      }
    }
  }

  mutating func addStandaloneOrder(_ resource: IndexedResource, _ facts: ResourceFacts.Order) {
    guard let converted = decodeOrder(resource, facts) else { return }
    var task = converted.value
    identify(&task, resource)
    Self.keep(order: facts, in: &task)
    var planUUID: UUID?
    for site in facts.basedOn {
      guard let target = follow(site, from: resource, expecting: nil) else { continue }
      if target.type == "CarePlan", let uuid = planUUIDs[target.key] {
        planUUID = uuid
        break
      }
    }
    // A plan named by a care extension is kept only when it is in the output.
    task.carePlanUUID =
      planUUID
      ?? task.carePlanUUID.flatMap { uuid in
        (knownPlanUUIDs?.contains(uuid) ?? planUUIDs.values.contains(uuid)) ? uuid : nil
      }
      ?? medicationPlan(of: facts.subject, from: resource, since: task.effectiveDate)
    taskOfOrder[resource.key] = result.tasks.count
    addSource(task.uuid, resource)
    result.tasks.append(task)
  }

  /// Converts an order, handing the coder the Medication its reference resolves to.
  mutating func decodeOrder(_ resource: IndexedResource, _ facts: ResourceFacts.Order) -> Converted<TaskEntity>? {
    let medication = facts.medication.flatMap { follow($0, from: resource, expecting: ["Medication"]) }
    guard let converted = attempt(resource, { try facts.decode(medication) }) else { return nil }
    var report = Self.keeping(order: facts, type: resource.type, in: converted.report)
    if namesPatient(facts.subject, from: resource) {
      report.kept(resource.type + (resource.type == "MedicationOrder" ? ".patient.reference" : ".subject.reference"))
    }
    record(report, for: resource)
    return converted
  }

  // MARK: Helpers

  /// Gives an entity from a resource without id an id and uuid of its own: the coders' default id
  /// (`careplan`) would make all such resources one entity, and their uuid (derived from the
  /// content, ``StableUUID/isAnonymous(_:)``) is not what references resolve to. The id is the
  /// `urn:uuid:` of its entry (else the fullUrl, else the resource key); the uuid, unless a care
  /// extension gave one, that of the fullUrl (as references to it resolve), else one derived from the key.
  func identify<E: CareEntity>(_ entity: inout E, _ resource: IndexedResource) {
    Self.identify(&entity, resource)
  }

  /// ``identify(_:_:)``, for staging (which needs plan uuids before merging).
  static func identify<E: CareEntity>(_ entity: inout E, _ resource: IndexedResource) {
    guard resource.id == nil else { return }
    let url = resource.fullUrl
    entity.id = url.map { $0.hasPrefix("urn:uuid:") ? String($0.dropFirst(9)) : $0 } ?? resource.key
    entity.uuid = identifiedUUID(entity.uuid, type: resource.type, key: resource.key, fullUrl: url)
  }

  /// The uuid ``identify(_:_:)`` gives an entity whose coder gave it `uuid`, made from a resource
  /// without id of `type`, kept under `key` with `fullUrl`.
  static func identifiedUUID(_ uuid: UUID, type: String, key: String, fullUrl: String?) -> UUID {
    guard StableUUID.isAnonymous(uuid) else { return uuid }
    return fullUrl.flatMap { StableUUID.forReference($0) } ?? StableUUID.forResource(type: type, id: key)
  }

  /// Follows `site`; records it as unresolved when it leads nowhere, or to a type not in `types`.
  mutating func follow(_ site: ResourceFacts.Site, from referrer: IndexedResource, expecting types: Set<String>?)
    -> IndexedResource?
  {
    switch resolver.resolve(site, from: referrer) {
    case .found(let target):
      if let types, !types.contains(target.type) {
        unresolved(site, from: referrer, .unexpectedType)
        return nil
      }
      return target
    case .notFound(let form):
      unresolved(site, from: referrer, .notFound, form: form)
      return nil
    case .ambiguous:
      unresolved(site, from: referrer, .ambiguous)
      return nil
    }
  }

  /// The key of the converted Patient `site` points at.
  mutating func patientKey(_ site: ResourceFacts.Site?, from referrer: IndexedResource) -> String? {
    guard let site, let target = follow(site, from: referrer, expecting: ["Patient"]) else { return nil }
    guard patients[target.key] != nil else {
      unresolved(site, from: referrer, .notConverted)
      return nil
    }
    return target.key
  }

  /// The `Patient/id` key of the Patient `site` names by a relative or absolute literal reference
  /// when no resource of this run has that key: the Patient of an earlier (or later) import, as
  /// when a Bulk Data export's Observations are imported after (or before) its Patients. Log and
  /// medication plans are made for it as for a Patient of this run, and its own CarePlans are
  /// linked to it, by the uuid its entity gets (``outsidePatient(_:)``), so that its entities
  /// belong to it and never to a plan shared with other patients. `nil` for any other reference
  /// (contained, `urn:`, logical, another type).
  /// Whether `site` leads to a converted Patient of this run or names one outside it
  /// (``outsidePatientKey(_:from:)``), without reporting it when it does not: the patient the
  /// entity is linked to, whom export names again, so the reference is kept.
  func namesPatient(_ site: ResourceFacts.Site?, from referrer: IndexedResource) -> Bool {
    guard let site else { return false }
    if case .found(let target) = resolver.resolve(site, from: referrer) { return patients[target.key] != nil }
    return outsidePatientKey(site, from: referrer) != nil
  }

  func outsidePatientKey(_ site: ResourceFacts.Site?, from referrer: IndexedResource) -> String? {
    guard let site, !site.reference.isEmpty, case .notFound(let form) = resolver.resolve(site, from: referrer),
      form == .relative || form == .absolute,
      let typeID = ReferenceResolver.Literal(site.reference).typeAndID,
      typeID.hasPrefix(Self.patientPrefix)
    else { return nil }
    return typeID
  }

  /// The entity id and uuid the Patient with `key` (`Patient/id`) gets from the Patient coders
  /// (its id, and ``StableUUID/forResource(type:id:)``), for a Patient outside this run; `nil`
  /// for a key that is not a Patient's.
  static func outsidePatient(_ key: String) -> (id: String, uuid: UUID)? {
    guard key.hasPrefix(patientPrefix), key.count > patientPrefix.count else { return nil }
    let id = String(key.dropFirst(patientPrefix.count))
    return (id, StableUUID.forResource(type: "Patient", id: id))
  }

  private static let patientPrefix = "Patient/"

  mutating func unresolved(
    _ site: ResourceFacts.Site, from referrer: IndexedResource, _ reason: UnresolvedReference.Reason,
    form: UnresolvedReference.Form? = nil
  ) {
    result.report.unresolvedReferences.append(
      UnresolvedReference(
        resourceType: referrer.type, resourceID: referrer.id, path: site.path,
        form: form ?? (site.identifier != nil && site.reference.isEmpty ? .identifier : ReferenceResolver.form(site.reference)),
        reason: reason))
  }

  /// Runs a coder, recording a failure (a ``CoderError``, or one made for any other error).
  mutating func attempt<T>(_ resource: IndexedResource, _ body: () throws -> T) -> T? {
    do {
      return try body()
    } catch let error as CoderError {
      result.report.failures.append(error)
    } catch {
      result.report.failures.append(
        CoderError(.invalidValue, path: resource.type, resourceType: resource.type, resourceID: resource.id,
          message: "the coder failed"))
    }
    return nil
  }

  mutating func record(_ report: ConversionReport, for resource: IndexedResource) {
    if pipeline.options.keepsResourceReports,
      let kept = ResourceConversionReport(report, resourceType: resource.type, resourceID: resource.id)
    {
      result.report.resourceReports.append(kept)
    }
    result.report.conversion[resource.type, default: ConversionReport()].merge(report)
  }

  mutating func finish() {
    result.patients = PipelineResult.sortedByID(result.patients)
    result.carePlans = PipelineResult.sortedByID(result.carePlans)
    result.tasks = PipelineResult.sortedByID(result.tasks)
    result.outcomes = PipelineResult.sortedByID(result.outcomes)
    result.report.entities = [
      "patient": result.patients.count, "carePlan": result.carePlans.count, "task": result.tasks.count,
      "outcome": result.outcomes.count,
    ]
    result.report.unresolvedReferences.sort()
    result.report.failures.sort { $0.description < $1.description }
    // Provenance only for entities in the output (an Observation left out gives none). The uuids
    // are taken from each kind's entities: `records` would copy every entity first.
    var uuids = Set<UUID>(minimumCapacity: result.patients.count + result.carePlans.count + result.tasks.count
      + result.outcomes.count)
    for patient in result.patients { uuids.insert(patient.uuid) }
    for plan in result.carePlans { uuids.insert(plan.uuid) }
    for task in result.tasks { uuids.insert(task.uuid) }
    for outcome in result.outcomes { uuids.insert(outcome.uuid) }
    result.sources = result.sources.filter { uuids.contains($0.key) }
  }
}
