import Foundation
import XCTest

@testable import WebActionKit

/// The bundle's files stay inside the bundle: the preprocessing file and Info.plist may not lead out of it.
final class ExtensionBundleContainmentTests: XCTestCase {
  private let key = "NSExtension → NSExtensionAttributes → NSExtensionJavaScriptPreprocessingFile"

  /// A bundle `name.appex` in a fresh folder whose Info.plist names `script` (`$PARENT` standing for that folder),
  /// beside a valid `outside.js`.
  private func bundle(_ name: String, script: String) throws -> URL {
    let parent = try ManifestFixture.temporaryFolder(for: self)
    try Data("var ExtensionPreprocessingJS = {}".utf8).write(to: parent.appendingPathComponent("outside.js"))
    let folder = parent.appendingPathComponent("\(name).appex")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let info = String(decoding: try ManifestFixture.info.encoded(as: .xml), as: UTF8.self)
      .replacingOccurrences(
        of: "<string>Action</string>", with: "<string>\(script.replacingOccurrences(of: "$PARENT", with: parent.path))</string>")
    try Data(info.utf8).write(to: folder.appendingPathComponent("Info.plist"))
    return folder
  }

  func testAScriptNameClimbingOutIsRefused() throws {
    let folder = try bundle("climbs", script: "../outside")
    XCTAssertThrowsError(try ExtensionBundle(url: folder)) { error in
      XCTAssertEqual("\(error)", "climbs.appex/Info.plist: \(key) is '../outside', a path outside the bundle; name a .js file inside climbs.appex")
    }
    let nested = try bundle("nested", script: "Resources/../../outside")
    XCTAssertThrowsError(try ExtensionBundle(url: nested)) { error in
      XCTAssertTrue("\(error)".contains("a path outside the bundle"), "\(error)")
    }
  }

  func testAnAbsoluteScriptPathIsRefused() throws {
    let folder = try bundle("absolute", script: "$PARENT/outside")
    let outside = folder.deletingLastPathComponent().appendingPathComponent("outside").path
    XCTAssertThrowsError(try ExtensionBundle(url: folder)) { error in
      XCTAssertEqual("\(error)", "absolute.appex/Info.plist: \(key) is '\(outside)', a path outside the bundle; name a .js file inside absolute.appex")
    }
  }

  func testASymbolicLinkLeadingOutIsRefusedAndOneInsideIsFine() throws {
    let folder = try bundle("linked", script: "Action")
    let script = folder.appendingPathComponent("Action.js")
    try FileManager.default.createSymbolicLink(atPath: script.path, withDestinationPath: "../outside.js")
    XCTAssertThrowsError(try ExtensionBundle(url: folder)) { error in
      XCTAssertTrue(
        "\(error)".hasPrefix("linked.appex/Info.plist: \(key) is 'Action', but linked.appex/Action.js is a symbolic link leading outside the bundle (to /"),
        "\(error)")
    }
    try FileManager.default.removeItem(at: script)
    try FileManager.default.createDirectory(at: folder.appendingPathComponent("Resources"), withIntermediateDirectories: true)
    try Data("var ExtensionPreprocessingJS = {}".utf8).write(to: folder.appendingPathComponent("Resources/Real.js"))
    try FileManager.default.createSymbolicLink(atPath: script.path, withDestinationPath: "Resources/Real.js")
    XCTAssertEqual(try ExtensionBundle(url: folder).scriptURL?.lastPathComponent, "Action.js")
  }

  func testAnInfoPlistLinkedFromOutsideIsRefused() throws {
    let source = try bundle("source", script: "Action")
    let folder = source.deletingLastPathComponent().appendingPathComponent("borrowed.appex")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: folder.appendingPathComponent("Info.plist").path, withDestinationPath: "../source.appex/Info.plist")
    XCTAssertThrowsError(try ExtensionBundle(url: folder)) { error in
      XCTAssertTrue("\(error)".hasPrefix("borrowed.appex/Info.plist is reached through a symbolic link leading outside the bundle"), "\(error)")
    }
  }
}
