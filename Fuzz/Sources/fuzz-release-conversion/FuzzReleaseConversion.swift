// libFuzzer target: any bytes converted between releases both ways. Decoded as DSTU2 and
// converted to R4, and decoded as R4 and converted to DSTU2; each result must write
// valid JSON that decodes in its release and passes the model's round trip. Built by
// Scripts/fuzz.sh; libFuzzer provides `main`.

import FHIRDSTU2
import FHIRKit
import FHIRR4
import FHIRReleaseConversion
import FuzzSupport

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzReleaseConversion(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
  guard let tokens = Fuzz.tokens(Fuzz.bytes(start, count)) else { return 0 }
  if let dstu2 = try? FHIRDSTU2.AnyResource.decode(from: tokens).value {
    let (r4, _) = ReleaseConverter.toR4(dstu2)
    let written = Fuzz.reparse(r4.jsonBytes(), "DSTU2 → R4 conversion")
    _ = ModelOracle.check(FHIRR4.AnyResource.self, written)
  }
  if let r4 = try? FHIRR4.AnyResource.decode(from: tokens).value {
    let (dstu2, _) = ReleaseConverter.toDSTU2(r4)
    let written = Fuzz.reparse(dstu2.jsonBytes(), "R4 → DSTU2 conversion")
    _ = ModelOracle.check(FHIRDSTU2.AnyResource.self, written)
  }
  return 0
}
