import Dispatch
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Stops the command cleanly on SIGINT, SIGTERM or SIGHUP (its terminal or session went
/// away): removes the temporary files of the outputs being written (``OutputFile``), so that
/// what was at their paths is kept, says on stderr what was and was not written, and exits
/// with 128 + the signal's number: 130 (SIGINT), 143 (SIGTERM), 129 (SIGHUP).
///
/// The signals are handled on a dispatch queue, not in a signal handler, so the work done
/// there (removing files, printing) is ordinary code.
final class Interruption: @unchecked Sendable {
  /// The handler of this process.
  static let shared = Interruption()

  private let lock = NSLock()
  private var outputs: [ObjectIdentifier: OutputFile] = [:]
  private var order: [ObjectIdentifier] = []
  private var sources: [any DispatchSourceSignal] = []
  private var notes: [String] = []

  /// Starts handling SIGINT, SIGTERM and SIGHUP — but a SIGHUP ignored when the process
  /// started (`nohup fhirkit …`) stays ignored, as the one who started it asked.
  func install() {
    for signal in [SIGINT, SIGTERM, SIGHUP] {
      if signal == SIGHUP && Self.ignoredAtStart(signal) { continue }
      Foundation.signal(signal, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: signal, queue: .global())
      source.setEventHandler { [unowned self] in stop(signal) }
      source.resume()
      sources.append(source)
    }
  }

  /// Stops handling `signals`, for a command that stops gracefully on them itself (`serve`
  /// finishes the requests in flight and exits with 0). They stay ignored by default, so the
  /// command's own dispatch sources receive them.
  func release(_ signals: [Int32]) {
    lock.withLock {
      for source in sources where signals.contains(Int32(source.handle)) { source.cancel() }
    }
  }

  /// Whether `signal` is ignored by this process now, before ``install()`` (inherited through
  /// exec: `nohup` ignores SIGHUP). Read from the `SigIgn` mask of `/proc/self/status`
  /// (Linux); `false` where there is none.
  static func ignoredAtStart(_ signal: Int32) -> Bool {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
      let line = status.split(separator: "\n").first(where: { $0.hasPrefix("SigIgn:") }),
      let mask = UInt64(line.dropFirst("SigIgn:".count).trimmingCharacters(in: .whitespaces), radix: 16)
    else { return false }
    return mask & (1 << UInt64(signal - 1)) != 0
  }

  /// Notes an output being written.
  func register(_ output: OutputFile) {
    lock.withLock {
      let id = ObjectIdentifier(output)
      if outputs.updateValue(output, forKey: id) == nil { order.append(id) }
    }
  }

  /// Adds what an interruption leaves besides the outputs, said when it comes (`the store
  /// keeps the batches committed before it`).
  func note(_ text: String) {
    lock.withLock { notes.append(text) }
  }

  /// Forgets an output that was closed (renamed into place) or abandoned.
  func unregister(_ output: OutputFile) {
    lock.withLock {
      let id = ObjectIdentifier(output)
      outputs[id] = nil
      order.removeAll { $0 == id }
    }
  }

  /// Removes the temporary files of every output not yet closed (a command that ends with
  /// an error keeps what was at their paths).
  func abandonAll() {
    let pending = lock.withLock { order.compactMap { outputs[$0] } }
    for output in pending { output.abandon() }
  }

  private func stop(_ signal: Int32) {
    let (pending, notes) = lock.withLock { (order.compactMap { outputs[$0] }, self.notes) }
    var parts: [String] = []
    for output in pending {
      parts.append(output.interruptedDescription)
      output.abandon()
    }
    let name =
      switch signal {
      case SIGINT: "SIGINT"
      case SIGHUP: "SIGHUP"
      default: "SIGTERM"
      }
    var line = "fhirkit: interrupted (\(name))"
    parts += notes
    if !parts.isEmpty { line += "; " + parts.joined(separator: "; ") }
    Console.shared.endProgress()
    FileHandle.standardError.write(Data((line + "\n").utf8))
    _exit(128 + signal)
  }
}
