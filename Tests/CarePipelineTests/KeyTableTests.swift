@testable import CarePipeline
import Testing
import Foundation

/// The staging key table finds every key it holds, across chunk and table growth.
@Suite struct KeyTableTests {
  @Test func findsEveryKeyAndOrdersByBytes() {
    var table = KeyTable()
    let keys = (0..<50_000).map { "Observation/\($0 * 7919 % 100_003)-é" } + ["", String(repeating: "x", count: 70_000)]
    for (i, key) in keys.enumerated() { #expect(table.ordinalInserting(key) == (Int32(i), true)) }
    #expect(table.count == keys.count)
    for (i, key) in keys.enumerated() where i % 97 == 0 || key.isEmpty || key.count > 100 {
      #expect(table.ordinal(of: key) == Int32(i))
      #expect(table.key(Int32(i)) == key)
    }
    #expect(table.ordinal(of: "Observation/absent") == nil)
    #expect(table.precedes(50_000, 0))  // "" first
    #expect(table.precedes(0, 1) == (Array(keys[0].utf8).lexicographicallyPrecedes(Array(keys[1].utf8))))
    #expect(!table.precedes(3, 3))
  }

  /// `ordinalInserting` adds a key once: asked again, it gives the same ordinal and adds nothing,
  /// across table growth (keys of one type share their first bytes and often their slots' tags).
  @Test func insertsEachKeyOnce() {
    var table = KeyTable()
    let keys = (0..<20_000).map { "Observation/\(String($0 * 7919 % 100_003, radix: 16))" }
    for (i, key) in keys.enumerated() {
      let (ordinal, inserted) = table.ordinalInserting(key)
      #expect(ordinal == Int32(i) && inserted)
    }
    for (i, key) in keys.enumerated().reversed() {
      let (ordinal, inserted) = table.ordinalInserting(key)
      #expect(ordinal == Int32(i) && !inserted)
    }
    #expect(table.count == keys.count)
    #expect(table.ordinalInserting("Observation/new") == (Int32(keys.count), true))
  }
}

/// Every key comes back as it went in, is found, and sorts as its bytes do, whatever its shape.
@Suite struct KeyTableShapeTests {
  /// Keys of many shapes: prefixed or not, with a UUID (whole, cut short, uppercase, followed by
  /// more), long prefixes, non-ASCII text.
  static func keys(count: Int, seed: UInt64) -> [String] {
    var state = seed
    func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
    let hex = Array("0123456789abcdef")
    func uuid() -> String {
      String((0..<36).map { [8, 13, 18, 23].contains($0) ? "-" : hex[next(16)] })
    }
    let prefixes = [
      "", "Observation/", "Patient/", "urn:uuid:", "url:urn:uuid:", "anon:Observation:", "https://ehr.example/fhir/Patient/",
      "a/b/", "a/", "é:", String(repeating: "p", count: 70) + "/", "Obs/", "Obs2/",
    ]
    let tails = ["", "-c1", "-c12", "/_history/2", "é", ":x", "/"]
    var keys = Set<String>()
    while keys.count < count {
      let prefix = prefixes[next(prefixes.count)]
      var body: String
      switch next(5) {
      case 0: body = uuid()
      case 1: body = uuid().uppercased()
      case 2: body = String(uuid().prefix(next(36)))
      case 3: body = String(next(100_000))
      default: body = uuid().replacingOccurrences(of: "-", with: "")
      }
      keys.insert(prefix + body + tails[next(tails.count)])
    }
    var shuffled = keys.sorted()
    for i in stride(from: shuffled.count - 1, to: 0, by: -1) { shuffled.swapAt(i, next(i + 1)) }
    return shuffled
  }

  @Test func everyShapeRoundTripsIsFoundAndSortsByBytes() {
    let keys = Self.keys(count: 6_000, seed: 42)
    var table = KeyTable()
    for (i, key) in keys.enumerated() { #expect(table.ordinalInserting(key) == (Int32(i), true)) }
    for (i, key) in keys.enumerated() {
      #expect(table.key(Int32(i)) == key)
      #expect(table.ordinal(of: key) == Int32(i))
    }
    #expect(table.ordinal(of: "Observation/00000000-0000-0000-0000-00000000000g") == nil)
    for i in 0..<3_000 {
      let (a, b) = (Int32(i), Int32((i * 7_919 + 13) % keys.count))
      #expect(table.precedes(a, b) == Array(keys[Int(a)].utf8).lexicographicallyPrecedes(Array(keys[Int(b)].utf8)))
    }
  }
}
