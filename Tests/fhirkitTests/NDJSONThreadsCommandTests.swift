import FHIRTestSupport
import Foundation
import Testing

/// With `--jobs` above 1, `convert --to care` and `import` tokenize NDJSON lines on the
/// decoding threads; what they write and say is what one thread writes and says, bad lines
/// and records that are no resources included, from files and from standard input.
@Suite struct NDJSONThreadsCommandTests {
  /// Several chunks' worth of lines, with bad lines, records without `resourceType`, blank
  /// lines, and a last line without its newline.
  static func input() -> String {
    var text = "{\"resourceType\":\"Patient\",\"id\":\"p\",\"gender\":\"female\"}\n"
    for i in 0..<3000 {
      switch i % 700 {
      case 11: text += "{\"resourceType\":\"Observation\",\"id\":\"bad\(i)\",\"status\":\"fin\n"
      case 12: text += "{\"id\":\"nores\(i)\",\"status\":\"final\"}\n"
      case 13: text += "  \n\n"
      case 14: text += "[1,2\n"
      default:
        text += "{\"resourceType\":\"Observation\",\"id\":\"o\(i)\",\"status\":\"final\",\"subject\":{\"reference\":\"Patient/p\"},"
          + "\"code\":{\"coding\":[{\"system\":\"http://loinc.org\",\"code\":\"8867-4\"}]},"
          + "\"effectiveDateTime\":\"2020-01-0\(i % 9 + 1)T10:00:00Z\",\"valueQuantity\":{\"value\":\(60 + i % 40),\"unit\":\"/min\"}}\n"
      }
    }
    return text + "{\"resourceType\":\"Observation\",\"id\":\"end\",\"status\":\"final\""
  }

  @Test func careConversionIsTheSameForAnyJobs() throws {
    let folder = TemporaryFolders.make("ndjson-threads")
    let path = folder + "/in.ndjson"
    let text = Self.input()
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    for strict in [false, true] {
      var runs: [CommandRunner.Result] = []
      var reports: [String] = []
      for (jobs, fromStdin) in [("1", false), ("2", false), ("3", false), ("2", true)] {
        let report = folder + "/report-\(jobs)-\(fromStdin)-\(strict).ndjson"
        let arguments =
          ["convert", "--to", "care", "--jobs", jobs, "--report", report] + (strict ? ["--strict"] : [])
          + [fromStdin ? "-" : path]
        var run = try CommandRunner.run(arguments, stdin: fromStdin ? Array(text.utf8) : [])
        if fromStdin { run.stderr = run.stderr.replacingOccurrences(of: "<stdin>", with: path) }
        runs.append(run)
        reports.append(
          try String(contentsOfFile: report, encoding: .utf8).replacingOccurrences(of: "<stdin>", with: path))
      }
      let one = runs[0]
      #expect(one.exitCode == 1, "\(one.stderr)")
      if strict {
        #expect(one.stdout.isEmpty)
      } else {
        #expect(one.stdout.contains("\"kind\":\"outcome\""), "\(one.stderr)")
        // Each kind of bad record, said with its line, never its values.
        #expect(one.stderr.contains("in.ndjson:13"), "\(one.stderr)")
        #expect(one.stderr.contains("in.ndjson:14: skipped: no resourceType"), "\(one.stderr)")
        #expect(!one.stderr.contains("nores"))
      }
      for (index, run) in runs.enumerated().dropFirst() {
        #expect(run.stdout == one.stdout && run.stderr == one.stderr && run.exitCode == one.exitCode, "run \(index)")
        #expect(reports[index] == reports[0], "run \(index)")
      }
    }
  }

  /// What the reader says of its own (a byte order mark skipped, a file without resources)
  /// comes after what is said about the records of the files before it, which may still be
  /// decoding on other threads: stderr and the report are the same for any `--jobs`.
  @Test func messagesOfTheReaderStayInInputOrder() throws {
    let folder = TemporaryFolders.make("reader-messages")
    var runs: [(CommandRunner.Result, String)] = []
    for jobs in ["1", "2", "3"] {
      let report = folder + "/report-\(jobs).ndjson"
      let run = try CommandRunner.run(["convert", "--to", "care", "--jobs", jobs, "--report", report, "Fixtures/bad"])
      runs.append((run, try String(contentsOfFile: report, encoding: .utf8)))
    }
    let (one, oneReport) = runs[0]
    #expect(one.stderr.contains("byte-order-mark.json: information") && one.stderr.contains("empty-file.json: no resources"))
    for (run, report) in runs.dropFirst() {
      #expect(run.stderr == one.stderr && run.stdout == one.stdout && run.exitCode == one.exitCode)
      #expect(report == oneReport)
    }
  }

