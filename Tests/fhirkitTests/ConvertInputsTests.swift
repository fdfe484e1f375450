import FHIRJSON
import FHIRTestSupport
import Foundation
import Testing

/// `fhirkit convert --to r4|dstu2` end to end: every kind of input (files, folders, stdin
/// NDJSON, stdin Bundles, mixed releases), bad lines, strict mode, exit codes and `--jobs`.
@Suite struct ConvertInputsTests {
  static let synthea = "Fixtures/r4/bundles/" + Fixtures.files(extensions: ["json"], under: "r4/bundles").first { $0.contains("Gustavo") }!.split(separator: "/").last!

  /// The lines of `text` that are not blank.
  func lines(_ text: String) -> [Substring] { text.split(separator: "\n") }

  @Test func foldersAreReadRecursively() throws {
    // --pass-through: every resource written, the unmapped types unchanged.
    let result = try CommandRunner.run(["convert", "--to", "dstu2", "--pass-through", "Fixtures/r4/ndjson"])
    #expect(result.exitCode <= 1, "\(result.stderr)")
    let expected = Fixtures.files(extensions: ["ndjson"], under: "r4/ndjson").reduce(0) { total, path in
      total + Fixtures.bytes(path).split(separator: 0x0A).count
    }
    #expect(lines(result.stdout).count == expected)
    #expect(result.stderr.contains("\(expected) resource(s) written"))
  }

  @Test func stdinBundleIsStreamedEntryByEntry() throws {
    let bundle = Fixtures.bytes(String(Self.synthea.dropFirst("Fixtures/".count)))
    let result = try CommandRunner.run(["convert", "--to", "r4", "-"], stdin: bundle)
    #expect(result.exitCode == 0, "\(result.stderr)")
    #expect(lines(result.stdout).count == 78)
  }

