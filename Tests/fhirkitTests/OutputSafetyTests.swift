import FHIRTestSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `-o` and `--report` on the built binary: regular files replaced only on success, special
/// files written in place, symbolic links followed, inputs never overwritten, interruptions
/// that keep what was there.
@Suite struct OutputSafetyTests {
  static let input = ConvertInputsTests.synthea

  static func kind(_ path: String) -> mode_t? {
    var info = stat()
    return lstat(path, &info) == 0 ? info.st_mode & S_IFMT : nil
  }

  /// Whether this process ignores SIGHUP (tests run under `nohup`): its children may inherit
  /// that, and `fhirkit` then keeps ignoring it, so the SIGHUP cases are left out.
  static let hangupIgnored: Bool = {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
      let line = status.split(separator: "\n").first(where: { $0.hasPrefix("SigIgn:") }),
      let mask = UInt64(line.dropFirst("SigIgn:".count).trimmingCharacters(in: .whitespaces), radix: 16)
    else { return false }
    return mask & (1 << UInt64(SIGHUP - 1)) != 0
  }()

  /// The signals that stop a run, with the exit code and the name said.
  static let interruptions: [(Int32, Int32, String)] =
    [(SIGINT, 130, "SIGINT"), (SIGTERM, 143, "SIGTERM")] + (hangupIgnored ? [] : [(SIGHUP, 129, "SIGHUP")])

  static func lines(_ path: String) throws -> Int {
    try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").count
  }

  @Test func devNullStaysACharacterDevice() throws {
    let result = try CommandRunner.run([
      "convert", "--to", "r4", Self.input, "-o", "/dev/null", "--report", "/dev/null",
    ])
    #expect(result.exitCode == 0, "\(result.stderr)")
    #expect(Self.kind("/dev/null") == S_IFCHR)
  }

  /// `/dev/stdout` on a pipe is a link to `/proc/self/fd/1`, whose text (`pipe:[…]`) is no path:
  /// it is opened as given and written in place.
  @Test func devStdoutOnAPipeIsWrittenInPlace() throws {
    let result = try CommandRunner.run(["convert", "--to", "r4", Self.input, "-o", "/dev/stdout"])
    #expect(result.exitCode == 0, "\(result.stderr)")
    #expect(result.stdout.split(separator: "\n").count > 10)
  }

  @Test func aCharacterDeviceIsWrittenInPlace() throws {
    guard getuid() == 0 else { return }  // mknod needs root
    let folder = TemporaryFolders.make("fhirkit-outputs")
    let device = folder + "/null"
    var null = stat()
    try #require(stat("/dev/null", &null) == 0)
    try #require(mknod(device, S_IFCHR | 0o666, null.st_rdev) == 0)  // another null device
    let result = try CommandRunner.run(["convert", "--to", "care", Self.input, "-o", device])
    #expect(result.exitCode == 0, "\(result.stderr)")
    #expect(Self.kind(device) == S_IFCHR)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["null"])
  }

  @Test func aFIFOIsWrittenInPlaceForItsReader() throws {
    let folder = TemporaryFolders.make("fhirkit-outputs")
    let fifo = folder + "/fifo"
    try #require(mkfifo(fifo, 0o644) == 0)
    let reader = Process()
    reader.executableURL = URL(fileURLWithPath: "/bin/cat")
    reader.arguments = [fifo]
    let pipe = Pipe()
    reader.standardOutput = pipe
    try reader.run()
    let result = try CommandRunner.run(["convert", "--to", "r4", Self.input, "-o", fifo])
    let received = pipe.fileHandleForReading.readDataToEndOfFile()
    reader.waitUntilExit()
    #expect(result.exitCode == 0, "\(result.stderr)")
    #expect(Self.kind(fifo) == S_IFIFO)
    let expected = try CommandRunner.run(["convert", "--to", "r4", Self.input]).stdout
    #expect(String(decoding: received, as: UTF8.self) == expected)
  }

