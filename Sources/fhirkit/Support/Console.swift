import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Standard error of the command: messages, `--quiet` / `--verbose`, and the progress line.
///
/// The progress line (bytes read, resources per second, issues so far) is drawn only when
/// standard error is a terminal, at most four times a second (`FHIRKIT_PROGRESS_INTERVAL` sets
/// the seconds between redraws), and cleared before any message and at the end, so that it never
/// mixes with what is printed.
final class Console: @unchecked Sendable {
  /// The console of this process.
  static let shared = Console()

  /// `--quiet`: no per-record messages; the summary only when something failed.
  var quiet = false
  /// `--verbose`: messages may quote data values (never by default).
  var verbose = false

  private let lock = NSLock()
  private let isTerminal: Bool
  /// The least time between two redraws of the progress line, in nanoseconds.
  private let interval: UInt64
  private var progressEnabled = false
  private var lineShown = false
  private var start: UInt64 = 0
  private var lastDraw: UInt64 = 0
  private var bytes = 0
  private var resources = 0
  private var issues = 0

  init() {
    isTerminal = isatty(2) == 1
    interval = Self.interval(ProcessInfo.processInfo.environment["FHIRKIT_PROGRESS_INTERVAL"])
  }

  /// The redraw interval `FHIRKIT_PROGRESS_INTERVAL` gives (seconds, 0 to 60), or a quarter
  /// second when it is unset or not such a number.
  static func interval(_ text: String?) -> UInt64 {
    guard let text, let seconds = Double(text), seconds >= 0, seconds <= 60 else { return 250_000_000 }
    return UInt64(seconds * 1e9)
  }

  /// Turns the progress line on (it shows only when standard error is a terminal).
  func startProgress() {
    lock.withLock {
      progressEnabled = isTerminal && !quiet
      start = DispatchTime.now().uptimeNanoseconds
      lastDraw = start  // the first line after one interval, not at once
    }
  }

  /// Counts progress: bytes read, resources done, issues found.
  func count(bytes: Int = 0, resources: Int = 0, issues: Int = 0) {
    guard progressEnabled else { return }
    lock.withLock {
      self.bytes += bytes
      self.resources += resources
      self.issues += issues
      let now = DispatchTime.now().uptimeNanoseconds
      guard now - lastDraw >= interval else { return }
      lastDraw = now
      let seconds = max(Double(now - start) / 1e9, 0.001)
      let rate = Int(Double(self.resources) / seconds)
      let line = "\r\u{1B}[K\(Self.megabytes(self.bytes)) read, \(self.resources) resources (\(rate)/s), \(self.issues) issue(s)"
      FileHandle.standardError.write(Data(line.utf8))
      lineShown = true
    }
  }

  /// Starts a phase after reading (merging, storing): its line replaces the reading line, its
  /// rates count from now.
  func startPhase() {
    guard progressEnabled else { return }
    lock.withLock { start = DispatchTime.now().uptimeNanoseconds }
  }

  /// Shows the line of the current phase, at most once an interval: `describe` gets the
  /// seconds since the phase started (for rates) and returns the text.
  func phase(_ describe: (_ seconds: Double) -> String) {
    guard progressEnabled else { return }
    lock.withLock {
      let now = DispatchTime.now().uptimeNanoseconds
      guard now - lastDraw >= interval else { return }
      lastDraw = now
      let line = "\r\u{1B}[K" + describe(max(Double(now - start) / 1e9, 0.001))
      FileHandle.standardError.write(Data(line.utf8))
      lineShown = true
    }
  }

  /// Clears the progress line for good.
  func endProgress() {
    lock.withLock {
      clearLine()
      progressEnabled = false
    }
  }

  /// Writes `line` on standard error.
  func write(_ line: String) {
    lock.withLock {
      clearLine()
      FileHandle.standardError.write(Data((line + "\n").utf8))
    }
  }

  /// Clears the progress line before something is written to standard output, which may
  /// be the same terminal. The line is drawn again at the next update.
  func clearForStandardOutput() {
    guard lineShown else { return }
    lock.withLock { clearLine() }
  }

  private func clearLine() {
    guard lineShown else { return }
    FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    lineShown = false
  }

  private static func megabytes(_ bytes: Int) -> String {
    let tenths = bytes * 10 / (1 << 20)
    return "\(tenths / 10).\(tenths % 10) MB"
  }
}
