@testable import FHIRCoders
import Testing

/// The walk's table compares keys a word at a time, its last word by overlapping loads: every
/// length and every differing position must still compare as byte by byte.
@Suite struct PathTableTests {
  @Test func wordComparisonEqualsByteComparison() {
    for count in 0...40 {
      let a = (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
      a.withUnsafeBytes { left in
        var same = a
        same.withUnsafeBytes { right in
          #expect(PathTable.equal(left.baseAddress ?? UnsafeRawPointer(bitPattern: 8)!, right.baseAddress ?? UnsafeRawPointer(bitPattern: 8)!, count))
        }
        for position in 0..<count {
          same = a
          same[position] ^= 0x20
          same.withUnsafeBytes { right in
            #expect(!PathTable.equal(left.baseAddress!, right.baseAddress!, count), "length \(count), byte \(position)")
          }
        }
      }
    }
  }

  /// Children found by key (the sibling scan) are the nodes found by their whole path.
  @Test func childrenFoundByKeyAreTheNodesOfTheirPaths() {
    var table = PathTable()
    let root = Array("Observation".utf8).withUnsafeBytes { table.node($0, digest: PathTable.digest($0)) }
    let keys = ["a", "ab", "abcd", "abcdefg", "abcdefgh", "abcdefghi", "valueQuantity", "code", "co"]
    for _ in 0..<2 {
      var previous = -1
      for key in keys {
        let child = Array(key.utf8).withUnsafeBytes { table.child(of: root, key: $0, after: previous) }
        let whole = Array(("Observation." + key).utf8).withUnsafeBytes { table.node($0, digest: PathTable.digest($0)) }
        #expect(child == whole, "\(key)")
        #expect(table.name(child) == "Observation." + key)
        previous = child
      }
    }
  }
}