  @Test func aSymbolicLinkIsFollowedToItsTarget() throws {
    let folder = TemporaryFolders.make("fhirkit-outputs")
    try "old\n".write(toFile: folder + "/target.ndjson", atomically: false, encoding: .utf8)
    try FileManager.default.createSymbolicLink(atPath: folder + "/link.ndjson", withDestinationPath: "target.ndjson")
    let result = try CommandRunner.run(["convert", "--to", "r4", Self.input, "-o", folder + "/link.ndjson"])
    #expect(result.exitCode == 0, "\(result.stderr)")
    #expect(Self.kind(folder + "/link.ndjson") == S_IFLNK)
    #expect(try Self.lines(folder + "/target.ndjson") == 78)
    #expect(Set(try FileManager.default.contentsOfDirectory(atPath: folder)) == ["link.ndjson", "target.ndjson"])
  }

  @Test func aRegularFileIsReplacedKeepingItsMode() throws {
    let folder = TemporaryFolders.make("fhirkit-outputs")
    let out = folder + "/out.ndjson"
    try "old\n".write(toFile: out, atomically: false, encoding: .utf8)
    chmod(out, 0o640)
    let result = try CommandRunner.run(["convert", "--to", "r4", Self.input, "-o", out])
    #expect(result.exitCode == 0, "\(result.stderr)")
    #expect(try Self.lines(out) == 78)
    var info = stat()
    stat(out, &info)
    #expect(info.st_mode & 0o777 == 0o640)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["out.ndjson"])
  }

  @Test func aOneCharacterNameInTheCurrentFolderIsWritten() throws {
    let folder = TemporaryFolders.make("fhirkit-outputs")
    let input = URL(fileURLWithPath: Fixtures.root).deletingLastPathComponent().path + "/" + Self.input
    symlink("o", folder + "/l")
    let process = Process()
    process.executableURL = CommandRunner.executable
    process.arguments = ["convert", "--to", "r4", input, "-o", "l", "--report", "r"]
    process.currentDirectoryURL = URL(fileURLWithPath: folder)
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    #expect(Set(try FileManager.default.contentsOfDirectory(atPath: folder)) == ["l", "o", "r"])
    #expect(Self.kind(folder + "/l") == S_IFLNK)
    #expect(try Self.lines(folder + "/o") == 78)
  }

  @Test func anOutputThatIsAnInputIsRefusedAndTheInputKept() throws {
    let folder = TemporaryFolders.make("fhirkit-outputs")
    let same = folder + "/same.ndjson"
    let original = try CommandRunner.run(["convert", "--to", "r4", Self.input]).stdout
    try original.write(toFile: same, atomically: false, encoding: .utf8)
    try FileManager.default.createSymbolicLink(atPath: folder + "/alias.ndjson", withDestinationPath: "same.ndjson")
    for arguments in [
      ["convert", "--to", "r4", same, "-o", same], ["convert", "--to", "care", folder, "-o", folder + "/alias.ndjson"],
      ["convert", "--to", "r4", same, "--report", same], ["validate", same, "--report", same],
      ["import", "--store", folder + "/s.sqlite", same, "--report", same],
    ] {
      let result = try CommandRunner.run(arguments)
      #expect(result.exitCode == 2, "\(arguments): \(result.stderr)")
      #expect(result.stderr.contains("is one of the inputs"), "\(result.stderr)")
      #expect(try String(contentsOfFile: same, encoding: .utf8) == original)
    }
  }

