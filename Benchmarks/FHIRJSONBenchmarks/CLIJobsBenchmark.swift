import Foundation

/// `fhirkit convert --to dstu2` on generated R4 NDJSON with `--jobs 1` and `--jobs 2`,
/// interleaved in the same run on the same input: throughput of each (best of `runs`),
/// the ratio, and whether both outputs are byte-identical.
struct CLIJobsBenchmark {
  var sizeMB: Int
  var runs: Int
  var target = "dstu2"

  func run() throws {
    let folder = NSTemporaryDirectory() + "fhirkit-bench-jobs-\(getpid())"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let input = folder + "/input.ndjson"
    let corpus = Corpus.ndjson(from: try Corpus.resourceLines(under: "r4"), atLeast: sizeMB << 20)
    _ = FileManager.default.createFile(atPath: input, contents: Data(corpus))
    let lines = corpus.lazy.filter { $0 == 0x0A }.count
    print("input: \(corpus.count >> 20) MB R4 NDJSON, \(lines) resources (generated from Fixtures/r4)")
    print("command: fhirkit convert --to \(target) --quiet --jobs N -o OUT input.ndjson")

    let executable = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("fhirkit")
    var best: [Int: Double] = [:]
    for round in 1...runs {
      for jobs in [1, 2] {
        let cpuBefore = ChildUsage.cpuSeconds()
        let seconds = try convert(executable, input: input, output: folder + "/jobs\(jobs).ndjson", jobs: jobs)
        let cpu = ChildUsage.cpuSeconds() - cpuBefore
        best[jobs] = min(best[jobs] ?? .infinity, seconds)
        // CPU seconds per wall second: near 2 when both cores were free for --jobs 2; on a
        // busy machine it shows how much CPU the run could get at all.
        print("round \(round) --jobs \(jobs): \(String(format: "%.2f", seconds)) s, \(String(format: "%.2f", cpu / seconds)) CPU-s/s")
      }
    }
    let one = try Data(contentsOf: URL(fileURLWithPath: folder + "/jobs1.ndjson"))
    let two = try Data(contentsOf: URL(fileURLWithPath: folder + "/jobs2.ndjson"))
    let megabytes = Double(corpus.count) / Double(1 << 20)
    for jobs in [1, 2] {
      print("--jobs \(jobs): \(String(format: "%.1f", megabytes / best[jobs]!)) MB/s (best of \(runs))")
    }
    let ratio = best[1]! / best[2]!
    print("--jobs 2 / --jobs 1: \(String(format: "%.2f", ratio))× (target ≥ 1.7×: \(ratio >= 1.7 ? "met" : "NOT met"))")
    print("outputs identical: \(one == two ? "yes" : "NO") (\(one.count >> 20) MB, \(one.lazy.filter { $0 == 0x0A }.count) lines)")
    if one != two { throw CocoaError(.fileWriteUnknown) }
  }

  /// Runs one conversion and returns its wall-clock time.
  private func convert(_ executable: URL, input: String, output: String, jobs: Int) throws -> Double {
    let process = Process()
    process.executableURL = executable
    process.arguments = ["convert", "--to", target, "--quiet", "--jobs", "\(jobs)", "-o", output, input]
    process.standardError = FileHandle.nullDevice
    let start = DispatchTime.now().uptimeNanoseconds
    try process.run()
    process.waitUntilExit()
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    // 0 or 1 (records with model issues are still written); anything else is a failure.
    guard process.terminationStatus <= 1 else { throw CocoaError(.executableLoad) }
    return seconds
  }
}
