/// Disjoint sets over `0..<count` (path halving; the smaller index becomes the root, so roots
/// do not depend on the order of unions).
struct UnionFind {
  private var parent: [Int32]

  init(count: Int) {
    parent = (0..<Int32(count)).map { $0 }
  }

  /// The representative of `x`'s set: its smallest member.
  mutating func find(_ x: Int32) -> Int32 {
    var x = x
    while parent[Int(x)] != x {
      let grandparent = parent[Int(parent[Int(x)])]
      parent[Int(x)] = grandparent
      x = grandparent
    }
    return x
  }

  /// Each element's representative, in one pass: a link always leads to a smaller element, so
  /// in increasing order each element's parent already leads straight to its representative.
  mutating func representatives() -> [Int32] {
    for x in parent.indices { parent[x] = parent[Int(parent[x])] }
    return parent
  }

  /// Joins the sets of `a` and `b`.
  mutating func union(_ a: Int32, _ b: Int32) {
    let (ra, rb) = (find(a), find(b))
    if ra < rb { parent[Int(rb)] = ra } else if rb < ra { parent[Int(ra)] = rb }
  }
}
