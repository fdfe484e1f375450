public import Foundation

/// A note attached to an entity (CareKitStore `OCKNote`).
public struct Note: Codable, Hashable, Sendable {
  /// Who wrote the note.
  public var author: String?
  /// A short title.
  public var title: String?
  /// The note's text.
  public var content: String?
  /// When the note was written.
  public var createdDate: Date?

  /// Creates a note; parts not given are absent.
  /// - Parameters:
  ///   - author: Who wrote the note.
  ///   - title: A short title.
  ///   - content: The note's text.
  ///   - createdDate: When the note was written.
  public init(author: String? = nil, title: String? = nil, content: String? = nil, createdDate: Date? = nil) {
    self.author = author
    self.title = title
    self.content = content
    self.createdDate = createdDate
  }
}
