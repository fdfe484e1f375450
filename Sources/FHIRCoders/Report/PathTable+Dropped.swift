/// Handing a walk's dropped leaves to its report (see ``ElementAccounting``).
extension PathTable {
  /// Adds the leaves in ``log`` (one node each) to `report` as dropped, and empties it (see
  /// ``reportDropped(_:count:in:)``).
  mutating func reportDropped(in report: inout ConversionReport) {
    let logged = log.count
    guard logged > 0 else { return }
    var storage: [Int32] = []
    swap(&storage, &log)
    storage.append(contentsOf: repeatElement(0, count: logged))
    storage.withUnsafeMutableBufferPointer { reportDropped($0, count: logged, in: &report) }
    storage.removeAll(keepingCapacity: true)
    swap(&storage, &log)
  }

  /// Adds the first `logged` leaves of `log` (one node each) to `report` as dropped, by id:
  /// each path once, with its count (the counters are left at zero). `log` holds at least
  /// `2 * logged` elements: the rest is room for the counts, and its contents are overwritten.
  mutating func reportDropped(_ log: UnsafeMutableBufferPointer<Int32>, count logged: Int, in report: inout ConversionReport) {
    guard logged > 0 else { return }
    precondition(log.count >= 2 * logged, "room for the counts")
    // Count each path's leaves, then keep each path once (in the order first logged) at the
    // front of the log, as its interned id when known (else as `~node`), and its count after
    // the leaves (its counter zeroed, so that the path is skipped when met again).
    var unknown = false
    let distinct = counts.withUnsafeMutableBufferPointer { counts -> Int in
      reportedIDs.withUnsafeBufferPointer { ids -> Int in
        for index in 0..<logged { counts[Int(log[index])] &+= 1 }
        var distinct = 0
        for index in 0..<logged {
          let node = Int(log[index])
          let count = counts[node]
          guard count > 0 else { continue }
          counts[node] = 0
          let id = ids[node]
          if id < 0 { unknown = true }
          log[distinct] = id >= 0 ? id : ~Int32(truncatingIfNeeded: node)
          log[logged + distinct] = count
          distinct += 1
        }
        return distinct
      }
    }
    // Paths without an id yet are interned now (one lock each, once per path); a path the full
    // interner has none for goes by name.
    var named = 0
    if unknown {
      for index in 0..<distinct {
        var id = Int(log[index])
        if id < 0 {
          let node = ~id
          guard let found = reportedID(of: node) else {
            report.appendDropped(name(node), count: Int(log[logged + index]))
            named += 1
            continue
          }
          id = found
        }
        log[index - named] = Int32(truncatingIfNeeded: id)
        log[logged + index - named] = log[logged + index]
      }
    }
    let ids = UnsafeBufferPointer(rebasing: log[0..<(distinct - named)])
    let counts = UnsafeBufferPointer(rebasing: log[logged..<(logged + distinct - named)])
    report.appendDropped(ids: ids, counts: counts)
  }
}