  @Test func stdinConcatenatedBundlesAndResources() throws {
    let bundle = Fixtures.bytes(String(Self.synthea.dropFirst("Fixtures/".count)))
    let patient = Array(#"{"resourceType":"Patient","id":"extra"}"#.utf8)
    // A pretty Bundle, a Bundle right after it, then a resource: JSON values, not lines.
    let input = bundle + bundle + [0x0A] + patient
    let result = try CommandRunner.run(["convert", "--to", "r4", "-"], stdin: input)
    #expect(result.exitCode == 0, "\(result.stderr)")
    #expect(lines(result.stdout).count == 2 * 78 + 1)
    #expect(lines(result.stdout).last == #"{"resourceType":"Patient","id":"extra"}"#)
  }

  @Test func stdinBundlesOnePerLineAreStreamedLikeFiles() throws {
    let bundle = try JSONValue(parsing: String(decoding: Fixtures.bytes("bad/reference-to-nowhere.json"), as: UTF8.self))
    let line = JSONWriter.bytes(of: bundle)
    let result = try CommandRunner.run(["convert", "--to", "r4", "-"], stdin: line + [0x0A] + line + [0x0A])
    #expect(result.exitCode == 0, "\(result.stderr)")
    #expect(lines(result.stdout).count == 4)
    #expect(lines(result.stdout).allSatisfy { !$0.contains(#""resourceType":"Bundle""#) })
  }

  @Test func mixedReleasesConvertToOneRelease() throws {
    let result = try CommandRunner.run([
      "convert", "--to", "r4", "--pass-through", "Fixtures/dstu2/bundles/synthea__Gerhold_Donovan_66.json", Self.synthea,
    ])
    #expect(result.exitCode == 0, "\(result.stderr)")
    #expect(lines(result.stdout).count == 9 + 78)
    // Everything written validates as R4.
    let check = try CommandRunner.run(["validate", "--release", "r4", "-"], stdin: Array(result.stdout.utf8))
    #expect(check.exitCode == 0, "\(check.stdout)")
  }

  @Test func badLinesInTheMiddleOfStdin() throws {
    let report = FileManager.default.temporaryDirectory.appendingPathComponent("fhirkit-stdin-\(getpid()).ndjson").path
    defer { try? FileManager.default.removeItem(atPath: report) }
    let input = """
      {"resourceType":"Patient","id":"one"}
      {"resourceType":"Patient","id":"two","name":[{"family":"Secretname" "x"}]}
      {"resourceType":"Patient","id":"three"}
      {"resourceType":"Patient","id":"four",
      {"resourceType":"Patient","id":"five"}

      """
    let result = try CommandRunner.run(["convert", "--to", "r4", "--report", report, "-"], stdin: Array(input.utf8))
    #expect(result.exitCode == 1)
    #expect(lines(result.stdout).map { String($0) } == ["one", "three", "five"].map { #"{"resourceType":"Patient","id":"\#($0)"}"# })
    #expect(result.stderr.contains("<stdin>:2:") && result.stderr.contains("<stdin>:4:"))
    #expect(result.stderr.contains("3 resource(s) written; 3 converted, 2 skipped"))
    #expect(!result.stderr.contains("Secretname"))
    let reported = try String(contentsOfFile: report, encoding: .utf8)
    #expect(lines(reported).count == 2)
    #expect(reported.contains(#""location":"<stdin>:2:"#) && reported.contains(#""location":"<stdin>:4:"#))
    #expect(!reported.contains("Secretname"))
  }

  @Test func strictStopsAtTheFirstBadRecordKeepingWhatCameBefore() throws {
    let input = """
      {"resourceType":"Patient","id":"one"}
      {"resourceType":"Patient","id":"two" "x"}
      {"resourceType":"Patient","id":"three"}

      """
    let result = try CommandRunner.run(["convert", "--to", "r4", "--strict", "-"], stdin: Array(input.utf8))
    #expect(result.exitCode == 1)
    #expect(lines(result.stdout) == [#"{"resourceType":"Patient","id":"one"}"#])
  }

  @Test func exitCodes() throws {
    #expect(try CommandRunner.run(["convert", "--to", "r4", "no/such/file.json"]).exitCode == 3)
    for flags in [["--to", "r5"], ["--to", "r4", "--no-such-flag"], ["--to", "r4", "--jobs", "0"], ["--from", "care", "--to", "care"],
      ["--to", "care", "--format", "bundle"], ["--to", "r4", "--quiet", "--verbose"], []] {
      let result = try CommandRunner.run(["convert"] + flags + ["Fixtures/bad/reference-to-nowhere.json"])
      #expect(result.exitCode == 2, "\(flags): \(result.stderr)")
      #expect(result.stdout.isEmpty)
    }
  }

  @Test func jobsDoNotChangeTheOutput() throws {
    // More records than one batch (2,048), of both releases, with issues along the way.
    let arguments = ["convert", "--to", "dstu2", "Fixtures/r4", "Fixtures/dstu2"]
    let one = try CommandRunner.run(arguments + ["--jobs", "1"])
    let two = try CommandRunner.run(arguments + ["--jobs", "2"])
    let four = try CommandRunner.run(arguments + ["--jobs", "4"])
    #expect(lines(one.stdout).count > 4096)
    #expect(one.stdout == two.stdout && one.stdout == four.stdout)
    #expect(one.stderr == two.stderr && one.stderr == four.stderr)
    #expect(one.exitCode == two.exitCode)
  }

  @Test("a release detected in one batch carries over to the next batches for any --jobs")
  func detectedReleaseCarriesOverBatches() throws {
    // A MedicationOrder says DSTU2; the Observations after it say nothing, and their DSTU2
    // `comments` becomes R4 `note` only when they are read as DSTU2. Batches are sent off
    // before the ones ahead of them tell their release, so several are in flight at once.
    var text = "{\"resourceType\":\"MedicationOrder\",\"id\":\"m\",\"status\":\"active\"}\n"
    for i in 0..<7000 {
      text += "{\"resourceType\":\"Observation\",\"id\":\"o\(i)\",\"status\":\"final\",\"code\":{\"text\":\"x\"},\"comments\":\"c\"}\n"
    }
    // Then an R4 resource, and Observations that now follow it.
    text += "{\"resourceType\":\"MedicationRequest\",\"id\":\"r\",\"status\":\"active\",\"intent\":\"order\"}\n"
    for i in 0..<3000 {
      text += "{\"resourceType\":\"Observation\",\"id\":\"q\(i)\",\"status\":\"final\",\"code\":{\"text\":\"x\"},\"comments\":\"c\"}\n"
    }
    let input = TemporaryFolders.make("release-carry") + "/mixed.ndjson"
    try Data(text.utf8).write(to: URL(fileURLWithPath: input))
    let arguments = ["convert", "--to", "r4", input]
    let one = try CommandRunner.run(arguments + ["--jobs", "1"])
    #expect(lines(one.stdout).count == 10_002, "\(one.stderr)")
    #expect(lines(one.stdout).filter { $0.contains("\"note\":[{\"text\":\"c\"}]") }.count == 7000)
    #expect(lines(one.stdout).filter { $0.contains("\"comments\":\"c\"") }.count == 3000)
    for jobs in ["2", "3"] {
      let many = try CommandRunner.run(arguments + ["--jobs", jobs])
      #expect(many.stdout == one.stdout && many.stderr == one.stderr && many.exitCode == one.exitCode, "--jobs \(jobs)")
    }
  }

  @Test("a bad record batches after the start stops --strict at the same place for any --jobs")
  func strictStopsAtTheSamePlaceForAnyJobs() throws {
    // Over two batches (2,048 records) are read and decoded while the ones before are written.
    var text = ""
    for i in 0..<6000 {
      text += i == 4500 ? "{bad\n" : "{\"resourceType\":\"Patient\",\"id\":\"p\(i)\",\"gender\":\"other\"}\n"
    }
    // A file, not standard input: a strict run stops reading, and the rest would not fit a pipe.
    let input = TemporaryFolders.make("strict-jobs") + "/patients.ndjson"
    try Data(text.utf8).write(to: URL(fileURLWithPath: input))
    for extra in [[], ["--strict"]] {
      let arguments = ["convert", "--to", "r4", "--from", "r4"] + extra + [input]
      let one = try CommandRunner.run(arguments + ["--jobs", "1"])
      let three = try CommandRunner.run(arguments + ["--jobs", "3"])
      #expect(one.exitCode == 1, "\(one.stderr)")
      #expect(lines(one.stdout).count == (extra.isEmpty ? 5999 : 4500))
      #expect(one.stdout == three.stdout && one.stderr == three.stderr && one.exitCode == three.exitCode)
    }
  }

  @Test func quietAndNoProgressWhenNotATerminal() throws {
    let bad = Array("{\"resourceType\":\"Patient\",\"id\":\"a\"}\n{bad\n".utf8)
    let quiet = try CommandRunner.run(["convert", "--to", "r4", "--quiet", "-"], stdin: bad)
    #expect(quiet.exitCode == 1)
    #expect(lines(quiet.stderr) == ["fhirkit: 1 resource(s) written; 1 converted, 1 skipped"])
    let good = try CommandRunner.run(["convert", "--to", "r4", "--quiet", Self.synthea])
    #expect(good.exitCode == 0 && good.stderr.isEmpty)
    // stderr is a pipe here: no progress line, no carriage return.
    let plain = try CommandRunner.run(["convert", "--to", "r4", Self.synthea])
    // The Bundle's `type` and its entries' `fullUrl` and `request`, which NDJSON has no place
    // for, are said (by name and count, not value).
    #expect(
      plain.stderr
        == "fhirkit: the own elements of 1 input Bundle(s) are not written (entry.fullUrl ×78, entry.request ×78, type): "
        + "NDJSON holds resources only; "
        + "--format json of one Bundle writes it whole\n"
        + "fhirkit: 78 resource(s) written; 1 Bundle(s) whose own elements are not written\n")
  }

