import FHIRJSON
import Foundation

/// Streams a generated Bundle of `sizeMB` entry by entry in a child process and
/// reports the child's peak resident memory, so that generating the file does not
/// count against the figure.
struct BundleMemoryBenchmark {
  var sizeMB: Int

  func run() throws {
    let path = NSTemporaryDirectory() + "fhirkit-bench-bundle-\(getpid()).json"
    defer { try? FileManager.default.removeItem(atPath: path) }
    let start = Date()
    let entries = try Corpus.writeBundle(atLeast: sizeMB << 20, to: path)
    let size = (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
    print(
      "generated \(size >> 20) MB Bundle with \(entries) entries in \(String(format: "%.1f", Date().timeIntervalSince(start))) s")

    fflush(nil)  // all streams: the parent's lines come before the child's
    let child = Process()
    child.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
    child.arguments = ["stream-bundle", "--file", path]
    try child.run()
    child.waitUntilExit()
    if child.terminationStatus != 0 { throw CocoaError(.fileReadUnknown) }
  }

  /// Streams the Bundle at `path` with 64 KiB reads and prints entries, MB/s and peak RSS.
  static func streamAndReport(path: String) throws {
    let baseline = peakResidentMB()
    let start = DispatchTime.now().uptimeNanoseconds
    let reader = BundleStreamReader(source: path)
    var entries = 0
    var largestEntryTokens = 0
    let handle: (BundleStreamReader.Event) -> Void = { event in
      if case .entry(let tokens, _) = event {
        entries += 1
        largestEntryTokens = max(largestEntryTokens, tokens.count)
      }
    }
    try ByteChunks.read(path: path) { chunk in try reader.feed(chunk, handle) }
    try reader.finish(handle)
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    let megabytes = Double(reader.bytesConsumed) / Double(1 << 20)
    let peak = peakResidentMB()
    print("streamed \(entries) entries (largest \(largestEntryTokens) tokens) at \(String(format: "%.1f", megabytes / seconds)) MB/s")
    print("peak resident memory: \(peak) MB (process baseline before streaming: \(baseline) MB); target < 64 MB: \(peak < 64 ? "met" : "NOT met")")
  }

  /// VmHWM from /proc/self/status, in MB (0 where /proc is missing).
  static func peakResidentMB() -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
    for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
      let kilobytes = line.split(separator: " ").compactMap { Int($0) }.first ?? 0
      return kilobytes / 1024
    }
    return 0
  }
}