  /// A line holding a resource and more after it is bad as a whole: its resource is not
  /// converted, even when a blank line follows (it came out as that line's record before).
  @Test func aBadLinesResourceIsNotConverted() throws {
    let text = "{\"resourceType\":\"Patient\",\"id\":\"a\"}{\"x\":1}\n\n{\"resourceType\":\"Patient\",\"id\":\"b\"}\n"
    // A file: standard input whose first line is two values is read as JSON values, not NDJSON.
    let path = TemporaryFolders.make("bad-line-value") + "/in.ndjson"
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    for arguments in [["--to", "r4"], ["--to", "care", "--jobs", "1"], ["--to", "care", "--jobs", "2"]] {
      let run = try CommandRunner.run(["convert"] + arguments + [path])
      #expect(run.exitCode == 1, "\(arguments): \(run.stderr)")
      #expect(run.stderr.contains("in.ndjson:1:36: more than one JSON value"), "\(arguments): \(run.stderr)")
      #expect(!run.stdout.contains("\"a\""), "\(arguments)")
      #expect(run.stdout.contains("\"b\""), "\(arguments)")
    }
  }

  /// A bad token cut by the 64 KiB reads (`ByteChunks.defaultChunkSize`): the commands that read
  /// NDJSON as it streams (`convert --to r4`, `validate`) name the same line, column and byte
  /// offset as those that read whole lines (`convert --to care`).
  @Test(arguments: ["tXue", "1.2.3", #""a\qb""#, "nulX"])
  func aTokenAcrossReadsIsPlacedAlike(_ bad: String) throws {
    let folder = TemporaryFolders.make("ndjson-straddle")
    for shift in [1, 2, 3, 5] {
      var text = ""
      var i = 0
      while text.utf8.count + 400 < 1 << 16 {
        text += "{\"resourceType\":\"Patient\",\"id\":\"p\(i)\"}\n"
        i += 1
      }
      let prefix = "{\"resourceType\":\"Patient\",\"id\":\"bad\",\"active\":"
      let head = "{\"resourceType\":\"Patient\",\"id\":\"q\",\"language\":\""
      let fill = (1 << 16) - shift - prefix.utf8.count - text.utf8.count - head.utf8.count - 3
      text += head + String(repeating: "y", count: fill) + "\"}\n" + prefix + bad + "}\n{\"resourceType\":\"Patient\",\"id\":\"z\"}\n"
      let line = text.split(separator: "\n", omittingEmptySubsequences: false).count - 2
      let path = folder + "/in\(shift).ndjson"
      try Data(text.utf8).write(to: URL(fileURLWithPath: path))
      func message(_ arguments: [String]) throws -> String {
        let run = try CommandRunner.run(arguments + [path])
        return run.stderr.split(separator: "\n").first { $0.contains("in\(shift).ndjson:\(line):") }.map(String.init) ?? ""
      }
      let whole = try message(["convert", "--to", "care", "-o", "/dev/null"])
      #expect(whole.contains("byte "), "\(shift): \(whole)")
      #expect(try message(["convert", "--to", "r4", "-o", "/dev/null"]) == whole, "\(shift)")
      #expect(try message(["validate"]) == whole, "\(shift)")
    }
  }

  @Test func importStoresTheSameForAnyJobs() throws {
    let folder = TemporaryFolders.make("ndjson-threads-import")
    let path = folder + "/in.ndjson"
    try Data(Self.input().utf8).write(to: URL(fileURLWithPath: path))
    var exported: [String] = []
    var stderrs: [String] = []
    for jobs in ["1", "2"] {
      let store = folder + "/store-\(jobs).sqlite"
      let imported = try CommandRunner.run(["import", path, "--store", store, "--jobs", jobs])
      #expect(imported.exitCode == 1, "\(imported.stderr)")
      stderrs.append(imported.stderr.replacingOccurrences(of: store, with: "STORE"))
      let export = try CommandRunner.run(["export", "--store", store, "--to", "care"])
      #expect(export.exitCode == 0, "\(export.stderr)")
      exported.append(export.stdout)
    }
    #expect(exported[0] == exported[1])
    #expect(exported[0].contains("\"kind\":\"outcome\""))
    #expect(stderrs[0] == stderrs[1])
  }
}
