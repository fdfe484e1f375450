import CareModel
import CareStore
import CareSync
import Foundation
import HTTPTypes
import Hummingbird

/// The handlers of the sync routes. Store calls block, so they run on Dispatch's threads, not
/// on the server's.
struct SyncRoutes: Sendable {
  let engine: SyncEngine
  let tokens: AccessTokens
  let maxBodyBytes: Int

  /// `GET /revisionRecord?knowledgeVector=…`
  func pull(_ request: Request) async throws -> Response {
    let scope = try authorize(request)
    let vector = try Self.knowledgeVector(request)
    let record = try await Self.offload { try engine.pull(since: vector, scope: scope) }
    return Self.json(record.json())
  }

  /// `POST /revisionRecord`
  func push(_ request: Request) async throws -> Response {
    let scope = try authorize(request)
    let body: ByteBuffer
    do {
      body = try await request.body.collect(upTo: maxBodyBytes)
    } catch {
      throw ProblemResponse(.contentTooLarge, "the body is larger than \(maxBodyBytes) bytes")
    }
    let record: CareKitRevisionRecord
    do {
      record = try CareKitRevisionRecord(json: Data(buffer: body))
    } catch let error as CareKitFormatError {
      throw ProblemResponse(.badRequest, error.message, path: error.path)
    }
    let summary = try await Self.offload { try engine.push(record, scope: scope) }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    return Self.json(try encoder.encode(PushReply(summary)))
  }

  /// The `knowledgeVector` query parameter (CareKit's JSON, percent-encoded); none: an empty one.
  static func knowledgeVector(_ request: Request) throws -> KnowledgeVector {
    guard let text = request.uri.queryParameters["knowledgeVector"] else { return KnowledgeVector() }
    do {
      return try CareKitJSON.makeDecoder().decode(KnowledgeVector.self, from: Data(text.utf8))
    } catch {
      throw ProblemResponse(
        .badRequest, "the knowledgeVector parameter is not a CareKit knowledge vector", path: "knowledgeVector")
    }
  }

  private func authorize(_ request: Request) throws -> SyncScope {
    guard let grant = tokens.grant(authorization: request.headers[.authorization]) else {
      throw ProblemResponse(.unauthorized, "a valid bearer token is required")
    }
    return grant.scope
  }

  static func json(_ data: Data) -> Response {
    Response(
      status: .ok, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(bytes: data)))
  }

  /// Runs blocking store work on a Dispatch thread and awaits it. A store failure answers 503
  /// (busy, connection lost) or 500 naming the operation, never the store's location or a value.
  static func offload<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    do {
      return try await withCheckedThrowingContinuation { continuation in
        DispatchQueue.global().async { continuation.resume(with: Result { try work() }) }
      }
    } catch let error as StoreError {
      let status: HTTPResponse.Status =
        [.busy, .connectionLost].contains(error.kind) ? .serviceUnavailable : .internalServerError
      throw ProblemResponse(status, "the store failed (\(error.kind.rawValue)) while \(error.operation)")
    }
  }
}
