import CareStore
import Foundation
import GRDB

/// The import mark: one row of JSON (`v7-import-mark`).
extension SQLiteAccess {
  var keepsImportMarks: Bool { true }

  func importMark() throws -> ImportMark? {
    guard let data = try Data.fetchOne(db, sql: "SELECT mark FROM import_mark WHERE id = 1") else { return nil }
    // A mark this version cannot read is no mark: the import then runs in full.
    return try? JSONDecoder().decode(ImportMark.self, from: data)
  }

  func setImportMark(_ mark: ImportMark?) throws {
    guard let mark else {
      try db.execute(sql: "DELETE FROM import_mark")
      return
    }
    let data = try JSONEncoder().encode(mark)
    try db.execute(sql: "INSERT OR REPLACE INTO import_mark (id, mark) VALUES (1, ?)", arguments: [data])
  }
}
