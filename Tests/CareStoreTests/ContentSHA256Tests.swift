import CareStorePostgres
import Foundation
import Testing

/// `ContentSHA256`, the key of files staged by cooperating importers: FIPS 180-4's examples,
/// padding edges, and chunking that does not change the digest.
@Suite("SHA-256 of staged files")
struct ContentSHA256Tests {
  @Test(
    "known digests",
    arguments: [
      ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
      ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
      (
        "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
        "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
      ),
    ])
  func known(text: String, digest: String) {
    #expect(ContentSHA256.hex(of: Array(text.utf8)) == digest)
  }

  @Test("a million a's, fed in uneven chunks")
  func millionAs() {
    var digest = ContentSHA256()
    var left = 1_000_000
    var size = 1
    while left > 0 {
      let count = min(size, left)
      digest.update([UInt8](repeating: UInt8(ascii: "a"), count: count))
      left -= count
      size = size * 3 % 997 + 1
    }
    #expect(digest.finalize() == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
  }

  @Test("lengths around the padding boundary differ and do not depend on chunking")
  func paddingEdges() {
    var seen = Set<String>()
    for length in 54...66 {
      let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 31) }
      let whole = ContentSHA256.hex(of: bytes)
      var chunked = ContentSHA256()
      chunked.update(bytes.prefix(7))
      chunked.update(bytes.dropFirst(7))
      #expect(chunked.finalize() == whole)
      #expect(whole.count == 64)
      seen.insert(whole)
    }
    #expect(seen.count == 13)
  }
}
