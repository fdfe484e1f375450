import FHIRTestSupport
import Foundation
import Testing

/// `fhirkit export --from-sources` over a store with a damaged source: the export goes on, the
/// entity is written through the coders and named (version and resource, no content), exit 1.
@Suite("Export past a damaged source")
struct ExportDamagedSourceTests {
  /// SQL that damages the stored source of the first outcome version (by uuid): its 8-byte
  /// header kept, the Zstandard frame after it replaced by zero bytes.
  static let damageOneOutcome = """
    UPDATE provenance SET source = CAST(substr(source, 1, 8) || zeroblob(32) AS BLOB)
    WHERE version_uuid = (SELECT p.version_uuid FROM provenance p JOIN versions v ON v.uuid = p.version_uuid
      WHERE v.kind = 'outcome' AND p.source IS NOT NULL ORDER BY p.version_uuid LIMIT 1);
    """

  @Test("the damaged outcome is written through the coders and named; every other line as from the intact store")
  func damagedOutcomeSource() throws {
    let folder = TemporaryFolders.make("fhirkit-damaged-source")
    let store = folder + "/store.sqlite"
    let imported = try CommandRunner.run(["import", "Fixtures/r4/bundles", "--store", store, "--quiet"])
    #expect(imported.exitCode == 0, "\(imported.stderr)")
    let intact = try CommandRunner.run(["export", "--store", store, "--to", "r4", "--from-sources"])
    #expect(intact.exitCode == 0, "\(intact.stderr)")
    let careBefore = try CommandRunner.run(["export", "--store", store, "--to", "care"])

    #expect(try ImportExportCommandTests.runSQL(Self.damageOneOutcome, on: store) == 0)
    let report = folder + "/report.ndjson"
    let damaged = try CommandRunner.run(["export", "--store", store, "--to", "r4", "--from-sources", "--report", report])
    #expect(damaged.exitCode == 1)
    let messages = damaged.stderr.split(separator: "\n").filter { $0.contains("written through the coders") }
    #expect(messages.count == 1, "\(damaged.stderr)")
    let message = String(messages.first ?? "")
    #expect(message.hasPrefix("fhirkit: outcome "), "\(message)")
    #expect(message.contains("store.sqlite: reading the source Observation/") && message.contains(" of version "))
    #expect(message.contains("does not decompress"))
    #expect(damaged.stderr.contains("exported"))

    // One line differs: the outcome's Observation, now as the coders write it; the rest as before.
    let before = intact.stdout.split(separator: "\n"), after = damaged.stdout.split(separator: "\n")
    #expect(after.count == before.count)
    let gone = Set(before).subtracting(after), new = Set(after).subtracting(before)
    #expect(gone.count == 1 && new.count == 1)
    #expect(new.first?.contains(#""resourceType":"Observation""#) == true)
    let id = message.dropFirst("fhirkit: outcome ".count).prefix { $0 != ":" }
    #expect(!id.isEmpty && new.first?.contains(String(id)) == true)
    let reportText = String(decoding: FileManager.default.contents(atPath: report) ?? Data(), as: UTF8.self)
    #expect(reportText.contains(#""kind":"sourceUnreadable""#) && reportText.contains(#""entity":"outcome""#))

    // Exports that read no source are not touched by the damage.
    let careAfter = try CommandRunner.run(["export", "--store", store, "--to", "care"])
    #expect(careAfter.exitCode == 0 && careAfter.stdout == careBefore.stdout)
  }
}
