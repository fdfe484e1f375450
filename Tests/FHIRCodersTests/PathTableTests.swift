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
        let found = Array(key.utf8).withUnsafeBytes { table.member(of: root, key: $0, after: previous) }
        let child = found < 0 ? ~found : found
        let whole = Array(("Observation." + key).utf8).withUnsafeBytes { table.node($0, digest: PathTable.digest($0)) }
        #expect(child == whole, "\(key)")
        #expect(table.name(child) == "Observation." + key)
        previous = child
      }
    }
  }

  /// Members looked up in changing orders and sets (the prediction from the member before
  /// failing and succeeding) are the nodes of their whole paths, and tell whether they are
  /// marked mapped in the current walk exactly as ``PathTable/isMapped(_:)`` does.
  @Test func membersFoundInAnyOrderAreTheNodesOfTheirPaths() {
    var table = PathTable()
    let root = Array("Patient".utf8).withUnsafeBytes { table.node($0, digest: PathTable.digest($0)) }
    let orders = [
      ["id", "meta", "name", "gender", "birthDate"], ["id", "name", "birthDate"], ["meta", "id", "gender", "name"],
      ["id", "meta", "name", "gender", "birthDate"], ["birthDate"], ["id", "address", "name"],
    ]
    for (walk, keys) in orders.enumerated() {
      table.beginWalk()
      table.markMapped(walk.isMultiple(of: 2) ? "Patient.name" : "Patient.id")
      var previous = -1
      for key in keys {
        let found = Array(key.utf8).withUnsafeBytes { table.member(of: root, key: $0, after: previous) }
        let node = found < 0 ? ~found : found
        let whole = Array(("Patient." + key).utf8).withUnsafeBytes { table.node($0, digest: PathTable.digest($0)) }
        #expect(node == whole, "walk \(walk), \(key)")
        #expect((found < 0) == table.isMapped(whole), "walk \(walk), \(key)")
        previous = node
      }
    }
  }

  /// The dropped leaves handed over from a log report each path once with its count, whether
  /// its id was known before or not, and leave the counters at zero for the next walk.
  @Test func droppedLeavesAreCountedOncePerPath() {
    var table = PathTable()
    let paths = ["Observation.note.text", "Observation.interpretation.text", "Observation.note.authorString"]
    let nodes = paths.map { path in Array(path.utf8).withUnsafeBytes { table.node($0, digest: PathTable.digest($0)) } }
    let leaves = [0, 1, 0, 2, 0, 1].map { Int32(nodes[$0]) }
    for _ in 0..<2 {
      table.beginWalk()
      var log = leaves + Array(repeating: -7, count: leaves.count)
      var report = ConversionReport()
      log.withUnsafeMutableBufferPointer { table.reportDropped($0, count: leaves.count, in: &report) }
      #expect(report.dropped == [paths[0]: 3, paths[1]: 2, paths[2]: 1])
      #expect(report.mapped.isEmpty)
    }
  }
}
