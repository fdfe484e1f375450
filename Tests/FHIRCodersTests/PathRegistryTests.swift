import Foundation
import Testing

@testable import FHIRCoders

/// Paths are numbered once per process, whoever meets them first and however they are reached.
@Suite struct PathRegistryTests {
  let registry = PathRegistry()

  @Test func aPathHasOneNumberByNameOrAsAChild() {
    let parent = registry.id(of: "Test.alpha")
    let child = registry.id(of: "Test.alpha.beta")
    #expect(registry.child(of: parent, key: "beta") == child)
    #expect(registry.table.parents[Int(child)] == parent)
    #expect([child, parent].map { registry.table.names[Int($0)] } == ["Test.alpha.beta", "Test.alpha"])
    let table = registry.table
    #expect(table.child(of: parent, key: "beta") == child)
    #expect(table.child(of: parent, key: "gamma") == nil)
  }

  @Test func aKeyHoldingADotNamesThePathItsComponentsName() {
    let root = registry.id(of: "Dotted")
    let byComponents = registry.id(of: "Dotted.a.b")
    #expect(registry.child(of: root, key: "a.b") == byComponents)
    #expect(registry.child(of: root, key: "a.b") == byComponents)
    #expect(registry.table.count == 3)
  }

  @Test func threadsAddingTheSamePathsGetTheSameNumbers() {
    let paths = (0..<800).map { "Many.k\($0 % 37).v\($0)" }
    let results = Results()
    DispatchQueue.concurrentPerform(iterations: 4) { lane in
      let order = lane % 2 == 0 ? paths : paths.reversed()
      var ids: [String: Int32] = [:]
      for path in order {
        let dot = path.lastIndex(of: ".")!
        let parent = registry.id(of: String(path[..<dot]))
        ids[path] = registry.child(of: parent, key: String(path[path.index(after: dot)...]))
      }
      results.add(ids)
    }
    let all = results.all
    #expect(all.count == 4)
    #expect(Set(all).count == 1)
    #expect(Set(all[0].values).count == paths.count)
    // 800 leaves, 37 parents, the root.
    #expect(registry.table.count == paths.count + 37 + 1)
    // The children index grew past its first 1,024 slots and still finds every path.
    let table = registry.table
    for (path, id) in all[0] {
      let key = String(path[path.index(after: path.lastIndex(of: ".")!)...])
      #expect(table.child(of: table.parents[Int(id)], key: key) == id)
    }
  }

  private final class Results: @unchecked Sendable {
    private let lock = NSLock()
    private var maps: [[String: Int32]] = []
    func add(_ map: [String: Int32]) { lock.withLock { maps.append(map) } }
    var all: [[String: Int32]] { lock.withLock { maps } }
  }
}
