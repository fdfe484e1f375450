// libFuzzer target: any bytes decoded as a DSTU2 resource, then through the DSTU2 coders
// (Patient, MedicationOrder, Observation, CarePlan with its activities; a Bundle's
// entries each), both ways. Built by Scripts/fuzz.sh; libFuzzer provides `main`.

import CareModel
import FHIRCoders
import FHIRKit
import FHIRDSTU2
import FuzzSupport
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDSTU2Coders(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
  guard let tokens = Fuzz.tokens(Fuzz.bytes(start, count)),
    let resource = try? FHIRDSTU2.AnyResource.decode(from: tokens).value
  else { return 0 }
  convert(resource)
  // Containment: the good observation converts after the input as it did before it.
  CoderOracle.goodRecordUnaffected({ try convertGood() }, expected: goodOutcome)
  return 0
}

/// A good Observation with a quantity and a two-component value, the record every input is
/// "among" (see ``CoderOracle/goodRecordUnaffected(_:expected:)``).
private let goodObservation: FHIRDSTU2.Observation = {
  guard let tokens = CoderOracle.goodObservationTokens, case .observation(let o)? = try? FHIRDSTU2.AnyResource.decode(from: tokens).value else {
    Fuzz.fail("the good observation does not decode")
  }
  return o
}()

private func convertGood() throws -> OutcomeEntity { try DSTU2ObservationCoder().decode(goodObservation).value }

private let goodOutcome: OutcomeEntity = {
  do { return try convertGood() } catch { Fuzz.fail("the good observation does not convert") }
}()

private func convert(_ resource: FHIRDSTU2.AnyResource) {
  switch resource {
  case .patient(let patient): CoderOracle.check(DSTU2PatientCoder(), patient)
  case .medicationOrder(let order): CoderOracle.check(DSTU2MedicationOrderCoder(), order)
  case .observation(let observation): CoderOracle.check(DSTU2ObservationCoder(), observation)
  case .carePlan(let plan): convertPlan(plan)
  case .bundle(let bundle):
    for entry in bundle.entry { if let inner = entry.resource { convert(inner) } }
  case .medication, .other: break
  }
}

private func convertPlan(_ plan: FHIRDSTU2.CarePlan) {
  let coder = DSTU2CarePlanCoder()
  let decoded: (plan: Converted<CarePlanEntity>, tasks: [Converted<TaskEntity>])
  do {
    decoded = try coder.decodeWithTasks(plan)
  } catch is CoderError {
    return
  } catch {
    Fuzz.fail("CarePlan decode threw something other than CoderError")
  }
  CoderOracle.entityWrites(decoded.plan.value)
  for task in decoded.tasks { CoderOracle.entityWrites(task.value) }
  do {
    let back = try coder.encode(decoded.plan.value, tasks: decoded.tasks.map(\.value))
    Fuzz.reparse(back.value.jsonBytes(), "the CarePlan coder's encoded resource")
    _ = try coder.decodeWithTasks(back.value)
  } catch is CoderError {
  } catch {
    Fuzz.fail("CarePlan encode threw something other than CoderError")
  }
}
