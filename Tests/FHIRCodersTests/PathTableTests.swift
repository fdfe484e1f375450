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

  /// Members that alternate from one resource to the next (a `value[x]` choice after the same
  /// member, a different first member) are found through the prediction before the last one:
  /// still the nodes of their whole paths, mapped exactly when ``PathTable/isMapped(_:)`` says.
  @Test func alternatingMembersAreTheNodesOfTheirPaths() {
    var table = PathTable()
    let root = Array("Observation".utf8).withUnsafeBytes { table.node($0, digest: PathTable.digest($0)) }
    let orders = [
      ["id", "code", "valueQuantity"], ["meta", "code", "valueString"], ["id", "code", "valueQuantity"],
      ["meta", "code", "valueString"], ["id", "code", "component"], ["meta", "code", "valueQuantity"],
      ["id", "code", "valueString"], ["code"], ["id", "code", "valueQuantity", "note"],
    ]
    for (walk, keys) in orders.enumerated() {
      table.beginWalk()
      table.markMapped(walk.isMultiple(of: 3) ? "Observation.valueQuantity" : "Observation.valueString")
      var previous = -1
      for key in keys {
        let found = Array(key.utf8).withUnsafeBytes { table.member(of: root, key: $0, after: previous) }
        let node = found < 0 ? ~found : found
        let whole = Array(("Observation." + key).utf8).withUnsafeBytes { table.node($0, digest: PathTable.digest($0)) }
        #expect(node == whole, "walk \(walk), \(key)")
        #expect((found < 0) == table.isMapped(whole), "walk \(walk), \(key)")
        previous = node
      }
    }
  }

  /// A thread's table is used in place and kept from one walk to the next; a walk that starts
  /// while it is in use, or taken, gets a table of its own.
  @Test func poolKeepsOneTablePerThreadAndNeverSharesIt() {
    let path = Array("PathTableTests.pool.\(UInt64.random(in: 0...UInt64.max))".utf8)
    let (first, added) = PathTablePool.withTable { table in
      let before = table.count
      let node = path.withUnsafeBytes { table.node($0, digest: PathTable.digest($0)) }
      return (node, table.count - before)
    }
    #expect(added == 1)
    PathTablePool.withTable { table in
      let before = table.count
      #expect(path.withUnsafeBytes { table.node($0, digest: PathTable.digest($0)) } == first)
      #expect(table.count == before, "the same table, kept")
      PathTablePool.withTable { nested in #expect(nested.count == 0, "a table of its own while in use") }
      #expect(PathTablePool.take().count == 0, "a table of its own while in use")
      #expect(table.count == before)
    }
    let taken = PathTablePool.take()
    #expect(path.withUnsafeBytes { taken.find($0, digest: PathTable.digest($0)) } == first, "the thread's table, moved out")
    PathTablePool.withTable { table in #expect(table.count == 0, "a new one while it is taken") }
    PathTablePool.giveBack(taken)
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
