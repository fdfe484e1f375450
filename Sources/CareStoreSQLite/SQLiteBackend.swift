public import CareStore
public import Foundation
import GRDB

/// The embedded store: one SQLite file through GRDB, in WAL mode with foreign keys on, created
/// readable and writable by its owner only (mode 0600). Writers wait for each other (busy
/// timeout) and a write transaction that still finds the store locked is retried.
public final class SQLiteBackend: CareStoreBackend {
  /// How the store is opened.
  public struct Options: Sendable {
    /// Open without writing anything (no migration; writes fail with ``StoreError/Kind/readOnly``).
    public var readOnly = false
    /// How long a writer waits for another one, in seconds.
    public var busyTimeout: TimeInterval = 30
    /// How many times a write transaction is retried when the store stays locked.
    public var busyRetries = 20
    /// A size limit in database pages (SQLite `max_page_count`; pages of ``pageSize`` bytes in a
    /// store this version created, of 4 KiB in one created before); writing past it fails with
    /// ``StoreError/Kind/diskFull``, as a full disk does.
    public var maxPageCount: Int?

    public init() {}
  }

  /// The page size of a store this version creates: 16 KiB, not SQLite's 4 KiB. An import's
  /// commits rewrite most pages of the indexes on random uuids; larger pages make fewer WAL
  /// frames and B-tree levels for the same bytes (`import` 1.05× with `--jobs 1`, 1.10× with
  /// `--jobs 2`: docs/benchmarks/job-2026-11-29.md, "Pages of 16 KiB"). A store created with other pages keeps
  /// them.
  public static let pageSize = 16384

  /// The store file's path.
  public let path: String
  private let queue: DatabaseQueue

  /// Opens the store at `path`, creating it (mode 0600) and its schema when missing.
  /// - Parameters:
  ///   - path: The store file.
  ///   - options: How to open it.
  /// - Throws: ``StoreError``: `corrupt` for a file that is not a store, `newerSchema` for a store
  ///   written by a newer FHIRKit, `readOnly`, `cannotOpen`, `busy`.
  public init(path: String, options: Options = Options()) throws {
    self.path = path
    if !options.readOnly && !FileManager.default.fileExists(atPath: path) {
      let fd = open(path, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o600)
      guard fd >= 0 || errno == EEXIST else {
        let code = errno
        throw StoreError(
          code == EROFS || code == EACCES ? .readOnly : .cannotOpen, store: path, operation: "creating the store",
          detail: String(cString: strerror(code)))
      }
      if fd >= 0 { close(fd) }
    }
    var configuration = Configuration()
    configuration.readonly = options.readOnly
    configuration.journalMode = options.readOnly ? .default : .wal
    configuration.foreignKeysEnabled = true
    configuration.busyMode = .timeout(options.busyTimeout)
    configuration.label = "CareStore"
    let pages = options.maxPageCount
    let readOnly = options.readOnly
    configuration.prepareDatabase { db in
      // Takes effect only in a new, empty file (before WAL mode is set, which GRDB does next).
      if !readOnly { try db.execute(sql: "PRAGMA page_size = \(Self.pageSize)") }
      if let pages { try db.execute(sql: "PRAGMA max_page_count = \(pages)") }
      // WAL with NORMAL sync: a killed process loses nothing committed; a power cut may lose
      // the last commits, never consistency.
      if !readOnly { try db.execute(sql: "PRAGMA synchronous = NORMAL") }
      // A 32 MiB page cache (SQLite's default is 2 MiB): an import looks up heads, slots and
      // provenance by random uuids and ids, batch after batch (docs/benchmarks/job-2026-11-27.md,
      // "One path for every size").
      try db.execute(sql: "PRAGMA cache_size = -32768")
      // The checkpointer copies the WAL into the database after each commit, beside the
      // writer, and has the writer start the log again past 32 MiB (``WALCheckpointer``).
      // SQLite's own checkpoint, inside the commit that fills the log, is a further backstop,
      // at 64 MiB rather than SQLite's 4 MiB: index pages an import's batches keep changing are
      // copied once per checkpoint, so frequent checkpoints in the writer's way write them
      // again and again (docs/benchmarks/job-2026-11-27.md, "Lighter care JSON, staged tokens,
      // fewer checkpoints"; issue 20). The pragma counts pages, of the store's own size.
      if !readOnly {
        // The log file cut back to the length at which the writer starts the log again: its
        // size then tells the checkpointer when the log runs long.
        try db.execute(sql: "PRAGMA journal_size_limit = \(Self.longLog)")
        let pageSize = try Int.fetchOne(db, sql: "PRAGMA page_size") ?? 4096
        try db.execute(sql: "PRAGMA wal_autocheckpoint = \((64 << 20) / max(pageSize, 512))")
      }
    }
    self.busyRetries = options.busyRetries
    do {
      queue = try DatabaseQueue(path: path, configuration: configuration)
    } catch {
      throw Self.storeError(error, path: path, operation: "opening the store")
    }
    do {
      checkpointer =
        options.readOnly
        ? nil : try WALCheckpointer(path: path, longLog: Self.longLog, busyTimeout: options.busyTimeout)
    } catch {
      throw Self.storeError(error, path: path, operation: "opening the store")
    }
    try prepareSchema(readOnly: options.readOnly)
  }

