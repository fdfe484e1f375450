import CareModel
import Foundation
import Testing

/// ``Foundation/UUID/text`` and ``Foundation/UUID/init(text:)`` agree with Foundation's
/// `uuidString` and `UUID(uuidString:)` on every UUID and on text that is almost one.
@Suite struct UUIDTextTests {
  @Test func randomUUIDsWriteAndReadAsFoundationDoes() {
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<2000 {
      var bytes: [UInt8] = (0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) }
      if bytes.allSatisfy({ $0 == 0 }) { bytes[0] = 1 }
      let uuid = UUID(
        uuid: (
          bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7], bytes[8], bytes[9],
          bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
        ))
      #expect(uuid.text == uuid.uuidString)
      #expect(UUID(text: uuid.uuidString) == uuid)
      #expect(UUID(text: uuid.uuidString.lowercased()) == uuid)
    }
    let edges = [UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)),
      UUID(uuid: (255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255))]
    for uuid in edges {
      #expect(uuid.text == uuid.uuidString)
      #expect(UUID(text: uuid.text) == uuid)
    }
  }

  @Test func textThatIsNotAUUIDIsRefusedAsFoundationRefusesIt() {
    let texts = [
      "", "0", "f1f26587-7199-4c0f-880d-d9cd0799ac15-c000000", "f1f26587-7199-4c0f-880d-d9cd0799ac1",
      "f1f265877-199-4c0f-880d-d9cd0799ac15", "f1f26587-7199-4c0f-880d-d9cd0799ac1g",
      "f1f26587_7199_4c0f_880d_d9cd0799ac15", "{f1f26587-7199-4c0f-880d-d9cd0799ac15}",
      "f1f26587-7199-4c0f-880d-d9cd0799ac15\n", "F1F26587-7199-4C0F-880D-D9CD0799AC15",
      "f1f26587-7199-4c0f-880d-d9cd0799ac15", "f1f26587-7199-4c0f-880dd-9cd0799ac15",
      "f1f26587-7199-4c0f-880d-d9cd0799acé",
      "00000000-0000-0000-0000-000000000000", "patient-1",
    ]
    for text in texts {
      #expect(UUID(text: text) == UUID(uuidString: text), "\(text)")
      #expect(UUID(text: text[...]) == UUID(uuidString: text), "\(text)")
    }
  }

  /// Foundation on Linux reads each pair of digits with `sscanf`, which also takes white space
  /// or a sign in place of a digit; libuuid's `uuid_parse` (and Foundation on Apple platforms)
  /// refuse them, and so does `UUID(text:)`.
  @Test func aSignOrSpaceIsNoDigit() {
    for text in [
      " f1f26587-7199-4c0f-880d-d9cd0799ac1", "f1f26587-7199-4c0f-880d-d9cd0799ac1 ",
      "+1f26587-7199-4c0f-880d-d9cd0799ac15", "f1f26587-7199-4c0f-880d-d9cd0799ac-1",
    ] {
      #expect(UUID(text: text) == nil, "\(text)")
    }
  }
}
