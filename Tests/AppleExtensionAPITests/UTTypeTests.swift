import MobileCoreServices
import UniformTypeIdentifiers
import XCTest

/// Apple's type names: the identifiers and conformances a ported extension relies on.
final class UTTypeTests: XCTestCase {
  func testIdentifiersMatchApplesAndTheOldConstants() {
    XCTAssertEqual(UTType.propertyList.identifier, "com.apple.property-list")
    XCTAssertEqual(String(kUTTypePropertyList), UTType.propertyList.identifier)
    XCTAssertEqual(kUTTypeURL as String, UTType.url.identifier)
    XCTAssertEqual(kUTTypeJSON, UTType.json.identifier)
    XCTAssertEqual(kUTTypePlainText, UTType.plainText.identifier)
  }

  func testConformanceAndLookups() {
    XCTAssertTrue(UTType.fileURL.conforms(to: .url))
    XCTAssertTrue(UTType.binaryPropertyList.conforms(to: .data))
    XCTAssertFalse(UTType.url.conforms(to: .text))
    XCTAssertTrue(UTType.png.supertypes.isSuperset(of: [.image, .data, .item, .content]))
    XCTAssertTrue(UTType.text.isSupertype(of: .html))
    XCTAssertNil(UTType("com.example.not-declared"))
    XCTAssertEqual(UTType("public.html"), .html)
    XCTAssertEqual(UTType(importedAs: "com.example.thing").identifier, "com.example.thing")
    XCTAssertEqual(UTType(filenameExtension: "HTM"), .html)
    XCTAssertEqual(UTType(mimeType: "image/png"), .png)
    XCTAssertEqual(UTType.jpeg.preferredFilenameExtension, "jpeg")
  }
}
