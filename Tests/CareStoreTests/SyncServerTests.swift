import AsyncHTTPClient
import CareModel
import CarePipeline
import CareServer
import CareStore
import CareSync
import FHIRTestSupport
import Foundation
import Hummingbird
import Logging
import NIOCore
import HummingbirdTLS
import PropertyBased
import Testing

/// `fhirkit serve`'s sync routes over real loopback HTTP (async-http-client), with simulated
/// CareKit devices (``SimulatedDevice``) that pull and push through the server.
@Suite("Sync server over HTTP")
struct SyncServerTests {
  static let phoneToken = "phone-token-of-patient-p1"
  static let otherToken = "phone-token-of-patient-p2"
  static let adminToken = "admin-token-of-the-clinic"

  /// Runs `body` with a server on a free loopback port over a new SQLite store, then stops it.
  static func withServer(
    _ name: String, phonePatients: Set<String> = ["p1"], tls: ServerTLS? = nil,
    _ body: (SyncEngine, String) async throws -> Void
  ) async throws {
    let engine = SyncEngine(backend: try StoreTestSupport.newStore(.sqlite, name))
    let tokens = try AccessTokens([
      (phoneToken, .patients(phonePatients)), (otherToken, .patients(["p2"])), (adminToken, .admin),
    ])
    let server = SyncServer(
      engine: engine, tokens: tokens, configuration: .init(port: 0, maxBodyBytes: 1 << 20, tls: tls),
      logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() })
    let (ports, started) = AsyncStream.makeStream(of: Int.self)
    let task = Task { try await server.application { started.yield($0) }.runService(gracefulShutdownSignals: []) }
    var iterator = ports.makeAsyncIterator()
    let port = try #require(await iterator.next())
    do {
      try await body(engine, (tls == nil ? "http" : "https") + "://127.0.0.1:\(port)")
    } catch {
      task.cancel()
      _ = await task.result
      throw error
    }
    task.cancel()
    _ = await task.result
  }

  /// One device's HTTP side: requests with its bearer token.
  struct Remote {
    let base: String
    let token: String?
    var client = HTTPClient.shared

    enum Method { case get, post }

    func request(_ method: Method, _ path: String, body: Data? = nil, timeout: Int64 = 300) async throws
      -> (status: Int, body: Data)
    {
      var request = HTTPClientRequest(url: base + path)
      request.method = method == .get ? .GET : .POST
      if let token { request.headers.add(name: "Authorization", value: "Bearer \(token)") }
      if let body {
        request.headers.add(name: "Content-Type", value: "application/json")
        request.body = .bytes(ByteBuffer(bytes: body))
      }
      let response = try await client.execute(request, timeout: .seconds(timeout))
      let bytes = try await response.body.collect(upTo: 64 << 20)
      return (Int(response.status.code), Data(buffer: bytes))
    }

    /// CareKit's sync as a thin `OCKRemoteSynchronizable` over HTTP would run it: pull since the
    /// device's vector, merge, push the device's revision.
    func sync(_ device: SimulatedDevice) async throws -> PushReply {
      let vector = String(decoding: try CareKitJSON.makeEncoder().encode(device.vector), as: UTF8.self)
      let query = try #require(vector.addingPercentEncoding(withAllowedCharacters: .alphanumerics))
      let pulled = try await request(.get, "/revisionRecord?knowledgeVector=" + query)
      try #require(pulled.status == 200, "pull answered \(pulled.status)")
      let outgoing = device.merge(try CareKitRevisionRecord(json: pulled.body))
      let pushed = try await request(.post, "/revisionRecord", body: outgoing.json())
      try #require(pushed.status == 200, "push answered \(pushed.status)")
      return try JSONDecoder().decode(PushReply.self, from: pushed.body)
    }
  }

  static func retitle(_ device: SimulatedDevice, _ title: String, at minute: Int) {
    device.update("task", "p1-task", at: SyncEngineTests.at(minute)) { record in
      guard case .task(var task) = record else { return record }
      task.title = title
      return .task(task)
    }
  }

  @Test("two phones of one patient sync through the server: edits reach each other, a concurrent edit converges")
  func twoPhones() async throws {
    try await Self.withServer("http-two-phones") { engine, base in
      _ = try SyncEngineTests.seeded(engine)
      let remote = Remote(base: base, token: Self.phoneToken)
      let a = SimulatedDevice("a", scope: .patients(["p1"]))
      let b = SimulatedDevice("b", scope: .patients(["p1"]))
      _ = try await remote.sync(a)
      _ = try await remote.sync(b)
      #expect(a.ids("task") == ["p1-task"] && !a.ids("carePlan").contains("p2-plan"))
      Self.retitle(a, "from a", at: 5)
      #expect(try await remote.sync(a).stored == 1)
      _ = try await remote.sync(b)
      #expect(SyncEngineTests.title(b.tips("task", "p1-task").first) == "from a")
      // Both edit before either syncs.
      Self.retitle(a, "a again", at: 10)
      Self.retitle(b, "b again", at: 20)
      _ = try await remote.sync(a)
      let reply = try await remote.sync(b)
      #expect(reply.conflicts.map(\.id) == ["p1-task"] && reply.conflicts.first?.pushedWon == true)
      _ = try await remote.sync(a)
      _ = try await remote.sync(b)
      try SyncEngineTests.expectConverged([a, b], engine)
      #expect(SyncEngineTests.title(a.tips("task", "p1-task").first) == "b again")
    }
  }

  @Test("random edits, outcomes and syncs through the server converge")
  func randomSequencesOverHTTP() async throws {
    // Each sequence gets a store and a server of its own.
    await propertyCheck(count: 4, input: Gen.uint64()) { seed throws in
      try await Self.withServer("http-random-\(seed)") { engine, base in
        let phone = Remote(base: base, token: Self.phoneToken)
        let admin = Remote(base: base, token: Self.adminToken)
        try await SyncEngineTests.runRandomSequence(seed: seed, engine: engine, steps: 30) { device in
          let reply = try await (device.name == "clinic" ? admin : phone).sync(device)
          return reply.refused.map { "\($0.id): \($0.reason)" }
        }
      }
    }
  }

  @Test("no token, another patient's token, bad JSON and oversized bodies get clear answers that quote nothing")
  func refusals() async throws {
    try await Self.withServer("http-refusals") { engine, base in
      _ = try SyncEngineTests.seeded(engine)
      let anonymous = try await Remote(base: base, token: nil).request(.get, "/revisionRecord")
      #expect(anonymous.status == 401)
      #expect(try await Remote(base: base, token: "not-a-token-we-know").request(.get, "/revisionRecord").status == 401)
      let other = try await Remote(base: base, token: Self.otherToken).request(.get, "/revisionRecord")
      let seen = try CareKitRevisionRecord(json: other.body).entities.map(\.record.id)
      #expect(other.status == 200 && seen.contains("p2") && !seen.contains("p1"))

      let phone = Remote(base: base, token: Self.phoneToken)
      let truncated = try await phone.request(
        .post, "/revisionRecord", body: Data(#"{"entities":[{"type":"task","object":{"id":"secret-value","#.utf8))
      #expect(truncated.status == 400)
      #expect(!String(decoding: truncated.body, as: UTF8.self).contains("secret-value"))
      let mistyped = try await phone.request(
        .post, "/revisionRecord", body: Data(#"{"entities":[],"knowledgeVector":{"processes":"secret-value"}}"#.utf8))
      let problem = String(decoding: mistyped.body, as: UTF8.self)
      #expect(mistyped.status == 400 && problem.contains("knowledgeVector") && !problem.contains("secret-value"))
      let badVector = try await phone.request(.get, "/revisionRecord?knowledgeVector=secret-value")
      #expect(badVector.status == 400 && !String(decoding: badVector.body, as: UTF8.self).contains("secret-value"))
      let large = try await phone.request(.post, "/revisionRecord", body: Data(repeating: 0x20, count: 2 << 20))
      #expect(large.status == 413)
    }
  }

  @Test("over HTTPS: phones that trust the server's certificate sync; one that does not, and plain HTTP, get nothing")
  func https() async throws {
    let certificate = Fixtures.root + "/tls/localhost.crt"
    let tls = try ServerTLS(certificateFile: certificate, keyFile: Fixtures.root + "/tls/localhost.key")
    var trusting = TLSConfiguration.makeClientConfiguration()
    trusting.trustRoots = .file(certificate)
    let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: .init(tlsConfiguration: trusting))
    do {
      try await Self.withServer("https", tls: tls) { engine, base in
        _ = try SyncEngineTests.seeded(engine)
        let phone = SimulatedDevice("phone", scope: .patients(["p1"]))
        let remote = Remote(base: base, token: Self.phoneToken, client: client)
        _ = try await remote.sync(phone)
        #expect(phone.ids("task") == ["p1-task"])
        Self.retitle(phone, "over TLS", at: 5)
        #expect(try await remote.sync(phone).stored == 1)
        // The system's trust store does not know the certificate (the client gives up on the
        // handshake only at its deadline); plain HTTP gets no answer.
        await #expect(throws: (any Error).self) {
          _ = try await Remote(base: base, token: Self.phoneToken).request(.get, "/revisionRecord", timeout: 5)
        }
        let plain = base.replacingOccurrences(of: "https://", with: "http://")
        await #expect(throws: (any Error).self) {
          _ = try await Remote(base: plain, token: Self.phoneToken).request(.get, "/revisionRecord", timeout: 5)
        }
      }
    } catch {
      try await client.shutdown()
      throw error
    }
    try await client.shutdown()
  }

  @Test(
    "FHIR imported through POST /$import reaches a phone on its next pull; its outcome comes back from GET /Observation"
  )
  func fhirInAndOut() async throws {
    // An R4 Synthea bundle whose patient gets tasks.
    let (path, patientID) = try #require(
      StoreTestSupport.syntheaBundles.filter { $0.hasPrefix("r4/") }.lazy.compactMap { path -> (String, String)? in
        guard let result = try? Pipeline().run(StoreTestSupport.input([path])), !result.tasks.isEmpty,
          let patient = result.patients.first
        else { return nil }
        return (path, patient.id)
      }.first)
    try await Self.withServer("http-fhir", phonePatients: [patientID]) { engine, base in
      let admin = Remote(base: base, token: Self.adminToken)
      let phone = Remote(base: base, token: Self.phoneToken)
      #expect(try await phone.request(.post, "/$import", body: Data(Fixtures.bytes(path))).status == 403)
      let imported = try await admin.request(.post, "/$import", body: Data(Fixtures.bytes(path)))
      #expect(imported.status == 200)
      let reply = try JSONSerialization.jsonObject(with: imported.body) as? [String: Any]
      let counts = reply?["counts"] as? [String: [String: Int]]
      #expect((counts?["task"]?["added"] ?? 0) > 0)

      let device = SimulatedDevice("phone", scope: .patients([patientID]))
      _ = try await phone.sync(device)
      #expect(device.ids("patient") == [patientID])
      let task = try #require(device.ids("task").first.flatMap { device.tips("task", $0).first })

      func observations() async throws -> [[String: Any]] {
        let answer = try await phone.request(.get, "/Observation?patient=" + patientID)
        try #require(answer.status == 200)
        let bundle = try JSONSerialization.jsonObject(with: answer.body) as? [String: Any]
        #expect(bundle?["type"] as? String == "searchset")
        return (bundle?["entry"] as? [[String: Any]] ?? []).compactMap { $0["resource"] as? [String: Any] }
      }
      let before = try await observations()
      var outcome = OutcomeEntity(
        id: "recorded-on-the-phone", taskUUID: task.uuid, taskOccurrenceIndex: 0,
        values: [OutcomeValue(.integer(7), createdDate: SyncEngineTests.at(1))], effectiveDate: SyncEngineTests.at(1),
        timezone: SyncEngineTests.utc)
      outcome.updatedDate = SyncEngineTests.at(1)
      device.create(.outcome(outcome))
      #expect(try await phone.sync(device).stored == 1)
      let after = try await observations()
      #expect(after.count == before.count + 1)
      #expect(after.allSatisfy { $0["resourceType"] as? String == "Observation" })
      let patientAnswer = try await phone.request(.get, "/Patient/" + patientID)
      #expect(patientAnswer.status == 200 && String(decoding: patientAnswer.body, as: UTF8.self).contains(patientID))
      #expect(try await phone.request(.get, "/Observation?patient=someone-else").status == 403)
      #expect(try await phone.request(.get, "/Patient/someone-else").status == 403)
      _ = engine
    }
  }
}
