import CareModel
import FHIRCoders

/// What the merge needs from one resource, independent of its release: the references it
/// follows (with their JSON paths) and how to convert the resource with the configured coders.
enum ResourceFacts {
  case patient(() throws -> Converted<PatientEntity>)
  case carePlan(Plan)
  case order(Order)
  case observation(Observation)
  /// An R4 event resource an Observation may be `partOf` (passed through, not converted).
  case event(Event)
  /// A type that becomes no entity of its own.
  case notConverted

  /// A reference written in a resource, and where.
  struct Site {
    /// The literal reference; empty for a logical reference.
    var reference: String
    var path: String
    /// A logical reference's identifier (R4 `Reference.identifier` without `reference`).
    var identifier: LogicalIdentifier? = nil
    /// The types a logical reference may lead to: its `Reference.type`, else the types the
    /// element allows.
    var targets: Set<String> = []

    /// A site for `reference`, or `nil` when there is no reference text.
    static func make(_ reference: String?, _ path: String) -> Site? {
      reference.map { Site(reference: $0, path: path) }
    }

    /// A site for a reference that is literal (`reference`) or else logical (`identifier`, with
    /// the `type` URI), or `nil` when it is neither.
    static func make(
      reference: String?, identifier: LogicalIdentifier?, type: String?, _ path: String, allowing types: Set<String>
    ) -> Site? {
      if let reference { return Site(reference: reference, path: path) }
      guard let identifier else { return nil }
      return Site(
        reference: "", path: path, identifier: identifier,
        targets: type.map { [LogicalIdentifier.typeName($0)] } ?? types)
    }
  }

  /// An R4 event resource (MedicationAdministration, MedicationDispense, MedicationStatement,
  /// Procedure, Immunization, ImagingStudy): the requests it carries out, in the order followed
  /// (`request`, `authorizingPrescription`, `basedOn`).
  struct Event {
    var requests: [Site]
  }

  /// A CarePlan: its subject, its activities and the plan coder's `decodeWithTasks`.
  struct Plan {
    var subject: Site?
    /// `CarePlan.status`.
    var status: String? = nil
    /// `CarePlan.intent` (R4).
    var intent: String? = nil
    var activities: [Activity]
    var decode: () throws -> (plan: Converted<CarePlanEntity>, tasks: [Converted<TaskEntity>])
  }

  /// A CarePlan activity: what it points at (`activity.reference`) and its outcome references
  /// (R4 `outcomeReference`, DSTU2 `actionResulting`).
  struct Activity {
    var reference: Site?
    var outcomes: [Site]
    /// Whether the activity is prohibited (R4 `detail.doNotPerform`, DSTU2 `detail.prohibited`).
    var prohibited = false
    /// `detail.status`.
    var status: String? = nil
  }

  /// A MedicationRequest or MedicationOrder: its patient (R4 `subject`, DSTU2 `patient`), R4
  /// `basedOn` and `medicationReference`. `decode` takes the Medication its non-contained
  /// `medicationReference` resolved to, if any.
  struct Order {
    var subject: Site?
    /// `MedicationRequest.status` / `MedicationOrder.status`.
    var status: String? = nil
    /// `MedicationRequest.intent` (R4).
    var intent: String? = nil
    /// `MedicationOrder.dateEnded` (DSTU2), or the HL7 cross-version extension that carries it in
    /// an R4 MedicationRequest (`CarriedDateEnded`), as written.
    var dateEnded: String? = nil
    var basedOn: [Site]
    var medication: Site?
    var decode: (IndexedResource?) throws -> Converted<TaskEntity>
  }

  /// An Observation: its subject, R4 `basedOn` and `partOf`, its members (R4 `hasMember`, DSTU2 `related`
  /// of type `has-member`), its code's kind and display title.
  struct Observation {
    var subject: Site?
    var basedOn: [Site]
    var partOf: [Site] = []
    var members: [Site] = []
    var kind: String?
    var title: String?
    var decode: () throws -> Converted<OutcomeEntity>
  }
}