  /// The log length, in bytes, past which the writer starts the WAL again (``WALCheckpointer``).
  static let longLog = 32 << 20

  /// Checkpoints the WAL after each write, beside the writer; none in a store opened read-only.
  private let checkpointer: WALCheckpointer?

  private let busyRetries: Int

  /// Checks the file is a store this version can use, then applies missing migrations.
  private func prepareSchema(readOnly: Bool) throws {
    let migrator = SQLiteSchema.migrator
    do {
      let state = try queue.read { db -> (superseded: Bool, foreign: Bool, complete: Bool) in
        let tables = try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'")
        let foreign = !tables.isEmpty && !tables.contains("grdb_migrations")
        if foreign { return (false, true, false) }
        return (try migrator.hasBeenSuperseded(db), false, try migrator.hasCompletedMigrations(db))
      }
      if state.foreign {
        throw StoreError(.corrupt, store: path, operation: "opening the store", detail: "tables of another application")
      }
      if state.superseded {
        throw StoreError(.newerSchema, store: path, operation: "opening the store")
      }
      if !state.complete {
        if readOnly { throw StoreError(.olderSchema, store: path, operation: "migrating the store schema") }
        try withBusyRetry { try migrator.migrate(queue) }
      }
    } catch let error as StoreError {
      throw error
    } catch {
      throw Self.storeError(error, path: path, operation: "opening the store")
    }
  }

  public func read<T>(_ body: (any StoreReader) throws -> T) throws -> T {
    do {
      return try withBusyRetry { try queue.read { db in try body(SQLiteAccess(db: db, store: path)) } }
    } catch let error as DatabaseError {
      throw Self.storeError(error, path: path, operation: "reading")
    }
  }

  public func write<T>(_ body: (any StoreWriter) throws -> T) throws -> T {
    defer { checkpointer?.checkpointSoon() }
    do {
      return try withBusyRetry {
        try queue.writeWithoutTransaction { db in
          checkpointer?.restartLongLog(db)
          var value: T?
          try db.inTransaction(.immediate) {
            value = try body(SQLiteAccess(db: db, store: path))
            return .commit
          }
          return value!
        }
      }
    } catch let error as DatabaseError {
      throw Self.storeError(error, path: path, operation: "writing")
    }
  }

  /// Runs `body` again (after a pause) while it fails because another process holds the store.
  private func withBusyRetry<T>(_ body: () throws -> T) throws -> T {
    var attempt = 0
    while true {
      do {
        return try body()
      } catch let error as DatabaseError
        where (error.resultCode == .SQLITE_BUSY || error.resultCode == .SQLITE_LOCKED) && attempt < busyRetries
      {
        attempt += 1
        usleep(useconds_t(min(attempt, 10)) * 50_000)
      }
    }
  }

  /// Runs `PRAGMA integrity_check` and returns its lines (`["ok"]` for a sound file).
  /// - Throws: ``StoreError`` when the file cannot be read.
  public func integrityCheck() throws -> [String] {
    do {
      return try queue.read { db in try String.fetchAll(db, sql: "PRAGMA integrity_check") }
    } catch {
      throw Self.storeError(error, path: path, operation: "checking integrity")
    }
  }

  /// Every row of every table, as text lines sorted within each table: two stores with the same
  /// lines hold the same content.
  /// - Throws: ``StoreError`` when the file cannot be read.
  public func contentDump() throws -> [String] {
    do {
      return try queue.read { db in
        var lines: [String] = []
        for table in SQLiteSchema.tables {
          let rows = try Row.fetchAll(db, sql: "SELECT * FROM \(table)")
          lines += rows.map { row in
            table + ": "
              + row.columnNames.map { name -> String in
                let value = row[name] as DatabaseValue
                switch value.storage {
                case .blob(let data):
                  return name + "=" + (String(data: data, encoding: .utf8) ?? data.base64EncodedString())
                default: return name + "=" + value.description
                }
              }.joined(separator: " ")
          }.sorted()
        }
        return lines
      }
    } catch {
      throw Self.storeError(error, path: path, operation: "reading")
    }
  }

  /// The typed error for a database error.
  static func storeError(_ error: any Error, path: String, operation: String) -> StoreError {
    if let error = error as? StoreError { return error }
    guard let error = error as? DatabaseError else {
      return StoreError(.database, store: path, operation: operation, detail: String(describing: type(of: error)))
    }
    let kind: StoreError.Kind
    switch error.resultCode {
    case .SQLITE_FULL: kind = .diskFull
    case .SQLITE_READONLY: kind = .readOnly
    case .SQLITE_CORRUPT, .SQLITE_NOTADB: kind = .corrupt
    case .SQLITE_BUSY, .SQLITE_LOCKED: kind = .busy
    case .SQLITE_CANTOPEN, .SQLITE_PERM: kind = .cannotOpen
    case .SQLITE_CONSTRAINT: kind = .constraint
    default: kind = .database
    }
    // SQLite's own message names tables and columns, never values.
    return StoreError(
      kind, store: path, operation: operation,
      detail: error.message ?? "SQLite code \(error.extendedResultCode.rawValue)")
  }
}
