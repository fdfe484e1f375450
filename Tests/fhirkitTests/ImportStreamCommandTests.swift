import FHIRTestSupport
import Foundation
import Testing

/// `fhirkit import` on its one path: staged on disk, merged patient group by patient group and
/// stored in batches as it goes.
@Suite("fhirkit import, streamed")
struct ImportStreamCommandTests {
  static let inputs = ["Fixtures/r4/bundles", "Fixtures/dstu2/bundles"]

  /// The summary table on stderr (after the per-record messages).
  static func table(_ text: String) -> [Substring] {
    text.split(separator: "\n").filter { !$0.hasPrefix("fhirkit: ") }
  }

  @Test("stores the same for any --jobs, for shuffled input, and what convert --to care writes; importing again finds all unchanged")
  func sameStoreEveryWay() throws {
    let folder = ImportExportCommandTests.folder()
    // The bundles' resources flattened to NDJSON (as a Bulk Data export has them), in entry
    // order and in reverse.
    var lines: [String] = []
    for path in Fixtures.files(extensions: ["json"], under: "r4/bundles") + Fixtures.files(extensions: ["json"], under: "dstu2/bundles") {
      lines += try BulkExport.resources(ofBundle: Fixtures.bytes(path)).map { String(decoding: $0.json, as: UTF8.self) }
    }
    #expect(lines.count > 1000)
    let (flat, shuffled) = (folder + "/flat.ndjson", folder + "/shuffled.ndjson")
    try (lines.joined(separator: "\n") + "\n").write(toFile: flat, atomically: true, encoding: .utf8)
    try (lines.reversed().joined(separator: "\n") + "\n").write(toFile: shuffled, atomically: true, encoding: .utf8)
    let stores = ["default", "one", "two", "flat", "shuffled"].map { folder + "/\($0).sqlite" }
    let runs = try [
      CommandRunner.run(["import"] + Self.inputs + ["--store", stores[0]]),
      CommandRunner.run(["import"] + Self.inputs + ["--store", stores[1], "--jobs", "1"]),
      CommandRunner.run(["import"] + Self.inputs + ["--store", stores[2], "--jobs", "2", "--batch-size", "77"]),
      CommandRunner.run(["import", flat, "--store", stores[3]]),
      CommandRunner.run(["import", shuffled, "--store", stores[4], "--batch-size", "500"]),
    ]
    for run in runs { #expect(run.exitCode == runs[0].exitCode, "\(run.stderr)") }
    #expect(Self.table(runs[0].stderr).contains { $0.hasPrefix("outcome") })
    let counts = runs.map { Self.table($0.stderr).filter { !$0.hasPrefix("batches") } }
    #expect(counts[1] == counts[0] && counts[2] == counts[0] && counts[4] == counts[3])
    let exports = try stores.map { try CommandRunner.run(["export", "--store", $0, "--to", "care"]).stdout }
    #expect(exports[0].split(separator: "\n").count > 1000)
    #expect(exports[1] == exports[0] && exports[2] == exports[0])
    #expect(exports[3].split(separator: "\n").count > 1000)
    #expect(exports[4] == exports[3])
    // import + export --to care gives what convert --to care writes (in the store's order).
    let converted = try CommandRunner.run(["convert"] + Self.inputs + ["--to", "care", "--quiet"])
    #expect(converted.stdout.split(separator: "\n").sorted() == exports[0].split(separator: "\n").sorted())

    let again = try CommandRunner.run(["import"] + Self.inputs + ["--store", stores[0]])
    for row in Self.table(again.stderr) where ["patient", "carePlan", "task", "outcome"].contains(where: { row.hasPrefix($0) }) {
      let columns = row.split(separator: " ")
      #expect(columns.count == 4 && columns[1] == "0" && columns[3] == "0", "\(row)")
    }
  }

  @Test("on a terminal, the progress line changes while reading and while merging (import, convert --to care); none when piped")
  func progressOnATerminal() throws {
    let folder = ImportExportCommandTests.folder()
    let log = folder + "/tty.log"
    // Two copies of the R4 bundles' resources, each with its own ids.
    let input = folder + "/copies.ndjson"
    var lines: [String] = []
    for copy in 0..<2 {
      for path in Fixtures.files(extensions: ["json"], under: "r4/bundles") {
        lines += try BulkExport.resources(ofBundle: Fixtures.bytes(path), copy: copy).map { String(decoding: $0.json, as: UTF8.self) }
      }
    }
    try (lines.joined(separator: "\n") + "\n").write(toFile: input, atomically: true, encoding: .utf8)
    // Redrawn at every update, so that the test depends on no machine's speed.
    let everyUpdate = ["FHIRKIT_PROGRESS_INTERVAL": "0"]

    let drawn = try Self.onATerminal(
      [CommandRunner.executable.path, "import", input, "--store", folder + "/tty.sqlite", "--batch-size", "100"],
      log: log, environment: everyUpdate)
    let reading = Set(drawn.filter { $0.contains(" read, ") && $0.contains("resources (") })
    let storing = Set(drawn.filter { $0.hasPrefix("merging and storing: ") && $0.contains(" entities stored (") })
    #expect(reading.count >= 2, "reading: \(reading)")
    #expect(storing.count >= 2, "merging and storing: \(storing)")
    #expect(try String(contentsOfFile: log, encoding: .utf8).contains("batches committed"))

    let converted = try Self.onATerminal(
      [CommandRunner.executable.path, "convert", input, "--to", "care", "--jobs", "1", "-o", folder + "/care.ndjson"],
      log: log, environment: everyUpdate)
    let merging = Set(converted.filter { $0.hasPrefix("merging: ") && $0.contains(" entities written (") })
    #expect(merging.count >= 2, "merging: \(merging)")

    // At the default interval (a quarter second), input that arrives in three parts 0.6 s apart
    // is drawn at least after each pause.
    let half = lines.count / 2
    let slowly = "{ sed -n 1,100p \"\(input)\"; sleep 0.6; sed -n 101,\(half)p \"\(input)\"; sleep 0.6; sed -n \(half + 1),\\$p \"\(input)\"; }"
      + " | \"\(CommandRunner.executable.path)\" import - --store \"\(folder)/slow.sqlite\""
    let paced = try Self.onATerminal(["sh", "-c", slowly], log: log)
    let pacedReading = Set(paced.filter { $0.contains(" read, ") && $0.contains("resources (") })
    #expect(pacedReading.count >= 2, "reading at the default interval: \(pacedReading)")
    #expect(try String(contentsOfFile: log, encoding: .utf8).contains("batches committed"))

    let piped = try CommandRunner.run(["import", input, "--store", folder + "/piped.sqlite", "--batch-size", "100"])
    #expect(!piped.stderr.contains("\u{1B}[K") && !piped.stderr.contains("merging and storing"))
  }

  /// Runs `arguments` under a pseudo-terminal (`script`) with `environment` added to this
  /// process's, keeping what it printed in `log`, and returns the progress lines it drew.
  static func onATerminal(_ arguments: [String], log: String, environment: [String: String] = [:]) throws -> [String] {
    let script = Process()
    script.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    script.executableURL = URL(fileURLWithPath: "/usr/bin/script")
    script.arguments = ["-q", "-e", "-c", arguments.map { "'\($0)'" }.joined(separator: " "), log]
    script.currentDirectoryURL = URL(fileURLWithPath: Fixtures.root).deletingLastPathComponent()
    script.standardInput = FileHandle.nullDevice
    script.standardOutput = FileHandle.nullDevice
    try script.run()
    script.waitUntilExit()
    #expect(script.terminationStatus == 0 || script.terminationStatus == 1, "\(arguments)")
    let text = try String(contentsOfFile: log, encoding: .utf8)
    return text.components(separatedBy: "\r\u{1B}[K").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
  }
}
