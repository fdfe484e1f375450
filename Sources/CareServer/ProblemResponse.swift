import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// An error answer: its status and a JSON body `{"error":{"status":…,"reason":…,"path":…}}`
/// that says where and what, never quoting the request's values.
struct ProblemResponse: HTTPResponseError {
  let status: HTTPResponse.Status
  let reason: String
  let path: String?

  init(_ status: HTTPResponse.Status, _ reason: String, path: String? = nil) {
    self.status = status
    self.reason = reason
    self.path = path
  }

  var headers: HTTPFields {
    var fields: HTTPFields = [.contentType: "application/json"]
    if status == .unauthorized { fields[.wwwAuthenticate] = "Bearer" }
    return fields
  }

  private struct Body: Encodable {
    struct Problem: Encodable {
      var status: Int
      var reason: String
      var path: String?
    }
    var error: Problem
  }

  func response(from request: Request, context: some RequestContext) throws -> Response {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    let data = try encoder.encode(Body(error: .init(status: status.code, reason: reason, path: path)))
    return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: data)))
  }
}
