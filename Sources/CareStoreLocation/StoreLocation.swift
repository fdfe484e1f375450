public import CareStore
import CareStorePostgres
import CareStoreSQLite

/// Where a store is, as users name it: a plain path means an SQLite file, a `postgresql://` or
/// `postgres://` URL a PostgreSQL database (see `PostgresLocation` for the URL's parts and where
/// the password comes from). The one place that turns such a name into a backend, so that every
/// command and program that names a store accepts both.
public struct StoreLocation: Sendable, CustomStringConvertible {
  /// Which backend a location names.
  public enum Kind: Sendable, Hashable {
    /// An SQLite file at a path.
    case sqlite
    /// A PostgreSQL database.
    case postgres
  }

  /// The location as given.
  private let text: String

  /// A location.
  /// - Parameter text: A path, or a `postgresql://` / `postgres://` URL.
  public init(_ text: String) {
    self.text = text
  }

  /// Which backend it names.
  public var kind: Kind { PostgresLocation.isURL(text) ? .postgres : .sqlite }

  /// The path of an SQLite store, `nil` for a server.
  public var path: String? { kind == .sqlite ? text : nil }

  /// The location as errors and messages show it: the path, or the URL without its password.
  public var description: String {
    guard kind == .postgres else { return text }
    return (try? PostgresLocation(url: text, environment: [:]).description) ?? "postgresql URL"
  }

  /// Opens the store, creating it (an SQLite file, or the schema in a database) when missing,
  /// unless `readOnly`.
  /// - Parameter readOnly: Open without writing anything: no file or schema is created, writes fail.
  /// - Returns: The backend.
  /// - Throws: ``CareStore/StoreError``, as `SQLiteBackend(path:options:)` and
  ///   `PostgresBackend(url:options:)` do.
  public func open(readOnly: Bool = false) throws -> any CareStoreBackend {
    switch kind {
    case .sqlite:
      var options = SQLiteBackend.Options()
      options.readOnly = readOnly
      return try SQLiteBackend(path: text, options: options)
    case .postgres:
      var options = PostgresBackend.Options()
      options.readOnly = readOnly
      return try PostgresBackend(url: text, options: options)
    }
  }
}

extension CareStore {
  /// Opens the store at `location`: a path (SQLite) or a `postgresql://` URL.
  /// - Parameters:
  ///   - location: Where the store is (see ``StoreLocation``).
  ///   - readOnly: Open without writing anything.
  /// - Throws: ``CareStore/StoreError`` when it cannot be opened.
  public init(location: String, readOnly: Bool = false) throws {
    self.init(backend: try StoreLocation(location).open(readOnly: readOnly))
  }
}