  /// On a terminal (util-linux `script` gives the command one), the progress line is drawn
  /// and cleared; the output file is the same as without it. The input comes through stdin
  /// in two parts half a second apart, so the line (drawn at most every quarter second) is
  /// due however fast the conversion runs.
  @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")))
  func progressLineOnATerminal() throws {
    let output = FileManager.default.temporaryDirectory.appendingPathComponent("fhirkit-tty-\(getpid()).ndjson").path
    defer { try? FileManager.default.removeItem(atPath: output) }
    let command =
      "(cat '\(Self.synthea)'; sleep 0.5; cat '\(Self.synthea)') | "
      + "'\(CommandRunner.executable.path)' convert --to dstu2 --jobs 1 -o '\(output)' -"
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
    process.arguments = ["-qec", command, "/dev/null"]
    process.currentDirectoryURL = URL(fileURLWithPath: Fixtures.root).deletingLastPathComponent()
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardInput = Pipe()
    try process.run()
    let terminal = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(terminal.contains("\r\u{1B}[K") && terminal.contains(" MB read, ") && terminal.contains("resources ("), "\(terminal.suffix(300))")
    // The summary comes after the line was cleared, on a line of its own.
    #expect(terminal.contains("\r\u{1B}[Kfhirkit: "))
    let root = URL(fileURLWithPath: Fixtures.root).deletingLastPathComponent()
    let bundle = try Array(Data(contentsOf: root.appendingPathComponent(Self.synthea)))
    let plain = try CommandRunner.run(["convert", "--to", "dstu2", "--jobs", "1", "-"], stdin: bundle + bundle)
    #expect(!plain.stdout.isEmpty)
    #expect(try String(contentsOfFile: output, encoding: .utf8) == plain.stdout)
  }

  @Test func verboseQuotesValuesOtherwiseNever() throws {
    let input = Array(#"{"resourceType":"Bundle","type":"collection","entry":[{"resource":{"resourceType":"Patient","id":"p","gender":"Secretgender"}}]}"#.utf8)
    let plain = try CommandRunner.run(["convert", "--to", "r4", "-"], stdin: input)
    #expect(plain.exitCode == 0)  // converted with issues
    #expect(plain.stderr.contains("entry[0].resource.gender (invalidCode)") && !plain.stderr.contains("Secretgender"))
    let verbose = try CommandRunner.run(["convert", "--to", "r4", "--verbose", "-"], stdin: input)
    #expect(verbose.exitCode == 0)
    #expect(verbose.stderr.contains(#"(value: "Secretgender")"#), "\(verbose.stderr)")
  }

  @Test func versionHelpAndCompletions() throws {
    let version = try CommandRunner.run(["--version"])
    #expect(version.exitCode == 0)
    #expect(version.stdout.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ".").count == 3)
    let help = try CommandRunner.run(["--help"])
    #expect(help.stdout.contains("Exit codes: 0 every record converted (with issues or not); 1 some records"))
    #expect(help.stdout.contains("Examples:") && help.stdout.contains("--generate-completion-script"))
    let convertHelp = try CommandRunner.run(["convert", "--help"])
    for option in ["--jobs", "--format", "--strict", "--report", "--quiet", "--verbose", "--from", "--to"] {
      #expect(convertHelp.stdout.contains(option), "\(option)")
    }
    let completion = try CommandRunner.run(["--generate-completion-script", "bash"])
    #expect(completion.exitCode == 0)
    #expect(completion.stdout.contains("convert") && completion.stdout.contains("--jobs"))
  }
}
