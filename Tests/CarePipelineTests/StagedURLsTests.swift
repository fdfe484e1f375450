@testable import CarePipeline
import Testing

/// The staged `fullUrl`s: the first URL to lead somewhere wins, an ordinal keeps all its URLs in
/// order, and its kept version's URL is its own, whatever order ordinals get URLs in.
@Suite struct StagedURLsTests {
  @Test func firstURLWinsAndOrdinalsKeepTheirURLsInOrder() {
    var urls = StagedURLs()
    urls.add("urn:uuid:a", for: 5)
    urls.add("urn:uuid:b", for: 2)
    urls.add("urn:uuid:c", for: 5)
    urls.add("urn:uuid:a", for: 2)  // already leads to 5
    #expect(urls.ordinal(of: "urn:uuid:a") == 5)
    #expect(urls.ordinal(of: "urn:uuid:b") == 2)
    #expect(urls.ordinal(of: "urn:uuid:absent") == nil)
    #expect(urls.urls(of: 5) == ["urn:uuid:a", "urn:uuid:c"])
    #expect(urls.urls(of: 2) == ["urn:uuid:b"])
    #expect(urls.urls(of: 0) == [])
    #expect(urls.urls(of: 900) == [])
  }

  @Test func keptURLIsSetReplacedAndCleared() {
    var urls = StagedURLs()
    #expect(urls.keptURL(of: 3) == nil)
    urls.add("http://x/Patient/1", for: 3)  // an older version's URL, not the kept one
    #expect(urls.keptURL(of: 3) == nil)
    urls.setKeptURL("http://y/Patient/1", of: 3)
    #expect(urls.keptURL(of: 3) == "http://y/Patient/1")
    #expect(urls.urls(of: 3) == ["http://x/Patient/1", "http://y/Patient/1"])
    #expect(urls.ordinal(of: "http://y/Patient/1") == 3)
    urls.setKeptURL(nil, of: 3)
    #expect(urls.keptURL(of: 3) == nil)
    urls.setKeptURL(nil, of: 40)
    #expect(urls.keptURL(of: 40) == nil)
    #expect(urls.keptURL(of: 1) == nil)
  }

  @Test func manyOrdinalsEachWithOneURL() {
    var urls = StagedURLs()
    for ordinal in Int32(0)..<20_000 { urls.setKeptURL("urn:uuid:\(ordinal * 31 % 20_000)", of: ordinal) }
    for ordinal in Int32(0)..<20_000 where ordinal % 101 == 0 {
      let url = "urn:uuid:\(ordinal * 31 % 20_000)"
      #expect(urls.keptURL(of: ordinal) == url)
      #expect(urls.ordinal(of: url) == ordinal)
      #expect(urls.urls(of: ordinal) == [url])
    }
  }
}
