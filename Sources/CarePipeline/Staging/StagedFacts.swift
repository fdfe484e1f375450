import CareModel
import FHIRCoders
import Foundation

/// What staging keeps of one resource besides its JSON: its type and release, the references
/// the merge follows and its identifiers (as staged text, ``StagedText``), whether a Patient
/// converts, and a converting CarePlan's entity uuid.
///
/// All of it comes from the resource alone, not from what was staged before it, so a reader
/// that decodes on several threads takes it there (``StagedEntry``) and lets the resource go
/// there too; staging in order then only numbers and writes (docs/benchmarks/job-2026-11-28-sessions-7-10.md, "Staging
/// facts taken on the decoding threads").
struct StagedFacts: Sendable {
  /// A staged reference: its kind (`u` followed between resources, `p` an order's or a plan's
  /// subject, `m` a medication, `s` an Observation's subject) and its text (``StagedText/site(_:)``).
  struct Site: Sendable {
    var kind: Character
    var text: String
  }

  /// The resource's type (`"?"` when it has none).
  let type: String
  let isDSTU2: Bool
  /// For a Patient: whether its coder converts it.
  private(set) var patientConverts = false
  /// The references the merge follows, in the order the coders give them; empty texts are left
  /// out, except an Observation's subject (its `s` site is always staged).
  private(set) var sites: [Site] = []
  /// Whether a site is a logical reference (by identifier).
  var hasLogicalSites: Bool { sites.contains { $0.text.hasPrefix("\t") } }
  /// Each identifier's `system` and `value` fields (``StagedText/identifierFields(_:)``).
  let identifiers: [String]
  /// A converting CarePlan's entity uuid as its coder made it, and whether the resource has an id
  /// (one without gets its uuid from its key or `fullUrl`, ``StagedIndex/Version/planUUID(type:keptURL:)``).
  private(set) var plan: (uuid: UUID, hasID: Bool)?

  /// What staging keeps of `resource`, whose merge facts its coder gave as `facts`
  /// (``StagedConversion/Preparer/facts(of:source:)``).
  init(_ resource: PipelineResource, facts: ResourceFacts) {
    type = resource.resourceType ?? "?"
    if case .dstu2 = resource { isDSTU2 = true } else { isDSTU2 = false }
    identifiers = resource.identifiers.map(StagedText.identifierFields)
    switch facts {
    case .patient(let decode):
      patientConverts = (try? decode()) != nil
    case .carePlan(let plan):
      if let converted = try? plan.decode() { self.plan = (converted.plan.value.uuid, resource.id != nil) }
      // "p": a subject that may name a Patient outside the run, whose orders and Observations
      // the plan's activities may have as outcomes (an exported store imported again).
      add("p", plan.subject)
      for activity in plan.activities {
        add("u", activity.reference)
        for outcome in activity.outcomes { add("u", outcome) }
      }
    case .order(let order):
      // "p": a subject that may name a Patient outside the run (see `StagedMerge.partition()`).
      add("p", order.subject)
      for site in order.basedOn { add("u", site) }
      add("m", order.medication)
    case .observation(let observation):
      sites.append(Site(kind: "s", text: observation.subject.map(StagedText.site) ?? ""))
      for site in observation.basedOn + observation.partOf + observation.members { add("u", site) }
    case .event(let event):
      for site in event.requests { add("u", site) }
    case .notConverted:
      break
    }
  }

  private mutating func add(_ kind: Character, _ site: ResourceFacts.Site?) {
    guard let site else { return }
    let text = StagedText.site(site)
    if !text.isEmpty { sites.append(Site(kind: kind, text: text)) }
  }
}
