import CareModel
import FHIRCore
import Foundation

/// What differs between the releases for the CarePlan coders: the model types, the title
/// (R4 `title`; DSTU2 has none) and the date the plan falls back on (R4 `created`, DSTU2
/// `modified`). What both models have alike is read below, once; the mapping is
/// ``CarePlanMapping``.
protocol CarePlanRelease: ResourceRelease where Resource: CarePlanModel, Activities.Activity == Resource.Activity {
  associatedtype Activities: ActivityRelease
  /// An `active` plan (R4: of intent `plan`) with nothing else in it.
  static func empty() -> Resource
  /// `title` (R4 only) and `description`.
  static func title(_ r: Resource) -> (title: String?, description: String?)
  /// Writes the entity's title (R4 `title`, DSTU2 `description`).
  static func setTitle(_ title: String, in r: inout Resource)
  /// The fallback date and its element name (`created` / `modified`).
  static func fallbackDate(_ r: Resource) -> (value: Primitive<FHIRDateTime>?, element: String)
  /// `intent` (R4 only; DSTU2 has none).
  static func intent(_ r: Resource) -> String?
}

extension CarePlanRelease {
  /// Each category's text, else its first coding display.
  static func categoryTexts(_ r: Resource) -> [String?] { r.category.map(\.textOrDisplay) }
  static func subjectReference(_ r: Resource) -> String? { r.subject?.reference?.string }
  static func setSubject(_ reference: String, in r: inout Resource) {
    r.subject = Resource.Subject(reference: Primitive(FHIRString(uncheckedString: reference)), display: nil)
  }
  static func periodStart(_ r: Resource) -> Primitive<FHIRDateTime>? { r.period?.start }
  static func periodEnd(_ r: Resource) -> Primitive<FHIRDateTime>? { r.period?.end }
  static func status(_ r: Resource) -> String? { r.status?.string }
  static func activities(_ r: Resource) -> [Resource.Activity] { r.activity }
  static func append(_ activity: Resource.Activity, to r: inout Resource) { r.activity.append(activity) }
}
