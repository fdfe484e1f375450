import FHIRTestSupport
import Foundation
import Testing

/// Inputs as servers and tools send them, on the built binary: gzip-compressed Bulk Data
/// folders, byte order marks, extensions in any case, files a folder holds that are not
/// inputs, and a piped producer that pauses.
@Suite struct InputsAsSentTests {
  /// A Bulk Data `$export` folder made from the Synthea fixtures (one NDJSON file per
  /// resource type), and a copy of it with every file compressed by `gzip`.
  static func bulkFolders() throws -> (plain: String, compressed: String) {
    let root = TemporaryFolders.make("bulk")
    let plain = root + "/plain"
    let compressed = root + "/compressed"
    for folder in [plain, compressed] { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
    var lines: [String: [[UInt8]]] = [:]
    for path in Fixtures.files(extensions: ["json"], under: "r4/bundles") {
      for (type, json) in try BulkExport.resources(ofBundle: Fixtures.bytes(path)) { lines[type, default: []].append(json) }
    }
    for (type, records) in lines {
      let bytes: [UInt8] = records.flatMap { $0 + [0x0A] }
      try Data(bytes).write(to: URL(fileURLWithPath: "\(plain)/\(type).ndjson"))
      try Data(bytes).write(to: URL(fileURLWithPath: "\(compressed)/\(type).ndjson"))
    }
    try gzip(compressed)
    return (plain, compressed)
  }

  /// Compresses every file of `folder` in place with the system's `gzip`.
  static func gzip(_ folder: String) throws {
    let names = try FileManager.default.contentsOfDirectory(atPath: folder).map { folder + "/" + $0 }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["gzip", "-f"] + names
    try process.run()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
  }

  static func lines(_ text: String) -> [Substring] { text.split(separator: "\n") }

  @Test(arguments: [("r4", 100), ("care", 10)])
  func aCompressedBulkFolderConvertsToTheSameRecords(_ target: String, atLeast: Int) throws {
    let (plain, compressed) = try Self.bulkFolders()
    #expect(try FileManager.default.contentsOfDirectory(atPath: compressed).allSatisfy { $0.hasSuffix(".ndjson.gz") })
    let expected = try CommandRunner.run(["convert", "--to", target, plain])
    let result = try CommandRunner.run(["convert", "--to", target, compressed])
    #expect(result.exitCode == expected.exitCode, "\(result.stderr)")
    #expect(Self.lines(result.stdout).count > atLeast)
    #expect(result.stdout == expected.stdout)
  }

  @Test func aCompressedBulkFolderImportsTheSameEntities() throws {
    let (plain, compressed) = try Self.bulkFolders()
    let folder = TemporaryFolders.make("bulk-import")
    var exports: [String] = []
    for (input, store) in [(plain, folder + "/plain.sqlite"), (compressed, folder + "/compressed.sqlite")] {
      let imported = try CommandRunner.run(["import", input, "--store", store])
      #expect(imported.exitCode == 0, "\(imported.stderr)")
      let export = try CommandRunner.run(["export", "--store", store, "--to", "care"])
      #expect(export.exitCode == 0, "\(export.stderr)")
      exports.append(export.stdout)
    }
    #expect(Self.lines(exports[0]).count > 10)
    #expect(exports[0] == exports[1])
  }

  @Test func compressedStandardInputIsDecompressed() throws {
    let (plain, compressed) = try Self.bulkFolders()
    let expected = try CommandRunner.run(["convert", "--to", "r4", plain + "/Patient.ndjson"])
    let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: compressed + "/Patient.ndjson.gz")))
    let result = try CommandRunner.run(["convert", "--to", "r4", "-"], stdin: bytes)
    #expect(result.exitCode == 0, "\(result.stderr)")
    #expect(result.stdout == expected.stdout)
  }

  @Test func aTruncatedGzipFileIsUnreadableAfterItsWholeRecords() throws {
    let (_, compressed) = try Self.bulkFolders()
    let bytes = try Data(contentsOf: URL(fileURLWithPath: compressed + "/Observation.ndjson.gz"))
    let path = TemporaryFolders.make("bulk-truncated") + "/Observation.ndjson.gz"
    try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: path))
    let result = try CommandRunner.run(["convert", "--to", "r4", path])
    #expect(result.exitCode == 3, "\(result.stderr)")
    #expect(result.stderr.contains("the gzip stream is truncated"), "\(result.stderr)")
    let written = Self.lines(result.stdout).count
    #expect(written > 0)
    // Located where the content read ends: on the line after the whole ones, not at 1:1.
    #expect(result.stderr.contains("Observation.ndjson.gz:\(written + 1):"), "\(result.stderr)")
    let piped = try CommandRunner.run(["convert", "--to", "r4", "-"], stdin: Array(bytes.prefix(bytes.count / 2)))
    #expect(piped.stdout == result.stdout)
    #expect(piped.stderr.contains("<stdin>:\(written + 1):"), "\(piped.stderr)")
  }

  @Test func aTruncatedGzipBundleIsLocatedWhereItsContentEnds() throws {
    let path = try #require(Fixtures.files(extensions: ["json"], under: "r4/bundles").first)
    let folder = TemporaryFolders.make("bundle-truncated")
    try Data(Fixtures.bytes(path)).write(to: URL(fileURLWithPath: folder + "/b.json"))
    try Self.gzip(folder)
    let bytes = try Data(contentsOf: URL(fileURLWithPath: folder + "/b.json.gz"))
    try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: folder + "/b.json.gz"))
    let result = try CommandRunner.run(["convert", "--to", "r4", folder + "/b.json.gz"])
    #expect(result.exitCode == 3, "\(result.stderr)")
    let message = try #require(result.stderr.split(separator: "\n").first { $0.contains("truncated") })
    // `…/b.json.gz:LINE:COLUMN: the gzip stream is truncated after N compressed bytes … (readFailed, byte OFFSET)`
    let after = try #require(message.range(of: "b.json.gz:")).upperBound
    let place = message[after...].split(separator: ":").prefix(2).compactMap { Int($0) }
    #expect(place.count == 2 && place[0] > 1, "\(message)")
    #expect(!message.contains(":1:1:"), "\(message)")
    #expect(Self.lines(result.stdout).count > 0)
  }

  @Test func extensionsInAnyCaseAreReadAndOtherFilesCounted() throws {
    let folder = TemporaryFolders.make("cases")
    let patient = #"{"resourceType":"Patient","id":"a"}"#
    try Data((patient + "\n").utf8).write(to: URL(fileURLWithPath: folder + "/A.NDJSON"))
    try Data(patient.utf8).write(to: URL(fileURLWithPath: folder + "/b.Json"))
    try Data("notes".utf8).write(to: URL(fileURLWithPath: folder + "/README.txt"))
    try FileManager.default.createDirectory(atPath: folder + "/sub", withIntermediateDirectories: true)
    try Data((patient + "\n").utf8).write(to: URL(fileURLWithPath: folder + "/sub/c.NDJSON"))
    try Self.gzip(folder + "/sub")
    #expect(FileManager.default.fileExists(atPath: folder + "/sub/c.NDJSON.gz"))
    let result = try CommandRunner.run(["convert", "--to", "r4", folder])
    #expect(result.exitCode == 0, "\(result.stderr)")
    #expect(Self.lines(result.stdout).count == 3)
    #expect(result.stderr.contains("README.txt: skipped"), "\(result.stderr)")
    #expect(result.stderr.contains("3 resource(s) written; 1 file(s) skipped"), "\(result.stderr)")
    let validate = try CommandRunner.run(["validate", folder])
    #expect(validate.stderr.contains("3 resource(s) checked, 0 with errors; 1 file(s) skipped"), "\(validate.stderr)")
  }

  /// A file named in Latin-1 (`p\xE9.ndjson`, not UTF-8), named on the command line and
  /// found in a folder: the shell passes its bytes as they are.
  @Test func fileNamesThatAreNotUTF8AreRead() throws {
    let folder = TemporaryFolders.make("latin1")
    let script = """
      printf '{"resourceType":"Patient","id":"a"}\\n' > "$(printf 'p\\351.ndjson')"
      "$0" convert --to r4 "$(printf 'p\\351.ndjson')" && "$0" convert --to r4 . && "$0" inspect .
      """
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", script, CommandRunner.executable.path]
    process.currentDirectoryURL = URL(fileURLWithPath: folder)
    let output = Pipe()
    let error = Pipe()
    process.standardOutput = output
    process.standardError = error
    try process.run()
    let stdout = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    let stderr = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "\(stderr)")
    #expect(Self.lines(stdout).filter { $0.hasPrefix("{") }.count == 2, "\(stdout)\n\(stderr)")
    #expect(stdout.contains("p\u{FFFD}.ndjson: 36 bytes, 1 resource(s)"), "\(stdout)")
  }

  @Test(arguments: ["byte-order-mark.ndjson", "byte-order-mark.json"])
  func aByteOrderMarkLosesNoRecord(_ name: String) throws {
    let path = "Fixtures/bad/" + name
    let bytes = Fixtures.bytes("bad/" + name)
    #expect(bytes.starts(with: [0xEF, 0xBB, 0xBF]))
    let records = name.hasSuffix(".ndjson") ? 2 : 1
    let report = TemporaryFolders.make("bom") + "/report.ndjson"
    for (arguments, stdin) in [([path], [UInt8]()), (["-"], bytes)] {
      let result = try CommandRunner.run(["convert", "--to", "r4", "--report", report] + arguments, stdin: stdin)
      #expect(result.exitCode == 0, "\(result.stderr)")
      #expect(Self.lines(result.stdout).count == records, "\(arguments)")
      #expect(result.stderr.contains("information: a UTF-8 byte order mark at the start was skipped"), "\(result.stderr)")
      let reported = try String(contentsOfFile: report, encoding: .utf8)
      #expect(reported.contains(#""code":"byteOrderMark""#) && reported.contains(#""severity":"information""#))
    }
    let inspect = try CommandRunner.run(["inspect", path])
    #expect(inspect.exitCode == 0, "\(inspect.stderr)")
    #expect(inspect.stdout.contains("\(records) resource(s)"), "\(inspect.stdout)")
  }

  /// `(cat p.ndjson; sleep 3) | fhirkit convert --to r4 - | consumer`: the records reach
  /// standard output while the producer still holds the pipe open. (`-o FILE` for a file that
  /// exists writes a temporary file renamed into place at the end, so that an interrupted run
  /// keeps what was there; a new file is written in place, below.)
  @Test(arguments: [["convert", "--to", "r4"], ["convert", "--to", "dstu2"]])
  func aPausingProducerSeesItsRecordsWritten(_ command: [String]) throws {
    let records = Fixtures.bytes("r4/ndjson/sample-bulk-10-patients__Patient.000.ndjson")
    let count = records.split(separator: 0x0A).count
    let process = Process()
    process.executableURL = CommandRunner.executable
    process.arguments = command + ["-"]
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    // Should the records not come out before the end, the command is stopped and the reads end.
    DispatchQueue.global().asyncAfter(deadline: .now() + 10) { if process.isRunning { process.terminate() } }
    input.fileHandleForWriting.write(Data(records))
    // The producer pauses, its pipe still open: everything it sent is written meanwhile.
    var received = Data()
    while received.filter({ $0 == 0x0A }).count < count {
      let chunk = output.fileHandleForReading.availableData
      if chunk.isEmpty { break }
      received += chunk
    }
    #expect(process.isRunning, "the records came out only when the command ended")
    #expect(received.filter { $0 == 0x0A }.count == count)
    try input.fileHandleForWriting.close()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
  }

  /// `(cat p.ndjson; sleep 3) | fhirkit convert --to r4 - -o out.ndjson`, `out.ndjson` new: its
  /// records are in the file while the producer still holds the pipe open.
  @Test func aPausingProducerSeesItsRecordsInANewOutputFile() throws {
    let records = Fixtures.bytes("r4/ndjson/sample-bulk-10-patients__Patient.000.ndjson")
    let count = records.split(separator: 0x0A).count
    let out = TemporaryFolders.make("pausing") + "/out.ndjson"
    let process = Process()
    process.executableURL = CommandRunner.executable
    process.arguments = ["convert", "--to", "r4", "-", "-o", out]
    let input = Pipe()
    process.standardInput = input
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    input.fileHandleForWriting.write(Data(records))
    // The producer pauses, its pipe still open: the records reach the file meanwhile (10 s at most).
    var lines = 0
    for _ in 0..<100 where lines < count {
      Thread.sleep(forTimeInterval: 0.1)
      lines = (FileManager.default.contents(atPath: out) ?? Data()).filter { $0 == 0x0A }.count
    }
    #expect(process.isRunning, "the records came out only when the command ended")
    #expect(lines == count)
    try input.fileHandleForWriting.close()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
  }

  @Test func aPausingProducerSeesItsIssuesValidated() throws {
    let process = Process()
    process.executableURL = CommandRunner.executable
    process.arguments = ["validate", "-"]
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    // Should the issue not come out before the end, the command is stopped and the read below ends.
    DispatchQueue.global().asyncAfter(deadline: .now() + 10) { if process.isRunning { process.terminate() } }
    // One record with an error, and the pipe held open: its issue comes out before the end.
    input.fileHandleForWriting.write(Data(#"{"resourceType":"Patient","id":"a","active":"yes"}"#.utf8 + [0x0A]))
    let line = output.fileHandleForReading.availableData
    #expect(String(decoding: line, as: UTF8.self).contains("active"))
    try input.fileHandleForWriting.close()
    process.waitUntilExit()
    #expect(process.terminationStatus == 1)
    #expect(process.terminationReason == .exit)
  }
}
