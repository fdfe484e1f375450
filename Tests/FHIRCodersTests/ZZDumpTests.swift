import CareModel
import FHIRCoders
import FHIRCore
import FHIRDSTU2
import FHIRJSON
import FHIRR4
import FHIRTestSupport
import Foundation
import Testing

// THROWAWAY (not committed): dumps every fixture Observation and Patient's entities and reports.
@Suite struct ZZDumpTests {
  static func units(_ folder: String) -> [[UInt8]] {
    var units: [[UInt8]] = []
    for path in Fixtures.files(extensions: ["json"], under: folder) { units.append(Fixtures.bytes(path)) }
    for path in Fixtures.files(extensions: ["ndjson"], under: folder) {
      for line in Fixtures.bytes(path).split(separator: 0x0A) where !line.isEmpty { units.append(Array(line)) }
    }
    return units
  }

  static func text<E>(_ e: E) -> String {
    var s = ""
    dump(e, to: &s)
    return s
  }

  static func reportText(_ r: ConversionReport) -> String {
    var s = ""
    for (d, m) in r.counts.sorted(by: { "\($0.key)" < "\($1.key)" }) {
      s += "\(d):"
      for (k, v) in m.sorted(by: { $0.key < $1.key }) { s += " \(k)=\(v)" }
      s += "\n"
    }
    return s + "hash-eq-self \(r == r)\n"
  }

  static func one<C: ResourceCoder>(_ coder: C, _ r: C.Resource, _ source: ResourceSource?, into out: inout String)
  where C.Resource: FHIREncodable, C.Entity: CareEntity {
    var quiet = coder
    for (label, c, s) in [("src", coder, source), ("write", coder, nil)] as [(String, C, ResourceSource?)] {
      do {
        let conv = try c.decode(r, from: s)
        out += "\(label)\n" + text(conv.value) + reportText(conv.report)
        out += "dates \(conv.value.effectiveDate.timeIntervalSince1970) \(conv.value.createdDate?.timeIntervalSince1970 ?? -1)\n"
        if let back = try? c.encode(conv.value) {
          out += String(decoding: back.value.jsonBytes(), as: UTF8.self) + "\n" + reportText(back.report)
        }
      } catch {
        out += "\(label) error \(error)\n"
      }
    }
    _ = quiet
  }

  @Test func dumpAll() throws {
    guard let outPath = ProcessInfo.processInfo.environment["DUMP_OUT"] else { return }
    var out = ""
    for bytes in Self.units("r4") {
      guard let tokens = try? Chunked.tokens(bytes, chunkSize: bytes.count),
        let decoded = try? FHIRR4.AnyResource.decode(from: tokens), let top = decoded.value
      else { continue }
      let source = ResourceSource(tokens: tokens, issues: decoded.issues)
      var list: [(FHIRR4.AnyResource, ResourceSource?)] = [(top, source)]
      if case .bundle(let b) = top {
        list = b.entry.enumerated().compactMap { i, e in e.resource.map { ($0, source?.element("entry", i)?.member("resource")) } }
      }
      for (resource, src) in list {
        switch resource {
        case .patient(let r):
          out += "R4 Patient \(r.id?.string ?? "-") src=\(src != nil)\n"
          Self.one(R4PatientCoder(), r, src, into: &out)
          var q = R4PatientCoder(); q.accountsForEveryElement = false
          Self.one(q, r, src, into: &out)
        case .observation(let r):
          out += "R4 Observation \(r.id?.string ?? "-") src=\(src != nil)\n"
          Self.one(R4ObservationCoder(), r, src, into: &out)
          var q = R4ObservationCoder(); q.accountsForEveryElement = false
          Self.one(q, r, src, into: &out)
        default: continue
        }
      }
    }
    for bytes in Self.units("dstu2") {
      guard let tokens = try? Chunked.tokens(bytes, chunkSize: bytes.count),
        let decoded = try? FHIRDSTU2.AnyResource.decode(from: tokens), let top = decoded.value
      else { continue }
      let source = ResourceSource(tokens: tokens, issues: decoded.issues)
      var list: [(FHIRDSTU2.AnyResource, ResourceSource?)] = [(top, source)]
      if case .bundle(let b) = top {
        list = b.entry.enumerated().compactMap { i, e in e.resource.map { ($0, source?.element("entry", i)?.member("resource")) } }
      }
      for (resource, src) in list {
        switch resource {
        case .patient(let r):
          out += "DSTU2 Patient \(r.id?.string ?? "-") src=\(src != nil)\n"
          Self.one(DSTU2PatientCoder(), r, src, into: &out)
          var q = DSTU2PatientCoder(); q.accountsForEveryElement = false
          Self.one(q, r, src, into: &out)
        case .observation(let r):
          out += "DSTU2 Observation \(r.id?.string ?? "-") src=\(src != nil)\n"
          Self.one(DSTU2ObservationCoder(), r, src, into: &out)
          var q = DSTU2ObservationCoder(); q.accountsForEveryElement = false
          Self.one(q, r, src, into: &out)
        default: continue
        }
      }
    }
    try out.write(toFile: outPath, atomically: true, encoding: .utf8)
  }

  /// Which R4 Patients decode with issues (other than unknown elements), and which issues.
  @Test func patientIssues() throws {
    guard let outPath = ProcessInfo.processInfo.environment["ISSUES_OUT"] else { return }
    var out = ""
    var lines: [[UInt8]] = []
    for path in Fixtures.files(extensions: ["json"], under: "r4") {
      let value = try Fixtures.bytes(path).withUnsafeBytes { try JSONValue(parsing: $0) }
      if let entries = value["entry"]?.arrayValue {
        for entry in entries { if let resource = entry["resource"] { lines.append(JSONWriter.bytes(of: resource)) } }
      } else { lines.append(JSONWriter.bytes(of: value)) }
    }
    for path in Fixtures.files(extensions: ["ndjson"], under: "r4") {
      for line in Fixtures.bytes(path).split(separator: 0x0A) where !line.isEmpty { lines.append(Array(line)) }
    }
    for bytes in lines {
      guard let tokens = try? Chunked.tokens(bytes, chunkSize: bytes.count),
        let decoded = try? FHIRR4.AnyResource.decode(from: tokens), let top = decoded.value
      else { continue }
      guard case .patient(let p) = top else { continue }
      let bad = decoded.issues.filter { $0.code != .unknownElement }
      if !bad.isEmpty { out += "\(p.id?.string ?? "-"): \(bad.map { "\($0.code) \($0.path)" })\n" }
    }
    try out.write(toFile: outPath, atomically: true, encoding: .utf8)
  }
}
