import CareModel
import CarePipeline
import CareStore
import CareStoreFHIR
import CareSync
import Foundation
import Hummingbird

/// FHIR in and out: `POST /$import` runs the pipeline on NDJSON or Bundles (either release) into
/// the store, so devices see the result on their next pull; `GET /{type}?patient=…` and
/// `GET /Patient/{id}` answer the store's entities as FHIR, R4 unless the `Accept` header asks
/// for DSTU2 (`application/fhir+json; fhirVersion=1.0`), through the exporter's coders.
struct FHIRRoutes: Sendable {
  let engine: SyncEngine
  let tokens: AccessTokens
  let maxBodyBytes: Int

  /// The resource types a read may ask for: what the exporter writes.
  static let types: Set<String> = ["Patient", "CarePlan", "MedicationRequest", "MedicationOrder", "Observation"]

  /// `POST /$import` (admin tokens only).
  func importFHIR(_ request: Request) async throws -> Response {
    guard case .admin = try grant(request) else {
      throw ProblemResponse(.forbidden, "importing needs an admin token")
    }
    let body: ByteBuffer
    do {
      body = try await request.body.collect(upTo: maxBodyBytes)
    } catch {
      throw ProblemResponse(.contentTooLarge, "the body is larger than \(maxBodyBytes) bytes")
    }
    let data = Data(buffer: body)
    let backend = engine.backend
    let reply = try await SyncRoutes.offload { () throws -> ImportReply in
      // The pipeline tells the framing from the bytes, as it does for a file.
      let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fhirkit-import-" + UUID().uuidString)
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      defer { try? FileManager.default.removeItem(at: folder) }
      let file = folder.appendingPathComponent("body.json")
      try data.write(to: file)
      let result = try Pipeline().run([.path(file.path)])
      let issues = result.report.inputIssues.filter { !$0.isInformation }
      let summary = try CareStore(backend: backend).importResult(result)
      return ImportReply(summary, issues: issues.map { Self.describe($0) })
    }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    return SyncRoutes.json(try encoder.encode(reply))
  }

  /// `GET /{type}?patient={id}`: a searchset Bundle.
  func search(_ request: Request, type: String) async throws -> Response {
    guard Self.types.contains(type) else {
      throw ProblemResponse(.notFound, "no such resource type here", path: "type")
    }
    let scope = try grant(request).scope
    let patient = request.uri.queryParameters["patient"].map(String.init)
    if case .patients = scope, !scope.allows(patient: patient) {
      throw ProblemResponse(.forbidden, "this token may read its own patients only (give patient=…)", path: "patient")
    }
    let items = try await export(patient: patient, release: Self.release(request)).filter { $0.type == type }
    return Self.fhir(Self.searchset(items))
  }

  /// `GET /Patient/{id}`.
  func patient(_ request: Request, id: String) async throws -> Response {
    guard try grant(request).scope.allows(patient: id) else {
      throw ProblemResponse(.forbidden, "this token may read its own patients only")
    }
    let items = try await export(patient: id, release: Self.release(request)).filter { $0.type == "Patient" }
    guard let item = items.first else { throw ProblemResponse(.notFound, "no such patient") }
    return Self.fhir(Data(item.json))
  }

  private func export(patient: String?, release: StoreExporter.Target) async throws -> [StoreExporter.Item] {
    let backend = engine.backend
    return try await SyncRoutes.offload {
      try StoreExporter(store: CareStore(backend: backend), patientID: patient).items(release)
    }
  }

  private func grant(_ request: Request) throws -> AccessTokens.Grant {
    guard let grant = tokens.grant(authorization: request.headers[.authorization]) else {
      throw ProblemResponse(.unauthorized, "a valid bearer token is required")
    }
    return grant
  }

  /// DSTU2 when the `Accept` header names FHIR version 1.0, else R4.
  static func release(_ request: Request) -> StoreExporter.Target {
    let accept = request.headers[.accept]?.lowercased() ?? ""
    return accept.contains("fhirversion=1.0") ? .dstu2 : .r4
  }

  static func searchset(_ items: [StoreExporter.Item]) -> Data {
    var out = Data(#"{"resourceType":"Bundle","type":"searchset","total":\#(items.count),"entry":["#.utf8)
    for (i, item) in items.enumerated() {
      if i > 0 { out.append(UInt8(ascii: ",")) }
      out.append(contentsOf: #"{"fullUrl":"urn:uuid:\#(item.uuid.uuidString.lowercased())","resource":"#.utf8)
      out.append(contentsOf: item.json)
      out.append(UInt8(ascii: "}"))
    }
    out.append(contentsOf: "]}".utf8)
    return out
  }

  static func fhir(_ data: Data) -> Response {
    Response(
      status: .ok, headers: [.contentType: "application/fhir+json"], body: .init(byteBuffer: ByteBuffer(bytes: data)))
  }

  /// An input issue by place and reason (its message names no value).
  static func describe(_ issue: InputIssue) -> String {
    var place: [String] = []
    if let line = issue.line { place.append("line \(line)") }
    if let entry = issue.entry { place.append("entry \(entry)") }
    if let path = issue.path { place.append(path) }
    return (place.isEmpty ? "" : place.joined(separator: ", ") + ": ") + issue.message
  }
}

/// The answer to `POST /$import`: entities added, new versions and unchanged, per kind; input
/// issues by place and reason.
struct ImportReply: Codable, Hashable, Sendable {
  struct Counts: Codable, Hashable, Sendable {
    var added: Int
    var newVersions: Int
    var unchanged: Int
  }

  var counts: [String: Counts]
  var failures: [String]
  var inputIssues: [String]

  init(_ summary: ImportSummary, issues: [String]) {
    counts = Dictionary(
      uniqueKeysWithValues: summary.counts.map {
        (
          $0.key.rawValue,
          Counts(added: $0.value.added, newVersions: $0.value.newVersions, unchanged: $0.value.unchanged)
        )
      })
    failures = summary.failures.map(\.description)
    inputIssues = issues
  }
}
