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

  /// Starts handling SIGINT, SIGTERM and SIGHUP.
  func install() {
    for signal in [SIGINT, SIGTERM, SIGHUP] {
      Foundation.signal(signal, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: signal, queue: .global())
      source.setEventHandler { [unowned self] in stop(signal) }
      source.resume()
      sources.append(source)
    }
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
