import FHIRTestSupport
import Foundation
import Testing

@Suite("fhirkit import and export")
struct ImportExportCommandTests {
  static func folder() -> String {
    TemporaryFolders.make("fhirkit-import")
  }

  /// Runs `script` (SQL statements) on the SQLite file `store` with Python's `sqlite3`, as an
  /// older FHIRKit's store is made from a new one; returns the exit status.
  static func runSQL(_ script: String, on store: String) throws -> Int32 {
    let python = Process()
    python.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    python.arguments = [
      "python3", "-c", "import sqlite3, sys; c = sqlite3.connect(sys.argv[1]); c.executescript(sys.argv[2]); c.commit()",
      store, script,
    ]
    try python.run()
    python.waitUntilExit()
    return python.terminationStatus
  }

  @Test("import prints counts per kind; a second import finds everything unchanged")
  func importTwice() throws {
    let store = Self.folder() + "/store.sqlite"
    let first = try CommandRunner.run(["import", "Fixtures/r4/bundles", "--store", store])
    #expect(first.exitCode == 0)
    let patientLine = first.stderr.split(separator: "\n").first { $0.hasPrefix("patient") }.map(String.init)
    #expect(patientLine?.split(separator: " ").map(String.init) == ["patient", "4", "0", "0"])
    #expect(first.stderr.contains("outcome") && first.stdout.isEmpty)
    let second = try CommandRunner.run(["import", "Fixtures/r4/bundles", "--store", store])
    #expect(second.exitCode == 0)
    let again = second.stderr.split(separator: "\n").first { $0.hasPrefix("patient") }.map(String.init)
    #expect(again?.split(separator: " ").map(String.init) == ["patient", "0", "4", "0"])
    let attributes = try FileManager.default.attributesOfItem(atPath: store)
    #expect((attributes[.posixPermissions] as? Int) == 0o600)

    let export = try CommandRunner.run(["export", "--store", store, "--to", "r4"])
    #expect(export.exitCode == 0)
    let lines = export.stdout.split(separator: "\n")
    #expect(lines.count > 200)
    #expect(lines.allSatisfy { $0.hasPrefix(#"{"resourceType":"#) })
    let bundle = try CommandRunner.run(["export", "--store", store, "--to", "dstu2", "--format", "bundle"])
    #expect(bundle.exitCode == 0)
    #expect(bundle.stdout.hasPrefix("{\n  \"resourceType\": \"Bundle\",\n  \"type\": \"collection\""), "\(bundle.stdout.prefix(80))")
  }

  @Test("import --strict of input without errors stores what import stores (its partitions are merged twice: to check, then to store)")
  func strictImportStoresTheSame() throws {
    let folder = Self.folder()
    var exports: [[Substring]] = []
    for extra in [[], ["--strict"]] {
      let store = folder + "/store\(extra.count).sqlite"
      let run = try CommandRunner.run(["import", "Fixtures/r4/bundles", "--store", store, "--jobs", "2"] + extra)
      #expect(run.exitCode == 0, "\(run.stderr)")
      let export = try CommandRunner.run(["export", "--store", store, "--to", "care"])
      #expect(export.exitCode == 0)
      exports.append(export.stdout.split(separator: "\n").sorted())
    }
    #expect(exports[0].count > 300)
    #expect(exports[0] == exports[1])
  }

