import Foundation

extension CareImporter {
  /// Whether the store keeps import marks (the SQLite store does).
  /// - Throws: ``StoreError`` when the store cannot be read.
  public func keepsImportMarks() throws -> Bool {
    try backend.read { $0.keepsImportMarks }
  }

  /// The store's ``ImportMark`` when it still holds: no version has been written since it was
  /// left, so an import whose fingerprint equals the mark's would write nothing.
  /// - Throws: ``StoreError`` when the store cannot be read.
  public func standingImportMark() throws -> ImportMark? {
    try backend.read { reader in
      guard reader.keepsImportMarks, let mark = try reader.importMark(), try reader.changeHorizon() == mark.horizon
      else { return nil }
      return mark
    }
  }

  /// The store's change horizon now: read before an import's first write, it is where
  /// ``leaveImportMark(_:startedAt:summary:)`` checks that import alone wrote since.
  /// - Throws: ``StoreError`` when the store cannot be read.
  public func changeHorizon() throws -> Int64 {
    try backend.read { try $0.changeHorizon() }
  }

  /// Leaves `mark` for an import that ended cleanly, with the store's horizon now, when the
  /// versions written since `start` are exactly the `summary`'s — no other writer wrote in
  /// between; otherwise removes the store's mark, whatever it was.
  ///
  /// Leave a mark only for an import that stored everything it read the way a run of it again
  /// would: no entity failed to be written (``ImportSummary/failures``), and nothing it read was
  /// skipped.
  /// - Returns: Whether the mark was left.
  /// - Throws: ``StoreError`` when the store cannot be written.
  @discardableResult
  public func leaveImportMark(_ mark: ImportMark, startedAt start: Int64, summary: ImportSummary) throws -> Bool {
    try backend.write { writer in
      guard writer.keepsImportMarks else { return false }
      let now = try writer.changeHorizon()
      guard summary.failures.isEmpty, now == start + Int64(summary.versionsWritten) else {
        try writer.setImportMark(nil)
        return false
      }
      var mark = mark
      mark.horizon = now
      try writer.setImportMark(mark)
      return true
    }
  }
}
