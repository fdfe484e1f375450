import Foundation

/// CareKitStore 3's `OCKContact` as its synthesized `Codable` writes it. CareKit's `address`
/// and `otherContactInfo`, which our contact has no property for, are not read.
struct CareKitContact: CareKitVersionedObject, Hashable, Sendable {
  var id: String
  var name: NameComponents
  var carePlanUUID: UUID?
  var title: String?
  var role: String?
  var organization: String?
  var category: String?
  var emailAddresses: [LabeledValue]?
  var phoneNumbers: [LabeledValue]?
  var messagingNumbers: [LabeledValue]?
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

  /// `OCKContactCategory`'s cases; another category travels in `userInfo`.
  static let categories: Set<String> = ["careTeam", "friend", "family"]

  init(_ contact: ContactEntity) {
    id = contact.id
    name = contact.name
    carePlanUUID = contact.carePlanUUID
    title = contact.title
    role = contact.role
    organization = contact.organization
    emailAddresses = contact.emailAddresses
    phoneNumbers = contact.phoneNumbers
    messagingNumbers = contact.messagingNumbers
    effectiveDate = contact.effectiveDate
    var extra: [String: String] = [:]
    if let category = contact.category {
      if Self.categories.contains(category) {
        self.category = category
      } else {
        extra[CareKitJSON.UserInfoKey.contactCategory] = category
      }
    }
    copyCommon(from: contact, extra: extra)
  }

  var entity: ContactEntity {
    var contact = ContactEntity(id: id, name: name, carePlanUUID: carePlanUUID)
    contact.title = title
    contact.role = role
    contact.organization = organization
    contact.emailAddresses = emailAddresses
    contact.phoneNumbers = phoneNumbers
    contact.messagingNumbers = messagingNumbers
    contact.category = category ?? fullUserInfo?[CareKitJSON.UserInfoKey.contactCategory]
    applyCommon(to: &contact, type: "contact", id: id, consumed: [CareKitJSON.UserInfoKey.contactCategory])
    return contact
  }
}
