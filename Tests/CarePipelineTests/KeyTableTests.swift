@testable import CarePipeline
import Testing

/// The staging key table finds every key it holds, across chunk and table growth.
@Suite struct KeyTableTests {
  @Test func findsEveryKeyAndOrdersByBytes() {
    var table = KeyTable()
    let keys = (0..<50_000).map { "Observation/\($0 * 7919 % 100_003)-é" } + ["", String(repeating: "x", count: 70_000)]
    for (i, key) in keys.enumerated() { #expect(table.insert(key) == Int32(i)) }
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
}
