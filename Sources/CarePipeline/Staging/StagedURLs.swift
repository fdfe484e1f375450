/// The entry `fullUrl`s of staged resources: each URL stored once (in a ``KeyTable``) with the
/// ordinal it leads to, the URLs of each ordinal, and the `fullUrl` of each ordinal's kept
/// version.
///
/// A Bundle gives nearly every resource a `fullUrl`, so this is one entry per staged resource:
/// about the URL's length plus 30 bytes, where three dictionaries of `String`s took some 230
/// (docs/benchmarks.md, "Bundles: staged URLs"). Inputs without `fullUrl`s (Bulk Data NDJSON)
/// cost nothing here.
struct StagedURLs: Sendable {
  /// The URLs; a URL's position in it is its URL number.
  private var table = KeyTable()
  /// Per URL number: the ordinal of the resource it leads to.
  private var target: [Int32] = []
  /// Per URL number: the next URL number of the same ordinal, or -1.
  private var next: [Int32] = []
  /// Per ordinal (as far as any has a URL): its first URL number, or -1.
  private var first: [Int32] = []
  /// Per ordinal (as far as any has one): the URL number of its kept version's `fullUrl`, or -1.
  private var kept: [Int32] = []

  /// The ordinal `url` leads to, if it is known.
  func ordinal(of url: String) -> Int32? {
    table.ordinal(of: url).map { target[Int($0)] }
  }

  /// Records that `url` leads to `ordinal`, unless it already leads somewhere (the first wins).
  /// - Returns: The URL's number (its position in the table), new or not.
  @discardableResult
  mutating func add(_ url: String, for ordinal: Int32) -> Int32 {
    let (number, inserted) = table.ordinalInserting(url)
    guard inserted else { return number }
    target.append(ordinal)
    next.append(-1)
    Self.extend(&first, to: ordinal)
    if first[Int(ordinal)] < 0 {
      first[Int(ordinal)] = number
    } else {
      var last = first[Int(ordinal)]
      while next[Int(last)] >= 0 { last = next[Int(last)] }
      next[Int(last)] = number
    }
    return number
  }

  /// Every URL that leads to `ordinal`, in the order they were added.
  func urls(of ordinal: Int32) -> [String] {
    guard Int(ordinal) < first.count else { return [] }
    var urls: [String] = []
    var number = first[Int(ordinal)]
    while number >= 0 {
      urls.append(table.key(number))
      number = next[Int(number)]
    }
    return urls
  }

  /// The `fullUrl` of `ordinal`'s kept version.
  func keptURL(of ordinal: Int32) -> String? {
    guard Int(ordinal) < kept.count, kept[Int(ordinal)] >= 0 else { return nil }
    return table.key(kept[Int(ordinal)])
  }

  /// Sets the `fullUrl` of `ordinal`'s kept version (adding `url` for it when it is new).
  mutating func setKeptURL(_ url: String?, of ordinal: Int32) {
    guard let url else {
      if Int(ordinal) < kept.count { kept[Int(ordinal)] = -1 }
      return
    }
    let number = add(url, for: ordinal)
    Self.extend(&kept, to: ordinal)
    kept[Int(ordinal)] = number
  }

  /// Grows a per-ordinal array with -1s so that it holds `ordinal`.
  private static func extend(_ array: inout [Int32], to ordinal: Int32) {
    if Int(ordinal) >= array.count { array += repeatElement(-1, count: Int(ordinal) + 1 - array.count) }
  }
}
