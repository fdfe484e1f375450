public import Foundation

/// Runs the built `fhirkit` binary, as the end-to-end CLI tests do.
public enum CommandRunner {
  /// What a run printed and how it ended.
  public struct Result: Sendable {
    public var stdout: String
    public var stderr: String
    public var exitCode: Int32
  }

  /// The `fhirkit` executable next to the test bundle in the build folder, or the one
  /// `$FHIRKIT_BINARY` names (to run the end-to-end tests on a release or older build).
  public static var executable: URL {
    if let path = ProcessInfo.processInfo.environment["FHIRKIT_BINARY"] { return URL(fileURLWithPath: path) }
    var url = Bundle.main.bundleURL
    if url.pathExtension == "xctest" { url.deleteLastPathComponent() }
    return url.appendingPathComponent("fhirkit")
  }

  /// A `fhirkit` run started with its standard streams as pipes, for a test that talks to it
  /// while it runs.
  public struct Running {
    public let process: Process
    public let input: Pipe
    public let output: Pipe
    public let error: Pipe
  }

  /// Starts `fhirkit` with `arguments` from the package root, with `environment` added to this
  /// process's environment.
  public static func start(_ arguments: [String], environment: [String: String] = [:]) throws -> Running {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    if !environment.isEmpty {
      process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, added in added }
    }
    process.currentDirectoryURL = URL(fileURLWithPath: Fixtures.root).deletingLastPathComponent()
    let running = Running(process: process, input: Pipe(), output: Pipe(), error: Pipe())
    process.standardInput = running.input
    process.standardOutput = running.output
    process.standardError = running.error
    try process.run()
    return running
  }

  /// Runs `fhirkit` with `arguments`, feeding `stdin` to it, from the package root, with
  /// `environment` added to this process's environment.
  public static func run(_ arguments: [String], stdin: [UInt8] = [], environment: [String: String] = [:]) throws
    -> Result
  {
    let running = try start(arguments, environment: environment)
    let (process, input, output, error) = (running.process, running.input, running.output, running.error)
    // Read both streams while writing, so that a full pipe cannot block the child.
    let group = DispatchGroup()
    nonisolated(unsafe) var outData = Data()
    nonisolated(unsafe) var errData = Data()
    DispatchQueue.global().async(group: group) { outData = output.fileHandleForReading.readDataToEndOfFile() }
    DispatchQueue.global().async(group: group) { errData = error.fileHandleForReading.readDataToEndOfFile() }
    input.fileHandleForWriting.write(Data(stdin))
    try input.fileHandleForWriting.close()
    group.wait()
    process.waitUntilExit()
    return Result(
      stdout: String(decoding: outData, as: UTF8.self), stderr: String(decoding: errData, as: UTF8.self),
      exitCode: process.terminationStatus)
  }
}
