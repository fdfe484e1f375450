import Foundation

/// CareKitStore's `OCKNote` as its synthesized `Codable` writes it: `author`, `title`,
/// `content`, `createdDate` when set, and the required `timezone` (the owning entity's, since
/// our ``Note`` has none).
struct CareKitNote: Codable, Hashable, Sendable {
  var author: String?
  var title: String?
  var content: String?
  var createdDate: Date?
  var timezone: TimeZone?

  init(_ note: Note, timezone: TimeZone) {
    author = note.author
    title = note.title
    content = note.content
    createdDate = note.createdDate
    self.timezone = timezone
  }

  /// The note; CareKit's other note fields (`uuid`, `tags`, its own `timezone`, …) are dropped.
  var note: Note { Note(author: author, title: title, content: content, createdDate: createdDate) }
}
