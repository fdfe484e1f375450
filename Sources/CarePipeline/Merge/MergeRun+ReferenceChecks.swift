extension MergeRun {
  /// What an Observation's members may be (R4 `hasMember`; DSTU2 `related.target` allows the
  /// first two).
  static let memberTypes: Set<String> = ["Observation", "QuestionnaireResponse", "MolecularSequence"]

  /// Follows the references the merge checks but takes nothing from: each order's patient
  /// (R4 `MedicationRequest.subject`, DSTU2 `MedicationOrder.patient`) and each Observation's
  /// members (R4 `hasMember`, DSTU2 `related` of type `has-member`). One that leads nowhere,
  /// to another type, or to a Patient that was not converted is reported as unresolved; members
  /// that lead back to where they started are reported once per cycle, at the reference that
  /// closes it (`circular`), found by a depth-first walk over the Observations in key order.
  mutating func checkReferences(
    orders: [(IndexedResource, ResourceFacts.Order)], observations: [(IndexedResource, ResourceFacts.Observation)]
  ) {
    for (resource, facts) in orders { _ = patientKey(facts.subject, from: resource) }
    // Resolved member edges, per Observation key, in document order.
    var edges: [String: [(site: ResourceFacts.Site, target: String)]] = [:]
    var resources: [String: IndexedResource] = [:]
    for (resource, facts) in observations where !facts.members.isEmpty {
      resources[resource.key] = resource
      edges[resource.key] = facts.members.compactMap { site in
        follow(site, from: resource, expecting: Self.memberTypes).map { (site, $0.key) }
      }
    }
    var state: [String: Bool] = [:]  // false: on the walk's path; true: done
    for start in edges.keys.sorted() where state[start] == nil {
      // Iterative depth-first walk: a stack of (key, next edge to try).
      var stack: [(key: String, next: Int)] = [(start, 0)]
      state[start] = false
      while let top = stack.last {
        let out = edges[top.key] ?? []
        guard top.next < out.count else {
          state[top.key] = true
          stack.removeLast()
          continue
        }
        stack[stack.count - 1].next += 1
        let (site, target) = out[top.next]
        switch state[target] {
        case false?:
          if let referrer = resources[top.key] { unresolved(site, from: referrer, .circular) }
        case nil:
          state[target] = false
          stack.append((target, 0))
        case true?:
          break
        }
      }
    }
  }
}
