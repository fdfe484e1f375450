import Testing

@testable import FHIRCore

/// The release detector's key filter passes every key it looks at, and skips most others.
@Suite struct KeyShapesTests {
  @Test func passesEveryKeyTheDetectorLooksAt() {
    let keys = ReleaseDetector.dstu2OnlyKeys.union(ReleaseDetector.r4OnlyKeys).union(ReleaseDetector.keysWithRules)
    for key in keys {
      let passes = Array(key.utf8).withUnsafeBytes { ReleaseDetector.keyShapes.contains(shape: $0) }
      #expect(passes, "\(key)")
    }
  }

  @Test func skipsOtherKeys() {
    let shapes = KeyShapes(["intent", "class"])
    func passes(_ key: String) -> Bool { Array(key.utf8).withUnsafeBytes { shapes.contains(shape: $0) } }
    #expect(passes("intent") && passes("class"))
    #expect(passes("issued"))  // same length and first byte: compared in full by the caller
    #expect(!passes("system") && !passes("code") && !passes("int") && !passes(""))
    #expect(passes(String(repeating: "x", count: 40)))  // too long to tell
  }
}
