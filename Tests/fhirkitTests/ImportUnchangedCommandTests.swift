import FHIRTestSupport
import Foundation
import Testing

/// `fhirkit import` of inputs unchanged since the store's last import, into a store nothing
/// wrote to since: recognised by the inputs' fingerprint and not run.
@Suite("fhirkit import, unchanged inputs")
struct ImportUnchangedCommandTests {
  static let skipped = "nothing to do (--recheck merges and stores them again)"

  /// A folder holding two of the R4 Synthea bundles, and a store path beside it.
  static func inputs() throws -> (folder: String, store: String) {
    let root = ImportExportCommandTests.folder()
    let folder = root + "/in"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    for path in Fixtures.files(extensions: ["json"], under: "r4/bundles").prefix(2) {
      try Data(Fixtures.bytes(path)).write(to: URL(fileURLWithPath: folder + "/" + (path as NSString).lastPathComponent))
    }
    return (folder, root + "/store.sqlite")
  }

  static func careExport(_ store: String) throws -> String {
    try CommandRunner.run(["export", "--store", store, "--to", "care"]).stdout
  }

  @Test("the same files again are not merged, with the first import's counts as unchanged; --recheck and --report run it all")
  func sameFilesSkipped() throws {
    let (folder, store) = try Self.inputs()
    let first = try CommandRunner.run(["import", folder, "--store", store])
    #expect(first.exitCode == 0, "\(first.stderr)")
    #expect(!first.stderr.contains(Self.skipped) && first.stderr.contains("batches committed"))
    let stored = try Self.careExport(store)
    #expect(stored.split(separator: "\n").count > 100)

    let again = try CommandRunner.run(["import", folder, "--store", store])
    #expect(again.exitCode == 0 && again.stderr.contains(Self.skipped), "\(again.stderr)")
    #expect(!again.stderr.contains("batches committed"))
    #expect(try Self.careExport(store) == stored)
    // Its table says every entity of the first import unchanged.
    let firstRows = ImportStreamCommandTests.table(first.stderr).filter { $0.hasPrefix("patient") || $0.hasPrefix("outcome") }
    let againRows = ImportStreamCommandTests.table(again.stderr).filter { $0.hasPrefix("patient") || $0.hasPrefix("outcome") }
    #expect(firstRows.count == 2 && againRows.count == 2)
    for (a, b) in zip(firstRows, againRows) {
      let added = a.split(separator: " ")[1]
      #expect(b.split(separator: " ").map(String.init) == [String(a.split(separator: " ")[0]), "0", String(added), "0"], "\(b)")
    }

    // --recheck and --report merge and store everything again (writing nothing).
    let rechecked = try CommandRunner.run(["import", folder, "--store", store, "--recheck"])
    #expect(rechecked.exitCode == 0 && !rechecked.stderr.contains(Self.skipped) && rechecked.stderr.contains("batches committed"))
    let report = (folder as NSString).deletingLastPathComponent + "/report.ndjson"
    let reported = try CommandRunner.run(["import", folder, "--store", store, "--report", report])
    #expect(reported.exitCode == 0 && !reported.stderr.contains(Self.skipped))
    #expect(try String(contentsOfFile: report, encoding: .utf8).contains("\"resourceType\""))
    #expect(try Self.careExport(store) == stored)
    // Standard input is read once: it is always imported.
    let bytes = Fixtures.files(extensions: ["json"], under: "r4/bundles").prefix(1).flatMap { Fixtures.bytes($0) }
    for _ in 0..<2 {
      let piped = try CommandRunner.run(["import", "-", "--store", store], stdin: bytes)
      #expect(piped.exitCode == 0 && !piped.stderr.contains(Self.skipped), "\(piped.stderr)")
    }
    // Read as R4 rather than detected: another fingerprint, then that one is not run again.
    #expect(!(try CommandRunner.run(["import", folder, "--store", store, "--from", "r4"]).stderr.contains(Self.skipped)))
    #expect(try CommandRunner.run(["import", folder, "--store", store, "--from", "r4"]).stderr.contains(Self.skipped))
  }

  @Test("a changed file, a file added, or a version written by anything else since, and the import runs")
  func changesRun() throws {
    let (folder, store) = try Self.inputs()
    #expect(try CommandRunner.run(["import", folder, "--store", store]).exitCode == 0)
    let files = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()

    // One Patient's gender changed: read, and one new version stored.
    let path = folder + "/" + files[0]
    var text = try String(contentsOfFile: path, encoding: .utf8)
    let gender = try #require(text.range(of: "\"gender\": \"male\"") ?? text.range(of: "\"gender\": \"female\""))
    text.replaceSubrange(gender, with: text[gender].contains("female") ? "\"gender\": \"female\"" : "\"gender\": \"other\"")
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    let changed = try CommandRunner.run(["import", folder, "--store", store])
    #expect(changed.exitCode == 0 && !changed.stderr.contains(Self.skipped), "\(changed.stderr)")
    let patientRow = ImportStreamCommandTests.table(changed.stderr).first { $0.hasPrefix("patient") }
    #expect(patientRow?.split(separator: " ").last == "1", "\(patientRow ?? "")")
    #expect(try CommandRunner.run(["import", folder, "--store", store]).stderr.contains(Self.skipped))

    // A file added to the folder.
    let third = try #require(Fixtures.files(extensions: ["json"], under: "r4/bundles").dropFirst(2).first)
    try Data(Fixtures.bytes(third)).write(to: URL(fileURLWithPath: folder + "/zz.json"))
    let added = try CommandRunner.run(["import", folder, "--store", store])
    #expect(added.exitCode == 0 && !added.stderr.contains(Self.skipped))
    #expect(try CommandRunner.run(["import", folder, "--store", store]).stderr.contains(Self.skipped))

    // An entity changed in the store by another import: the FHIR inputs are merged again and
    // their version stored again.
    let care = try Self.careExport(store).split(separator: "\n").map(String.init)
    let line = try #require(care.firstIndex { $0.contains("\"patient\"") && $0.contains("\"sex\":\"") })
    var edited = care
    edited[line] = edited[line].replacingOccurrences(of: "\"sex\":\"", with: "\"sex\":\"x")
    let careImport = try CommandRunner.run(
      ["import", "--from", "care", "-", "--store", store], stdin: Array((edited.joined(separator: "\n") + "\n").utf8))
    #expect(careImport.exitCode == 0, "\(careImport.stderr)")
    let after = try CommandRunner.run(["import", folder, "--store", store])
    #expect(after.exitCode == 0 && !after.stderr.contains(Self.skipped), "\(after.stderr)")
    #expect(ImportStreamCommandTests.table(after.stderr).first { $0.hasPrefix("patient") }?.split(separator: " ").last == "1")
  }

  @Test("an import that skipped a bad record leaves no mark: the next one runs, and says so again")
  func badRecordNotSkipped() throws {
    let (folder, store) = try Self.inputs()
    try Data("{\"resourceType\": \"Patient\", \"id\": \"p1\", \"birthDate\": [1]}\n{\"resourceType\": ".utf8)
      .write(to: URL(fileURLWithPath: folder + "/bad.ndjson"))
    for _ in 0..<2 {
      let run = try CommandRunner.run(["import", folder, "--store", store])
      #expect(run.exitCode == 1 && !run.stderr.contains(Self.skipped), "\(run.stderr)")
    }
  }
}