  @Test("care records with a contact: import stores it, export --to care gives it back, export --to r4 says it is not written")
  func contacts() throws {
    let folder = Self.folder()
    let store = folder + "/store.sqlite"
    let input = folder + "/care.ndjson"
    let patient = "8A1F2C3D-0000-4000-8000-000000000001", plan = "8A1F2C3D-0000-4000-8000-000000000002"
    let contact = "8A1F2C3D-0000-4000-8000-000000000003"
    try Data(
      """
      {"kind":"patient","id":"p","uuid":"\(patient)","name":{"givenName":"A"},"effectiveDate":"2020-01-01T00:00:00.000Z","previousVersionUUIDs":[],"timezone":{"identifier":"GMT"}}
      {"kind":"carePlan","id":"plan","uuid":"\(plan)","title":"Plan","patientUUID":"\(patient)","effectiveDate":"2020-01-01T00:00:00.000Z","previousVersionUUIDs":[],"timezone":{"identifier":"GMT"}}
      {"kind":"contact","id":"nurse","uuid":"\(contact)","name":{"familyName":"Nurse"},"role":"Nurse","carePlanUUID":"\(plan)","effectiveDate":"2020-01-01T00:00:00.000Z","previousVersionUUIDs":[],"timezone":{"identifier":"GMT"}}

      """.utf8
    ).write(to: URL(fileURLWithPath: input))
    let imported = try CommandRunner.run(["import", "--from", "care", input, "--store", store])
    #expect(imported.exitCode == 0, "\(imported.stderr)")
    let line = imported.stderr.split(separator: "\n").first { $0.hasPrefix("contact") }.map(String.init)
    #expect(line?.split(separator: " ").map(String.init) == ["contact", "1", "0", "0"], "\(imported.stderr)")

    let care = try CommandRunner.run(["export", "--store", store, "--to", "care"])
    #expect(care.exitCode == 0)
    let back = care.stdout.split(separator: "\n").filter { $0.contains(#""kind":"contact""#) }
    #expect(back.count == 1 && back[0].contains(contact) && back[0].contains(#""role":"Nurse""#), "\(care.stdout)")
    let fhir = try CommandRunner.run(["export", "--store", store, "--to", "r4", "--patient", "p"])
    #expect(fhir.exitCode == 1 && fhir.stderr.contains("contact nurse: not written (contacts have no FHIR coder"), "\(fhir.stderr)")
    #expect(fhir.stdout.contains(#""resourceType":"Patient""#))
  }

  @Test("export of a store an earlier FHIRKit wrote (no contact table yet): upgraded, said on stderr, exported")
  func exportUpgradesAnOlderStore() throws {
    let folder = Self.folder()
    let store = folder + "/store.sqlite"
    #expect(try CommandRunner.run(["import", "Fixtures/r4/bundles", "--store", store, "--quiet"]).exitCode == 0)
    // What the store was before the v5-contacts migration.
    #expect(
      try Self.runSQL(
        "DROP TABLE contact; DELETE FROM grdb_migrations WHERE identifier = 'v5-contacts';", on: store) == 0)
    let export = try CommandRunner.run(["export", "--store", store, "--to", "care"])
    #expect(export.exitCode == 0, "\(export.stderr)")
    #expect(export.stderr.contains("store schema upgraded to this FHIRKit's"))
    #expect(export.stdout.split(separator: "\n").count > 100)
    let again = try CommandRunner.run(["export", "--store", store, "--to", "care"])
    #expect(again.exitCode == 0 && !again.stderr.contains("upgraded") && again.stdout == export.stdout)
  }

  @Test("a store with provenance in the order before v6: export migrates it with the same content; importing again changes nothing")
  func provenanceLayoutUpgrades() throws {
    let folder = Self.folder()
    let store = folder + "/store.sqlite"
    #expect(try CommandRunner.run(["import", "Fixtures/r4/bundles", "--store", store, "--quiet"]).exitCode == 0)
    let before = try CommandRunner.run(["export", "--store", store, "--to", "care"])
    #expect(before.exitCode == 0 && before.stdout.split(separator: "\n").count > 100)
    // Provenance keyed by (version_uuid, ordinal) again, as stores before v6 keep it.
    #expect(
      try Self.runSQL(
        "CREATE TABLE p (version_uuid TEXT NOT NULL REFERENCES versions(uuid), ordinal INTEGER NOT NULL, "
          + "resource_type TEXT NOT NULL, resource_id TEXT, full_url TEXT, version_id TEXT, release TEXT NOT NULL, "
          + "source BLOB, PRIMARY KEY (version_uuid, ordinal)) WITHOUT ROWID; INSERT INTO p SELECT * FROM provenance; "
          + "DROP TABLE provenance; ALTER TABLE p RENAME TO provenance; "
          + "CREATE INDEX provenance_by_resource ON provenance(resource_type, resource_id); "
          + "DELETE FROM grdb_migrations WHERE identifier = 'v6-provenance-in-write-order';", on: store) == 0)
    let upgraded = try CommandRunner.run(["export", "--store", store, "--to", "care"])
    #expect(upgraded.exitCode == 0 && upgraded.stdout == before.stdout)
    #expect(upgraded.stderr.contains("store schema upgraded to this FHIRKit's"), "\(upgraded.stderr)")
    let again = try CommandRunner.run(["import", "Fixtures/r4/bundles", "--store", store, "--quiet"])
    #expect(again.exitCode == 0, "\(again.stderr)")
    let after = try CommandRunner.run(["export", "--store", store, "--to", "care"])
    #expect(after.exitCode == 0 && after.stdout == before.stdout)
    let sources = try CommandRunner.run(["export", "--store", store, "--to", "r4", "--from-sources"])
    #expect(sources.exitCode == 0 && sources.stdout.contains(#""resourceType":"Patient""#))
  }

  @Test("exit codes: missing input 3, a file that is not a store 3 (left as it was), usage 2")
  func exitCodes() throws {
    let folder = Self.folder()
    #expect(try CommandRunner.run(["import", folder + "/missing.json", "--store", folder + "/s.sqlite"]).exitCode == 3)
    let garbage = folder + "/garbage.sqlite"
    let bytes = Data(repeating: 0x42, count: 8192)
    #expect(FileManager.default.createFile(atPath: garbage, contents: bytes))
    let result = try CommandRunner.run(["import", "Fixtures/r4/bundles", "--store", garbage])
    #expect(result.exitCode == 3)
    #expect(result.stderr.contains("not a FHIRKit store"))
    #expect(FileManager.default.contents(atPath: garbage) == bytes)
    #expect(try CommandRunner.run(["export", "--store", folder + "/none.sqlite", "--to", "r4"]).exitCode == 3)
    #expect(try CommandRunner.run(["export", "--store", garbage, "--to", "care", "--format", "bundle"]).exitCode == 2)
    #expect(try CommandRunner.run(["import", "--batch-size", "0", "Fixtures/r4/bundles"]).exitCode == 2)
  }
}
