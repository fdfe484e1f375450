import FHIRTestSupport
import Foundation

/// Runs `fhirkit` as a child process that a test can kill.
final class ImportProcess {
  let process = Process()

  /// Starts `fhirkit import` on `inputs` (paths relative to `Fixtures`) into `store`.
  init(inputs: [String], store: String, batchSize: Int) throws {
    process.executableURL = CommandRunner.executable
    process.arguments =
      ["import"] + inputs.map { Fixtures.root + "/" + $0 } + ["--store", store, "--batch-size", "\(batchSize)"]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
  }

  /// Kills it with SIGKILL if it is still running; returns whether it was.
  @discardableResult
  func kill() -> Bool {
    let running = process.isRunning
    if running { Foundation.kill(process.processIdentifier, SIGKILL) }
    process.waitUntilExit()
    return running
  }

  /// Waits for it to end and returns its exit code.
  func wait() -> Int32 {
    process.waitUntilExit()
    return process.terminationStatus
  }
}
