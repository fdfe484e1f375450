// libFuzzer target: any bytes as a DSTU2 resource (`AnyResource`, every modelled type and
// Bundles of them), lenient and strict, with the encode round trip as oracle, and
// release detection. Built by Scripts/fuzz.sh; libFuzzer provides `main`.

import FHIRKit
import FHIRDSTU2
import FuzzSupport

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDSTU2Resource(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
  guard let tokens = Fuzz.tokens(Fuzz.bytes(start, count)) else { return 0 }
  _ = ReleaseDetector.detect(tokens)
  _ = ModelOracle.check(FHIRDSTU2.AnyResource.self, tokens)
  return 0
}
