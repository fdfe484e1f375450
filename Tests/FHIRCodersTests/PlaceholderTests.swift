import Testing
@testable import FHIRCoders
@Test func placeholderCoder() {}
