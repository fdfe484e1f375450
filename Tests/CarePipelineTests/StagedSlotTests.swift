@testable import CarePipeline
import Testing

/// A staged resource's slot: its flags are independent, and it stays 16 bytes (there is one per
/// staged resource in memory to the end of the run).
@Suite struct StagedSlotTests {
  @Test func flagsAreIndependentAndTheSlotIsSixteenBytes() {
    #expect(MemoryLayout<StagedMerge.Slot>.stride == 16)
    for bits in 0..<32 {
      var slot = StagedMerge.Slot(offset: 1 << 40, length: 123_456, type: 65_535)
      slot.isDSTU2 = bits & 1 != 0
      slot.patientConverts = bits & 2 != 0
      slot.isCanonical = bits & 4 != 0
      slot.isAsRead = bits & 8 != 0
      slot.isSourceText = bits & 16 != 0
      #expect(slot.isDSTU2 == (bits & 1 != 0))
      #expect(slot.patientConverts == (bits & 2 != 0))
      #expect(slot.isCanonical == (bits & 4 != 0))
      #expect(slot.isAsRead == (bits & 8 != 0) && slot.isSourceText == (bits & 16 != 0))
      #expect(slot.offset == 1 << 40 && slot.length == 123_456 && slot.type == 65_535)
      slot.patientConverts.toggle()
      #expect(slot.patientConverts == (bits & 2 == 0))
      #expect(slot.isDSTU2 == (bits & 1 != 0) && slot.isCanonical == (bits & 4 != 0))
    }
  }
}
