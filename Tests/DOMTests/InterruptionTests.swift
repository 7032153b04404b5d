import XCTest
@testable import DOM

/// Long walks poll the thread's Interruption and end early once its check says stop.
final class InterruptionTests: XCTestCase {
  override func tearDown() { Interruption.install(nil) }

  private let count = 20 * Interruption.stride

  private func bigDocument() -> Document {
    Document.parse(html: "<body>" + String(repeating: "<p class=x>t</p>", count: count))
  }

  func testWalksEndEarlyWhenTheCheckSaysStop() throws {
    let document = bigDocument()
    let body = try XCTUnwrap(document.body)
    // Without a check (or with one that never says stop) everything is walked.
    XCTAssertEqual(try document.querySelectorAll("p.x").count, count)
    Interruption.install { false }
    XCTAssertEqual(try document.querySelectorAll("body > p + p").count, count - 1)
    XCTAssertEqual(body.textContent?.count, count)
    XCTAssertEqual(body.innerHTML.count, count * 18)

    // Stop after the first question: each walk ends within a stride or so of nodes.
    var asked = 0
    Interruption.install {
      asked += 1
      return true
    }
    XCTAssertLessThan(try document.querySelectorAll("p.x").count, 2 * Interruption.stride)
    XCTAssertLessThan(try XCTUnwrap(body.textContent).count, 2 * Interruption.stride)
    XCTAssertLessThan(body.innerHTML.count, 2 * Interruption.stride * 18)
    XCTAssertLessThan(Array(document.descendants()).count, 2 * Interruption.stride)
    XCTAssertLessThan(LiveCollection.elements(byTagName: "p", under: document).length, 2 * Interruption.stride)
    XCTAssertGreaterThan(asked, 0)
    // The page itself is always written whole.
    XCTAssertEqual(document.serialize().components(separatedBy: "<p class=\"x\">").count - 1, count)

    // Removed again, the walks are complete (a live collection resumes where it stopped).
    Interruption.install(nil)
    XCTAssertEqual(try document.querySelectorAll("p.x").count, count)
    XCTAssertEqual(LiveCollection.elements(byTagName: "p", under: document).length, count)
  }

  func testAPollAsksTheCheckOncePerStride() {
    var asked = 0
    Interruption.install {
      asked += 1
      return false
    }
    let interruption = Interruption.current
    for _ in 0..<(10 * Interruption.stride) { XCTAssertFalse(interruption.poll()) }
    XCTAssertEqual(asked, 10)
  }
}