  @Test func anOutputThatCannotBeCreatedExitsThree() throws {
    let convert = try CommandRunner.run(["convert", "--to", "r4", Self.input, "-o", "/no/such/folder/out.ndjson"])
    #expect(convert.exitCode == 3)
    #expect(
      convert.stderr == "fhirkit: /no/such/folder/out.ndjson: cannot write the output (No such file or directory)\n")
    let report = try CommandRunner.run(["validate", Self.input, "--report", "/no/such/folder/r.ndjson"])
    #expect(report.exitCode == 3)
    #expect(report.stderr.contains("cannot write the report"))
    // A report that cannot be written once open (a full device) is named as the report too.
    if FileManager.default.fileExists(atPath: "/dev/full") {
      let full = try CommandRunner.run(["validate", "Fixtures/bad/wrong-json-types.ndjson", "--report", "/dev/full"])
      #expect(full.exitCode == 3)
      #expect(full.stderr.contains("/dev/full: cannot write the report"), "\(full.stderr)")
    }
  }

  /// Starts `fhirkit` reading a stream that sends part of a Bundle (or nothing) and then waits,
  /// signals it once its temporary files exist, and returns its exit code and stderr.
  func interrupt(_ arguments: [String], signal: Int32, folder: String, feed: Bool = true) throws -> (Int32, String) {
    let process = Process()
    process.executableURL = CommandRunner.executable
    process.arguments = arguments
    process.currentDirectoryURL = URL(fileURLWithPath: Fixtures.root).deletingLastPathComponent()
    let input = Pipe()
    let error = Pipe()
    process.standardInput = input
    process.standardError = error
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    let bundle = Fixtures.bytes(String(Self.input.dropFirst("Fixtures/".count)))
    if feed { input.fileHandleForWriting.write(Data(bundle.prefix(bundle.count / 2))) }
    // Wait for the temporary files (at most 10 s), then a little for the reading to go on.
    for _ in 0..<100 {
      let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
      if names.contains(where: { $0.hasSuffix(".tmp") }) { break }
      usleep(100_000)
    }
    usleep(300_000)
    kill(process.processIdentifier, signal)
    process.waitUntilExit()
    try input.fileHandleForWriting.close()
    return (
      process.terminationStatus, String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    )
  }

  @Test(arguments: interruptions)
  func anInterruptedRunKeepsTheEarlierFiles(_ signal: Int32, _ code: Int32, _ name: String) throws {
    let folder = TemporaryFolders.make("fhirkit-outputs")
    let keep = folder + "/keep.json"
    let report = folder + "/report.ndjson"
    let earlier = Data("{\"resourceType\":\"Bundle\",\"type\":\"collection\"}\n".utf8)
    try earlier.write(to: URL(fileURLWithPath: keep))
    try earlier.write(to: URL(fileURLWithPath: report))
    let (status, stderr) = try interrupt(
      ["convert", "--to", "r4", "--format", "bundle", "-o", keep, "--report", report, "-"], signal: signal,
      folder: folder)
    #expect(status == code, "\(stderr)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: keep)) == earlier)
    #expect(try Data(contentsOf: URL(fileURLWithPath: report)) == earlier)
    #expect(Set(try FileManager.default.contentsOfDirectory(atPath: folder)) == ["keep.json", "report.ndjson"])
    #expect(stderr.contains("fhirkit: interrupted (\(name))"))
    #expect(stderr.contains("\(keep): not written (kept as it was)"))
  }

  /// `export` opens its outputs before it reads the store, so that an interruption at any
  /// point says what was and was not written. Here it waits on a FIFO report no one reads.
  @Test(arguments: interruptions)
  func anInterruptedExportSaysWhatWasWritten(_ signal: Int32, _ code: Int32, _ name: String) throws {
    let folder = TemporaryFolders.make("fhirkit-outputs")
    let store = TemporaryFolders.make("fhirkit-outputs") + "/s.sqlite"
    let made = try CommandRunner.run(["import", "--store", store, "--quiet", "Fixtures/bad/reference-to-nowhere.json"])
    #expect(made.exitCode == 0)
    let keep = folder + "/keep.json"
    let earlier = Data("{\"resourceType\":\"Bundle\",\"type\":\"collection\"}\n".utf8)
    try earlier.write(to: URL(fileURLWithPath: keep))
    let fifo = folder + "/report.fifo"
    #expect(mkfifo(fifo, 0o600) == 0)
    let (status, stderr) = try interrupt(
      ["export", "--store", store, "--to", "r4", "--format", "bundle", "-o", keep, "--report", fifo], signal: signal,
      folder: folder, feed: false)
    #expect(status == code, "\(stderr)")
    #expect(stderr == "fhirkit: interrupted (\(name)); \(keep): not written (kept as it was)\n")
    #expect(try Data(contentsOf: URL(fileURLWithPath: keep)) == earlier)
    #expect(Set(try FileManager.default.contentsOfDirectory(atPath: folder)) == ["keep.json", "report.fifo"])
  }

  /// A SIGHUP ignored when `fhirkit` starts (`nohup`) stays ignored: the run goes on.
  @Test func aHangupIgnoredAtStartStaysIgnored() throws {
    let folder = TemporaryFolders.make("fhirkit-outputs")
    let out = folder + "/out.ndjson"
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = [
      "-c", #"trap '' HUP; exec "$0" "$@""#, CommandRunner.executable.path, "convert", "--to", "r4", "-o", out, "-",
    ]
    let input = Pipe()
    process.standardInput = input
    process.standardError = FileHandle.nullDevice
    try process.run()
    input.fileHandleForWriting.write(Data("{\"resourceType\":\"Patient\",\"id\":\"a\"}\n".utf8))
    for _ in 0..<100 {
      let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
      if names.contains(where: { $0.hasSuffix(".tmp") }) { break }
      usleep(100_000)
    }
    usleep(300_000)
    kill(process.processIdentifier, SIGHUP)
    usleep(500_000)
    #expect(process.isRunning)
    try input.fileHandleForWriting.close()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    #expect(try Self.lines(out) == 1)
  }

  /// An interrupted run writing to standard output says how many lines it wrote there: the
  /// records a paused stream flushed, one line each.
  @Test func anInterruptedRunCountsTheLinesOnStandardOutput() throws {
    let running = try CommandRunner.start(["convert", "--to", "r4", "-"])
    let (process, input, output, error) = (running.process, running.input, running.output, running.error)
    let records = (1...3).map { "{\"resourceType\":\"Patient\",\"id\":\"p\($0)\"}\n" }.joined()
    input.fileHandleForWriting.write(Data(records.utf8))
    // The three lines, flushed when the input pauses; a run that never writes them is stopped
    // after 10 s, which closes its output.
    let pid = process.processIdentifier
    let watchdog = DispatchWorkItem { kill(pid, SIGKILL) }
    DispatchQueue.global().asyncAfter(deadline: .now() + 10, execute: watchdog)
    var received = Data()
    for _ in 0..<100 where received.filter({ $0 == 0x0A }).count < 3 {
      received += output.fileHandleForReading.availableData
    }
    watchdog.cancel()  // before the process can end, so never another process's pid
    // Lines are counted once their write returns: a moment for that on a loaded machine.
    usleep(300_000)
    kill(process.processIdentifier, SIGINT)
    process.waitUntilExit()
    try input.fileHandleForWriting.close()
    let stderr = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    #expect(received.filter { $0 == 0x0A }.count == 3)
    #expect(process.terminationStatus == 130, "\(stderr)")
    #expect(stderr == "fhirkit: interrupted (SIGINT); standard output: 3 line(s) written before it\n")
  }

  @Test func anInterruptedCareConversionCreatesNothing() throws {
    let folder = TemporaryFolders.make("fhirkit-outputs")
    let out = folder + "/care.ndjson"
    let (status, stderr) = try interrupt(["convert", "--to", "care", "-o", out, "-"], signal: SIGINT, folder: folder)
    #expect(status == 130, "\(stderr)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    #expect(stderr.contains("\(out): not written (not created)"))
  }
}
