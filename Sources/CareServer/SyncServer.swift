public import CareSync
import Foundation
public import Hummingbird
import HummingbirdTLS
public import Logging

/// `fhirkit serve`: the server side of CareKit's remote sync over a care store, on Hummingbird.
///
/// - `GET /revisionRecord?knowledgeVector=<CareKit JSON>` answers the revision record of every
///   version in the token's scope that a device knowing that vector has not seen
///   (``SyncEngine/pull(since:scope:)``); without the parameter, everything in scope.
/// - `POST /revisionRecord` with a CareKit revision record stores the device's versions
///   (``SyncEngine/push(_:scope:)``) and answers a ``PushReply``.
///
/// FHIR in and out: `POST /$import` (admin tokens) runs the pipeline on NDJSON or Bundles into
/// the store; `GET /{type}?patient=…` and `GET /Patient/{id}` answer the store's entities as R4
/// (DSTU2 on request) through the exporter's coders.
///
/// Every request needs a bearer token (``AccessTokens``). Bodies are limited in size; bad JSON
/// answers 400 with the place and the reason, never a value; logs name the method, route and
/// status, never patient data or tokens.
public struct SyncServer: Sendable {
  /// Where and how the server listens.
  public struct Configuration: Sendable {
    /// The address to bind (loopback unless told otherwise).
    public var host: String
    /// The port (0: any free port, reported to `onRunning`).
    public var port: Int
    /// The largest request body accepted, in bytes.
    public var maxBodyBytes: Int
    /// HTTPS with this certificate and key; `nil`: plain HTTP.
    public var tls: ServerTLS?

    /// Creates a configuration: loopback, port 8080, bodies up to 32 MiB, plain HTTP by default.
    public init(host: String = "127.0.0.1", port: Int = 8080, maxBodyBytes: Int = 32 << 20, tls: ServerTLS? = nil) {
      self.host = host
      self.port = port
      self.maxBodyBytes = maxBodyBytes
      self.tls = tls
    }
  }

  /// The sync engine over the store.
  public let engine: SyncEngine
  /// The tokens accepted.
  public let tokens: AccessTokens
  /// Where and how the server listens.
  public let configuration: Configuration
  /// Where request lines go.
  public let logger: Logger

  /// Creates a server.
  public init(engine: SyncEngine, tokens: AccessTokens, configuration: Configuration = Configuration(), logger: Logger)
  {
    self.engine = engine
    self.tokens = tokens
    self.configuration = configuration
    self.logger = logger
  }

  /// The Hummingbird application; `onRunning` gets the bound port once the server listens.
  /// - Throws: What setting up TLS throws.
  public func application(onRunning: @escaping @Sendable (Int) async -> Void = { _ in }) throws
    -> some ApplicationProtocol
  {
    let router = Router()
    router.middlewares.add(RequestLogger(logger: logger))
    let routes = SyncRoutes(engine: engine, tokens: tokens, maxBodyBytes: configuration.maxBodyBytes)
    router.get("revisionRecord") { request, _ in try await routes.pull(request) }
    router.post("revisionRecord") { request, _ in try await routes.push(request) }
    let fhir = FHIRRoutes(engine: engine, tokens: tokens, maxBodyBytes: configuration.maxBodyBytes)
    router.post("$import") { request, _ in try await fhir.importFHIR(request) }
    router.get("Patient/:id") { request, context in
      try await fhir.patient(request, id: try context.parameters.require("id"))
    }
    router.get(":type") { request, context in
      try await fhir.search(request, type: try context.parameters.require("type"))
    }
    return Application(
      router: router,
      server: try configuration.tls.map { try .tls(.http1(), tlsConfiguration: $0.configuration) } ?? .http1(),
      configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: "fhirkit"),
      onServerRunning: { channel in await onRunning(channel.localAddress?.port ?? 0) },
      logger: logger)
  }

  /// Runs until SIGINT or SIGTERM (or until the task is cancelled).
  /// - Throws: What binding the address throws.
  public func run(onRunning: @escaping @Sendable (Int) async -> Void = { _ in }) async throws {
    try await application(onRunning: onRunning).runService()
  }
}

/// Logs one line per request: method, route, status and time — no query, body or token.
struct RequestLogger: RouterMiddleware {
  let logger: Logger

  func handle(
    _ request: Request, context: BasicRequestContext, next: (Request, BasicRequestContext) async throws -> Response
  ) async throws -> Response {
    let start = ContinuousClock.now
    do {
      let response = try await next(request, context)
      log(request, status: response.status.code, since: start)
      return response
    } catch let error as any HTTPResponseError {
      log(request, status: error.status.code, since: start)
      throw error
    } catch {
      log(request, status: 500, since: start)
      throw error
    }
  }

  private func log(_ request: Request, status: Int, since start: ContinuousClock.Instant) {
    let elapsed = ContinuousClock.now - start
    logger.info(
      "\(request.method) \(request.uri.path) \(status)",
      metadata: ["ms": "\(elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000)"])
  }
}
