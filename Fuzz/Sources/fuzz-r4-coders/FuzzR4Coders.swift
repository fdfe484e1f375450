// libFuzzer target: any bytes decoded as an R4 resource, then through the R4 coders
// (Patient, MedicationRequest, Observation, CarePlan with its activities; a Bundle's
// entries each), both ways. Built by Scripts/fuzz.sh; libFuzzer provides `main`.

import CareModel
import FHIRCoders
import FHIRKit
import FHIRR4
import FuzzSupport
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzR4Coders(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
  guard let tokens = Fuzz.tokens(Fuzz.bytes(start, count)),
    let resource = try? FHIRR4.AnyResource.decode(from: tokens).value
  else { return 0 }
  convert(resource)
  // Containment: the good observation converts after the input as it did before it.
  CoderOracle.goodRecordUnaffected({ try convertGood() }, expected: goodOutcome)
  return 0
}

/// A good Observation with a quantity and a two-component value, the record every input is
/// "among" (see ``CoderOracle/goodRecordUnaffected(_:expected:)``).
private let goodObservation: FHIRR4.Observation = {
  guard let tokens = CoderOracle.goodObservationTokens, case .observation(let o)? = try? FHIRR4.AnyResource.decode(from: tokens).value else {
    Fuzz.fail("the good observation does not decode")
  }
  return o
}()

private func convertGood() throws -> OutcomeEntity { try R4ObservationCoder().decode(goodObservation).value }

private let goodOutcome: OutcomeEntity = {
  do { return try convertGood() } catch { Fuzz.fail("the good observation does not convert") }
}()

private func convert(_ resource: FHIRR4.AnyResource) {
  switch resource {
  case .patient(let patient): CoderOracle.check(R4PatientCoder(), patient)
  case .medicationRequest(let request): CoderOracle.check(R4MedicationRequestCoder(), request)
  case .observation(let observation): CoderOracle.check(R4ObservationCoder(), observation)
  case .carePlan(let plan): convertPlan(plan)
  case .bundle(let bundle):
    for entry in bundle.entry { if let inner = entry.resource { convert(inner) } }
  case .medication, .other: break
  }
}

private func convertPlan(_ plan: FHIRR4.CarePlan) {
  let coder = R4CarePlanCoder()
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
