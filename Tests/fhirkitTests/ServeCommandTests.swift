import FHIRTestSupport
import Foundation
import Testing

/// The built `fhirkit serve`, as users run it: started on a store with a tokens file, probed by
/// schemathesis against docs/openapi.yaml (no answer may be a 5xx), stopped by SIGTERM; its log
/// carries no token. schemathesis comes from PyPI (`Scripts/test.sh` installs it when missing);
/// without it this test fails with the reason.
@Suite("fhirkit serve", .serialized)
struct ServeCommandTests {
  static let admin = "serve-test-admin-token-0001"

  /// Runs `tool` and returns its exit code and output (stdout and stderr together).
  static func run(_ tool: String, _ arguments: [String]) throws -> (code: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [tool] + arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: output, as: UTF8.self))
  }

  /// Starts the built `fhirkit` with `arguments` (a `serve` command on port 0) and waits for the
  /// line that says where it listens; returns the process, its stderr, the port and what it wrote
  /// until then.
  static func startServer(_ arguments: [String], scheme: String = "http") throws
    -> (server: Process, log: Pipe, port: Int, seen: Data)
  {
    let server = Process()
    server.executableURL = CommandRunner.executable
    server.arguments = arguments
    let log = Pipe()
    server.standardError = log
    try server.run()
    var seen = Data()
    let started = Date()
    while Date().timeIntervalSince(started) < 60 {
      let chunk = log.fileHandleForReading.availableData
      if chunk.isEmpty { break }
      seen.append(chunk)
      let text = String(decoding: seen, as: UTF8.self)
      if let range = text.range(of: "listening on \(scheme)://127\\.0\\.0\\.1:(\\d+)", options: .regularExpression),
        let port = Int(text[range].split(separator: ":").last ?? "")
      {
        return (server, log, port, seen)
      }
    }
    server.terminate()
    throw ServerDidNotStart(output: String(decoding: seen, as: UTF8.self))
  }

  /// `fhirkit serve` ended or stayed silent without saying where it listens.
  struct ServerDidNotStart: Error, CustomStringConvertible {
    var output: String
    var description: String { "fhirkit serve did not say where it listens: \(output)" }
  }

  @Test("schemathesis finds no server error in any endpoint of docs/openapi.yaml; SIGTERM stops the server")
  func openAPIWithoutServerErrors() throws {
    let folder = TemporaryFolders.make("serve")
    let store = folder + "/store.sqlite"
    let bundle = Fixtures.root + "/" + Fixtures.files(extensions: ["json"], under: "r4/bundles")[0]
    let imported = try CommandRunner.run(["import", "--store", store, bundle])
    #expect(imported.exitCode == 0, "\(imported.stderr)")
    let tokens = folder + "/tokens.json"
    try Data(
      #"{"tokens":[{"token":"\#(Self.admin)","admin":true},{"token":"serve-test-device-token-01","patients":["p1"]}]}"#
        .utf8
    )
    .write(to: URL(fileURLWithPath: tokens))

    let (server, log, bound, early) = try Self.startServer([
      "serve", "--store", store, "--tokens", tokens, "--listen", "127.0.0.1:0", "--max-body-mib", "1",
    ])
    defer { if server.isRunning { server.terminate() } }
    var seen = early

    let spec = Fixtures.root + "/../docs/openapi.yaml"
    let probe = try Self.run(
      "st",
      [
        "run", spec, "--url", "http://127.0.0.1:\(bound)", "-H", "Authorization: Bearer \(Self.admin)",
        "--checks", "not_a_server_error", "--max-examples", "10", "--seed", "20261127",
      ])
    #expect(probe.code == 0, "schemathesis (pip install schemathesis): \(probe.output.suffix(3000))")

    server.terminate()
    server.waitUntilExit()
    seen.append(log.fileHandleForReading.readDataToEndOfFile())
    let text = String(decoding: seen, as: UTF8.self)
    #expect(server.terminationReason == .exit && server.terminationStatus == 0, "\(text.suffix(2000))")
    #expect(text.contains("GET /revisionRecord 200") && text.contains("POST /revisionRecord"))
    #expect(!text.contains(Self.admin))
  }

  @Test("--tls-cert and --tls-key: HTTPS that curl accepts with the certificate; a missing file or half the pair is refused")
  func https() throws {
    let folder = TemporaryFolders.make("serve-tls")
    let tokens = folder + "/tokens.json"
    try Data(#"{"tokens":[{"token":"\#(Self.admin)","admin":true}]}"#.utf8).write(to: URL(fileURLWithPath: tokens))
    let certificate = Fixtures.root + "/tls/localhost.crt"
    let key = Fixtures.root + "/tls/localhost.key"
    let store = folder + "/store.sqlite"

    let half = try CommandRunner.run(["serve", "--store", store, "--tokens", tokens, "--tls-cert", certificate])
    #expect(half.exitCode == 2 && half.stderr.contains("--tls-cert and --tls-key go together"), "\(half.stderr)")
    let missing = try CommandRunner.run([
      "serve", "--store", store, "--tokens", tokens, "--tls-cert", folder + "/none.crt", "--tls-key", key,
    ])
    #expect(missing.exitCode == 2 && missing.stderr.contains("none.crt: cannot be read"), "\(missing.stderr)")
    let swapped = try CommandRunner.run([
      "serve", "--store", store, "--tokens", tokens, "--tls-cert", key, "--tls-key", certificate,
    ])
    #expect(swapped.exitCode == 2 && swapped.stderr.contains("holds no PEM certificate"), "\(swapped.stderr)")

    let (server, _, bound, _) = try Self.startServer(
      [
        "serve", "--store", store, "--tokens", tokens, "--listen", "127.0.0.1:0", "--tls-cert", certificate,
        "--tls-key", key,
      ], scheme: "https")
    defer { if server.isRunning { server.terminate() } }
    let pull = try Self.run(
      "curl",
      [
        "-sS", "-o", "/dev/null", "-w", "%{http_code}", "--cacert", certificate, "-H", "Authorization: Bearer \(Self.admin)",
        "https://localhost:\(bound)/revisionRecord",
      ])
    #expect(pull.code == 0 && pull.output == "200", "curl: \(pull.output)")
    let untrusted = try Self.run("curl", ["-sS", "-o", "/dev/null", "https://localhost:\(bound)/revisionRecord"])
    #expect(untrusted.code != 0)
    server.terminate()
    server.waitUntilExit()
    #expect(server.terminationStatus == 0)
  }
}
