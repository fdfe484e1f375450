import CareModel
import FHIRCore
import Foundation

/// What differs between the releases for the CarePlan coders: the model types, the title
/// (R4 `title`; DSTU2 has none) and the date the plan falls back on (R4 `created`, DSTU2
/// `modified`). Everything else is shared (``CarePlanMapping``).
protocol CarePlanRelease: SendableMetatype {
  associatedtype Plan: FHIREncodable & Sendable
  associatedtype Activities: ActivityRelease
  /// `"R4"` or `"DSTU2"`.
  static var release: String { get }
  /// An `active` plan (R4: of intent `plan`) with nothing else in it.
  static func empty() -> Plan
  static func id(_ r: Plan) -> String?
  static func setID(_ id: String, in r: inout Plan)
  static func versionID(_ r: Plan) -> String?
  static func extensions(_ r: Plan) -> [Extension]
  static func append(_ extensions: [Extension], to r: inout Plan)
  /// `title` (R4 only) and `description`.
  static func title(_ r: Plan) -> (title: String?, description: String?)
  /// Writes the entity's title (R4 `title`, DSTU2 `description`).
  static func setTitle(_ title: String, in r: inout Plan)
  /// Each category's text, else its first coding display.
  static func categoryTexts(_ r: Plan) -> [String?]
  static func subjectReference(_ r: Plan) -> String?
  static func setSubject(_ reference: String, in r: inout Plan)
  static func periodStart(_ r: Plan) -> Primitive<FHIRDateTime>?
  /// The fallback date and its element name (`created` / `modified`).
  static func fallbackDate(_ r: Plan) -> (value: Primitive<FHIRDateTime>?, element: String)
  static func activities(_ r: Plan) -> [Activities.Activity]
  static func append(_ activity: Activities.Activity, to r: inout Plan)
}
