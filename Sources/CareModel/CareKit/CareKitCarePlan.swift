import Foundation

/// CareKitStore 3's `OCKCarePlan` as its synthesized `Codable` writes it.
struct CareKitCarePlan: CareKitVersionedObject, Hashable, Sendable {
  var id: String
  var title: String
  var patientUUID: UUID?
  var uuid: UUID?
  var nextVersionUUIDs: [UUID]?
  var previousVersionUUIDs: [UUID]?
  var createdDate: Date?
  var updatedDate: Date?
  var deletedDate: Date?
  var effectiveDate: Date
  var groupIdentifier: String?
  var tags: [String]?
  var remoteID: String?
  var userInfo: [String: String]?
  var source: String?
  var asset: String?
  var notes: [CareKitNote]?
  var schemaVersion: CareKitSemanticVersion?
  var timezone: TimeZone?

  init(_ plan: CarePlanEntity) {
    id = plan.id
    title = plan.title
    patientUUID = plan.patientUUID
    effectiveDate = plan.effectiveDate
    copyCommon(from: plan)
  }

  var entity: CarePlanEntity {
    var plan = CarePlanEntity(id: id, title: title, patientUUID: patientUUID)
    applyCommon(to: &plan, type: "carePlan", id: id)
    return plan
  }
}
