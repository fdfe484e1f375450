@testable import CarePipeline
import Testing

/// The disjoint sets of staging: a set's representative is its smallest member whatever the order
/// of unions, and ``UnionFind/representatives()`` gives every element's in one pass.
@Suite struct UnionFindTests {
  @Test func representativesAreEachSetsSmallestMember() {
    let count = 5_000
    var sets = UnionFind(count: count)
    // The same sets as a plain labelling: members of a set share the smallest of them.
    var label = Array(0..<count)
    var state: UInt64 = 7
    for _ in 0..<3_000 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      let a = Int((state >> 33) % UInt64(count))
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      let b = Int((state >> 33) % UInt64(count))
      sets.union(Int32(a), Int32(b))
      let (la, lb) = (label[a], label[b])
      let smallest = min(la, lb)
      for i in label.indices where label[i] == la || label[i] == lb { label[i] = smallest }
    }
    for i in stride(from: 0, to: count, by: 7) { #expect(sets.find(Int32(i)) == Int32(label[i])) }
    let representatives = sets.representatives()
    #expect(representatives == label.map(Int32.init))
  }
}
