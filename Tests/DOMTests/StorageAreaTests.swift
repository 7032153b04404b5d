import XCTest
@testable import DOM

final class StorageAreaTests: XCTestCase {
  func testKeysKeepTheOrderTheyWereFirstSetIn() throws {
    let area = StorageArea()
    try area.setValue("1", forKey: "b")
    try area.setValue("2", forKey: "a")
    try area.setValue("3", forKey: "b")
    XCTAssertEqual(area.keys, ["b", "a"])
    XCTAssertEqual(area.value(forKey: "b"), "3")
    XCTAssertEqual(area.key(at: 1), "a")
    XCTAssertNil(area.key(at: 2))
    area.removeValue(forKey: "b")
    XCTAssertEqual(area.keys, ["a"])
    XCTAssertNil(area.value(forKey: "b"))
    area.removeAll()
    XCTAssertEqual(area.count, 0)
  }

  func testTheQuotaCountsKeysAndValuesAndFreesWhatIsRemoved() throws {
    let area = StorageArea(quota: 10)
    try area.setValue("12345", forKey: "k")  // 6 code units
    XCTAssertThrowsError(try area.setValue("xyz", forKey: "key")) { error in
      XCTAssertEqual((error as? DOMException)?.name, .quotaExceededError)
    }
    XCTAssertNil(area.value(forKey: "key"), "a refused write changes nothing")
    try area.setValue("123456789", forKey: "k")  // replacing counts only the difference: 10 in all
    XCTAssertThrowsError(try area.setValue("", forKey: "x"))
    area.removeValue(forKey: "k")
    try area.setValue("12345678", forKey: "x")
    XCTAssertEqual(area.keys, ["x"])
  }
}
