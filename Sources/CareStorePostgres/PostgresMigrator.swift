import CareStore
import PostgresNIO

/// Checks a database is a store this FHIRKit can use and applies the migrations it lacks, in one
/// transaction under an advisory lock, so that importers opening a new store at the same time
/// migrate it once.
struct PostgresMigrator {
  let connection: BlockingConnection
  /// The store's name, for errors.
  let store: String
  let readOnly: Bool

  /// An arbitrary constant: the advisory lock that serialises migrations of one database.
  private static let lockKey = 0x4648_4B4D  // "FHKM"

  /// Applies the missing migrations (none when `readOnly`).
  /// - Throws: ``StoreError``: `corrupt` when the database holds a `versions` table but no
  ///   migrations table (another application's), `newerSchema`, `readOnly` (a read-only open
  ///   of a store that needs migrating), `cannotOpen` (a read-only open of a database without a
  ///   store), or what the server reports.
  func prepare() throws {
    do {
      try connection.query("BEGIN", operation: "migrating", table: nil)
      do {
        try migrate()
        try connection.query("COMMIT", operation: "migrating", table: nil)
      } catch {
        _ = try? connection.query("ROLLBACK", operation: "migrating", table: nil)
        throw error
      }
    } catch let error as StoreError {
      throw error
    } catch {
      throw PostgresBackend.storeError(error, store: store, operation: "opening the store")
    }
  }

  private func migrate() throws {
    let tables = Set(
      try connection.query(
        "SELECT tablename FROM pg_tables WHERE schemaname = current_schema()", operation: "listing tables",
        table: nil
      ).map { try $0.decode(String.self) })
    let fresh = !tables.contains("fhirkit_migrations")
    if fresh && !tables.isDisjoint(with: PostgresSchema.tables) {
      throw StoreError(.corrupt, store: store, operation: "opening the store", detail: "tables of another application")
    }
    if readOnly && fresh {
      throw StoreError(.cannotOpen, store: store, operation: "opening the store", detail: "the database holds no store")
    }
    if !readOnly {
      var binds = PostgresBindings()
      binds.append(Self.lockKey)
      try connection.query(
        "SELECT pg_advisory_xact_lock($1)", binds, operation: "locking for migrations", table: nil)
      try connection.query(PostgresSchema.migrationsTable, operation: "creating", table: "fhirkit_migrations")
    }
    let applied = Set(
      try connection.query(
        "SELECT identifier FROM fhirkit_migrations", operation: "reading migrations", table: "fhirkit_migrations"
      ).map { try $0.decode(String.self) })
    let known = PostgresSchema.migrations.map(\.identifier)
    if !applied.isSubset(of: known) {
      throw StoreError(.newerSchema, store: store, operation: "opening the store")
    }
    let missing = PostgresSchema.migrations.filter { !applied.contains($0.identifier) }
    if missing.isEmpty { return }
    if readOnly { throw StoreError(.olderSchema, store: store, operation: "migrating the store schema") }
    for migration in missing {
      for statement in migration.statements {
        try connection.query(statement, operation: "migrating \(migration.identifier)", table: nil)
      }
      var binds = PostgresBindings()
      binds.append(migration.identifier)
      try connection.query(
        "INSERT INTO fhirkit_migrations (identifier) VALUES ($1)", binds, operation: "recording a migration",
        table: "fhirkit_migrations")
    }
  }
}
