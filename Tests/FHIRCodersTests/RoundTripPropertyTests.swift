import CareModel
import FHIRCoders
import Foundation
import PropertyBased
import Testing

/// Generated entities covering every field → FHIR → entity give an equal entity, for both
/// releases (the Task through MedicationRequest / MedicationOrder, DSTU2 with one dose per element).
@Suite struct RoundTripPropertyTests {
  static let seeds = Gen.uint64()

  @Test func patientRoundTrips() async {
    await propertyCheck(count: 200, input: Self.seeds) { seed throws in
      var g = EntityGenerator(seed: seed)
      let patient = g.patient()
      #expect(try R4PatientCoder().decode(R4PatientCoder().encode(patient).value).value == patient)
      #expect(try DSTU2PatientCoder().decode(DSTU2PatientCoder().encode(patient).value).value == patient)
    }
  }

  @Test func taskRoundTripsThroughMedicationOrders() async {
    await propertyCheck(count: 200, input: Self.seeds) { seed throws in
      var g = EntityGenerator(seed: seed)
      let r4Task = g.task(maxTargets: 2)
      #expect(try R4MedicationRequestCoder().decode(R4MedicationRequestCoder().encode(r4Task).value).value == r4Task)
      let dstu2Task = g.task(maxTargets: 1)
      #expect(try DSTU2MedicationOrderCoder().decode(DSTU2MedicationOrderCoder().encode(dstu2Task).value).value == dstu2Task)
    }
  }

  @Test func carePlanRoundTrips() async {
    await propertyCheck(count: 200, input: Self.seeds) { seed throws in
      var g = EntityGenerator(seed: seed)
      let plan = g.carePlan()
      #expect(try R4CarePlanCoder().decode(R4CarePlanCoder().encode(plan).value).value == plan)
      #expect(try DSTU2CarePlanCoder().decode(DSTU2CarePlanCoder().encode(plan).value).value == plan)
    }
  }

  @Test func outcomeRoundTrips() async {
    await propertyCheck(count: 200, input: Self.seeds) { seed throws in
      var g = EntityGenerator(seed: seed)
      let outcome = g.outcome()
      #expect(try R4ObservationCoder().decode(R4ObservationCoder().encode(outcome).value).value == outcome)
      #expect(try DSTU2ObservationCoder().decode(DSTU2ObservationCoder().encode(outcome).value).value == outcome)
    }
  }
}
