import ArgumentParser
import CareServer
import CareStore
import CareStoreLocation
import CareSync
import Dispatch
import Foundation
import Logging

/// `fhirkit serve`: the store served to CareKit devices (remote sync over HTTP).
struct ServeCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "serve",
    abstract: "Serve a store to CareKit devices: the server side of CareKit's remote sync.",
    discussion: """
      GET /revisionRecord?knowledgeVector=… answers what a device has not seen; POST \
      /revisionRecord takes a device's revision record. Every request needs a bearer token \
      from --tokens; a device token reaches its patients only. Listens on loopback unless \
      --listen names another address, HTTPS with --tls-cert and --tls-key. One line per \
      request goes to stderr (method, route, status), never patient data. SIGINT or SIGTERM stop it once the requests in flight are \
      answered (exit code 0). See docs/sync.md.
      Examples:
        fhirkit serve --store care.sqlite --tokens tokens.json
        fhirkit serve --store postgresql://care@db/care --tokens tokens.json --listen 0.0.0.0:8443 \\
          --tls-cert server.crt --tls-key server.key
      """)

  @Option(help: "The store: a file (SQLite, created if missing) or a postgresql:// URL.")
  var store: String

  @Option(help: "The bearer tokens file (JSON, see docs/sync.md).")
  var tokens: String

  @Option(help: "host:port to listen on; port 0 picks a free one (printed on stderr).")
  var listen: String = "127.0.0.1:8080"

  @Option(help: "The largest request body accepted, in MiB.")
  var maxBodyMib: Int = 32

  @Option(help: "Answer HTTPS with this PEM certificate (chain); needs --tls-key.")
  var tlsCert: String?

  @Option(help: "The PEM private key of --tls-cert.")
  var tlsKey: String?

  func validate() throws {
    guard (1...1024).contains(maxBodyMib) else { throw ValidationError("--max-body-mib must be 1…1024") }
    guard (tlsCert == nil) == (tlsKey == nil) else { throw ValidationError("--tls-cert and --tls-key go together") }
    _ = try address()
  }

  /// `--listen` as host and port.
  func address() throws -> (host: String, port: Int) {
    guard let colon = listen.lastIndex(of: ":"), let port = Int(listen[listen.index(after: colon)...]),
      (0...65535).contains(port), colon != listen.startIndex
    else { throw ValidationError("--listen must be host:port, e.g. 127.0.0.1:8080") }
    return (String(listen[..<colon]).trimmingCharacters(in: CharacterSet(charactersIn: "[]")), port)
  }

  func run() throws {
    let accepted: AccessTokens
    do {
      accepted = try AccessTokens(file: tokens)
    } catch let error as AccessTokens.FileError {
      throw CLIError(message: error.description, exitCode: ExitCode(2))
    }
    let backend: any CareStoreBackend
    do {
      backend = try StoreLocation(store).open()
    } catch let error as StoreError {
      throw CLIError.unreadable("\(error)")
    }
    var tls: ServerTLS?
    if let tlsCert, let tlsKey {
      do {
        tls = try ServerTLS(certificateFile: tlsCert, keyFile: tlsKey)
      } catch let error as ServerTLS.FileError {
        throw CLIError(message: error.description, exitCode: ExitCode(2))
      }
    }
    let (host, port) = try address()
    let logger = Logger(label: "fhirkit.serve") { StreamLogHandler.standardError(label: $0) }
    let server = SyncServer(
      engine: SyncEngine(backend: backend), tokens: accepted,
      configuration: .init(host: host, port: port, maxBodyBytes: maxBodyMib << 20, tls: tls), logger: logger)
    // The server drains its requests on SIGINT and SIGTERM, then the command exits with 0.
    Interruption.shared.release([SIGINT, SIGTERM])
    let done = DispatchSemaphore(value: 0)
    let outcome = ServeOutcome()
    Task {
      do {
        let scheme = tls == nil ? "http" : "https"
        try await server.run { bound in printError("fhirkit serve: listening on \(scheme)://\(host):\(bound)") }
      } catch {
        outcome.error = error
      }
      done.signal()
    }
    done.wait()
    if let error = outcome.error { throw CLIError.unreadable("cannot serve on \(listen): \(error)") }
  }
}

/// How the server ended, handed from its task to the command's thread (after `done` is signalled).
private final class ServeOutcome: @unchecked Sendable {
  var error: (any Error)?
}
