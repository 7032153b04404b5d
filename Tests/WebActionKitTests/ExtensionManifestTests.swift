import WebActionKit
import XCTest

/// Builds Info.plist dictionaries and temporary bundles for the manifest tests.
enum ManifestFixture {
  static var info: PropertyList {
    [
      "CFBundleIdentifier": "com.example.page-info",
      "CFBundleName": "PageInfo",
      "CFBundleDisplayName": "Page Info",
      "NSExtension": [
        "NSExtensionPointIdentifier": "com.apple.ui-services",
        "NSExtensionPrincipalClass": "$(PRODUCT_MODULE_NAME).ActionRequestHandler",
        "NSExtensionAttributes": [
          "NSExtensionActivationRule": ["NSExtensionActivationSupportsWebPageWithMaxCount": 1],
          "NSExtensionJavaScriptPreprocessingFile": "Action",
        ],
      ],
    ]
  }

  static func removing(_ path: [String], from plist: PropertyList) -> PropertyList {
    guard case .dictionary(var entries) = plist, let first = path.first else { return plist }
    if path.count == 1 {
      entries[first] = nil
    } else if let child = entries[first] {
      entries[first] = removing(Array(path.dropFirst()), from: child)
    }
    return .dictionary(entries)
  }

  /// A new empty folder, removed when `test` ends.
  static func temporaryFolder(for test: XCTestCase) throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("webaction-kit-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    test.addTeardownBlock { try? FileManager.default.removeItem(at: url) }
    return url
  }
}

final class ExtensionManifestTests: XCTestCase {
  private func parse(_ plist: PropertyList, format: PropertyList.Format = .xml) throws -> ExtensionManifest {
    try ExtensionManifest(infoPlist: plist.encoded(as: format), file: "page-info.appex/Info.plist")
  }

  func testAGoodManifestInXMLAndBinary() throws {
    for format in [PropertyList.Format.xml, .binary] {
      let manifest = try parse(ManifestFixture.info, format: format)
      XCTAssertEqual(manifest.bundleIdentifier, "com.example.page-info")
      XCTAssertEqual(manifest.displayName, "Page Info")
      XCTAssertEqual(manifest.extensionPoint, "com.apple.ui-services")
      XCTAssertTrue(manifest.isActionExtension)
      XCTAssertEqual(manifest.principalClass, "ActionRequestHandler")
      XCTAssertEqual(manifest.preprocessingFile, "Action")
      XCTAssertEqual(manifest.activationRule, .dictionary(ActivationDictionary(["NSExtensionActivationSupportsWebPageWithMaxCount": 1])))
      XCTAssertEqual(manifest.appGroups, [])
    }
  }

  /// An Info.plist as Xcode's template writes it: build settings fill in values at build time. The ones a bundle's
  /// folder name implies are expanded; a key webaction needs that names another is an error naming both.
  func testXcodeBuildSettingsAreExpandedOrNamed() throws {
    var info = ManifestFixture.info
    info["CFBundleName"] = "$(PRODUCT_NAME)"
    info["CFBundleDisplayName"] = nil
    info["CFBundleExecutable"] = "$(EXECUTABLE_NAME)"
    info["CFBundleVersion"] = "$(CURRENT_PROJECT_VERSION)"
    let settings = ExtensionManifest.buildSettings(forBundleNamed: "Save to Notes.appex")
    XCTAssertEqual(settings["PRODUCT_MODULE_NAME"], "Save_to_Notes")
    let manifest = try ExtensionManifest(infoPlist: info.encoded(as: .xml), file: "n.appex/Info.plist", buildSettings: settings)
    XCTAssertEqual(manifest.displayName, "Save to Notes")
    XCTAssertEqual(manifest.executable, "Save to Notes")
    XCTAssertEqual(manifest.bundleVersion, "$(CURRENT_PROJECT_VERSION)", "an unknown setting where none is needed stays as written")
    XCTAssertEqual(manifest.principalClass, "ActionRequestHandler")
    XCTAssertEqual(ExtensionManifest.buildSettings(forBundleNamed: "2fa.appex")["PRODUCT_MODULE_NAME"], "_2fa")

    info["CFBundleIdentifier"] = "$(PRODUCT_BUNDLE_IDENTIFIER)"
    XCTAssertThrowsError(try ExtensionManifest(infoPlist: info.encoded(as: .xml), file: "n.appex/Info.plist", buildSettings: settings)) { error in
      XCTAssertEqual("\(error)", "n.appex/Info.plist: CFBundleIdentifier is “$(PRODUCT_BUNDLE_IDENTIFIER)”: $(PRODUCT_BUNDLE_IDENTIFIER) is an Xcode build setting, which webaction cannot know outside Xcode; write the value your build gives it (webaction expands EXECUTABLE_NAME, PRODUCT_MODULE_NAME, PRODUCT_NAME, TARGET_NAME), or make the bundle with `webaction port` from the Xcode folder (--setting PRODUCT_BUNDLE_IDENTIFIER=…)")
    }
    // `webaction port` expands what it knows and keeps the rest as written, naming it.
    let partial = ExtensionManifest.expandingBuildSettings(in: "$(PRODUCT_NAME) $(TEAM) ${TEAM} $x $(", from: settings)
    XCTAssertEqual(partial.text, "Save to Notes $(TEAM) ${TEAM} $x $(")
    XCTAssertEqual(partial.unknown, ["TEAM"])
    info["CFBundleIdentifier"] = "com.example.${PRODUCT_NAME:rfc1034identifier}"
    XCTAssertEqual(try ExtensionManifest(infoPlist: info.encoded(as: .xml), file: "n", buildSettings: ["PRODUCT_NAME": "Notes"]).bundleIdentifier,
                   "com.example.Notes")
  }

  func testBothActionExtensionPointsAreActions() throws {
    var headless = ManifestFixture.info
    headless["NSExtension"]?["NSExtensionPointIdentifier"] = "com.apple.services"
    XCTAssertTrue(try parse(headless).isActionExtension, "Xcode's “No User Interface” Action template")
    headless["NSExtension"]?["NSExtensionPointIdentifier"] = "com.apple.share-services"
    XCTAssertFalse(try parse(headless).isActionExtension)
  }

  func testOptionalKeysAndFallbacks() throws {
    var info = ManifestFixture.removing(["CFBundleDisplayName"], from: ManifestFixture.info)
    info = ManifestFixture.removing(["NSExtension", "NSExtensionPrincipalClass"], from: info)
    info["com.apple.security.application-groups"] = ["group.example"]
    let manifest = try parse(info)
    XCTAssertEqual(manifest.displayName, "PageInfo")
    XCTAssertNil(manifest.principalClass)
    XCTAssertEqual(manifest.appGroups, ["group.example"])
    let bare = try parse(ManifestFixture.removing(["CFBundleName"], from: ManifestFixture.removing(["CFBundleDisplayName"], from: ManifestFixture.info)))
    XCTAssertEqual(bare.displayName, "com.example.page-info")
    XCTAssertNil(bare.bundleVersion)
    XCTAssertNil(bare.executable)
    info["CFBundleVersion"] = "42"
    info["CFBundleExecutable"] = "PageInfo"
    let versioned = try parse(info)
    XCTAssertEqual(versioned.bundleVersion, "42")
    XCTAssertEqual(versioned.executable, "PageInfo")
  }

  func testActivationDictionaryVersionAndStrictMatchingAreRead() throws {
    let rule = ActivationDictionary([
      "NSExtensionActivationDictionaryVersion": 2, "NSExtensionActivationUsesStrictMatching": true,
      "NSExtensionActivationSupportsWebPageWithMaxCount": 1,
    ])
    XCTAssertEqual(rule.dictionaryVersion, 2)
    XCTAssertTrue(rule.usesStrictMatching)
    XCTAssertFalse(ActivationDictionary(["NSExtensionActivationSupportsText": "YES"]).usesStrictMatching)
  }

  func testEachMissingKeyIsNamedWithItsPath() {
    let cases: [([String], String)] = [
      (["CFBundleIdentifier"], "CFBundleIdentifier is missing"),
      (["NSExtension"], "NSExtension is missing"),
      (["NSExtension", "NSExtensionPointIdentifier"], "NSExtension → NSExtensionPointIdentifier is missing"),
      (["NSExtension", "NSExtensionAttributes"], "NSExtension → NSExtensionAttributes is missing"),
      (["NSExtension", "NSExtensionAttributes", "NSExtensionJavaScriptPreprocessingFile"],
        "NSExtension → NSExtensionAttributes → NSExtensionJavaScriptPreprocessingFile is missing"),
      (["NSExtension", "NSExtensionAttributes", "NSExtensionActivationRule"],
        "NSExtension → NSExtensionAttributes → NSExtensionActivationRule is missing"),
    ]
    for (path, message) in cases {
      XCTAssertThrowsError(try parse(ManifestFixture.removing(path, from: ManifestFixture.info))) { error in
        XCTAssertEqual("\(error)", "page-info.appex/Info.plist: \(message)")
      }
    }
  }

  func testWrongKindsAndUnreadableFiles() {
    var info = ManifestFixture.info
    info["NSExtension"]?["NSExtensionAttributes"]?["NSExtensionJavaScriptPreprocessingFile"] = 3
    XCTAssertThrowsError(try parse(info)) { error in
      XCTAssertEqual("\(error)", "page-info.appex/Info.plist: NSExtension → NSExtensionAttributes → "
        + "NSExtensionJavaScriptPreprocessingFile is a integer, expected a string")
    }
    info = ManifestFixture.info
    info["NSExtension"]?["NSExtensionAttributes"]?["NSExtensionActivationRule"] = [1]
    XCTAssertThrowsError(try parse(info)) { error in
      XCTAssertTrue("\(error)".hasSuffix("NSExtensionActivationRule is a array, expected a predicate string or a dictionary"), "\(error)")
    }
    XCTAssertThrowsError(try ExtensionManifest(infoPlist: Data("<plist".utf8), file: "x.appex/Info.plist")) { error in
      XCTAssertTrue("\(error)".hasPrefix("x.appex/Info.plist is not a readable property list"), "\(error)")
    }
    XCTAssertThrowsError(try parse(["a", "b"])) { error in
      XCTAssertEqual("\(error)", "page-info.appex/Info.plist is a array, expected a dictionary")
    }
  }

  func testScriptNameMayCarryJSExtension() throws {
    var info = ManifestFixture.info
    info["NSExtension"]?["NSExtensionAttributes"]?["NSExtensionJavaScriptPreprocessingFile"] = "Action.js"
    XCTAssertEqual(try parse(info).preprocessingFile, "Action")
  }
}

final class ActivationRuleTests: XCTestCase {
  func testPredicatesAndDictionaries() throws {
    XCTAssertEqual(try ActivationRule(plistValue: "TRUEPREDICATE"), .truePredicate)
    XCTAssertEqual(try ActivationRule(plistValue: " FALSEPREDICATE "), .falsePredicate)
    XCTAssertEqual(
      try ActivationRule(plistValue: "SUBQUERY(x, $e, 1 == 1).@count == 1"),
      .predicate(try ActivationPredicate("SUBQUERY(x, $e, 1 == 1).@count == 1")))
    XCTAssertNil(try ActivationRule(plistValue: 1))

    XCTAssertTrue(ActivationRule.truePredicate.accepts(webPages: 1, webURLs: 0))
    XCTAssertFalse(ActivationRule.falsePredicate.accepts(webPages: 1, webURLs: 0))
    XCTAssertFalse(ActivationRule.truePredicate.accepts(webPages: 0, webURLs: 0), "nothing to act on")
  }

  func testDictionaryRulesFollowTheDocumentedKeys() throws {
    let pageOnly = try ActivationRule(plistValue: ["NSExtensionActivationSupportsWebPageWithMaxCount": 1])!
    XCTAssertTrue(pageOnly.accepts(webPages: 1, webURLs: 0))
    XCTAssertFalse(pageOnly.accepts(webPages: 2, webURLs: 0), "above the maximum")
    XCTAssertFalse(pageOnly.accepts(webPages: 0, webURLs: 1), "URLs not supported")

    let urlsAsStrings = try ActivationRule(plistValue: [
      "NSExtensionActivationSupportsWebURLWithMaxCount": "3", "NSExtensionActivationSupportsText": "YES",
    ])!
    XCTAssertTrue(urlsAsStrings.accepts(webPages: 0, webURLs: 3))
    XCTAssertFalse(urlsAsStrings.accepts(webPages: 1, webURLs: 0))
    guard case .dictionary(let rule) = urlsAsStrings else { return XCTFail() }
    XCTAssertEqual(rule.webURLMaxCount, 3)
    XCTAssertTrue(rule.supportsText)
    XCTAssertNil(rule.imageMaxCount)

    let capped = try ActivationRule(plistValue: [
      "NSExtensionActivationSupportsWebPageWithMaxCount": 5, "NSExtensionActivationSupportsWebURLWithMaxCount": 5,
      "NSExtensionActivationSupportsAttachmentsWithMaxCount": 2,
    ])!
    XCTAssertTrue(capped.accepts(webPages: 1, webURLs: 1))
    XCTAssertFalse(capped.accepts(webPages: 2, webURLs: 1))
  }

  func testPredicateStringsAreEvaluatedOverTheOfferedItems() throws {
    let pages = ActivationRule.predicate(try ActivationPredicate(
      #"SUBQUERY(extensionItems, $item, SUBQUERY($item.attachments, $a, ANY $a.registeredTypeIdentifiers UTI-CONFORMS-TO "com.apple.property-list").@count == 1).@count == 1"#))
    XCTAssertTrue(pages.accepts(webPages: 1, webURLs: 0))
    XCTAssertFalse(pages.accepts(webPages: 0, webURLs: 1))
    let images = ActivationRule.predicate(try ActivationPredicate(
      #"SUBQUERY(extensionItems, $item, SUBQUERY($item.attachments, $a, ANY $a.registeredTypeIdentifiers UTI-CONFORMS-TO "public.image").@count >= 1).@count >= 1"#))
    XCTAssertFalse(images.accepts(webPages: 1, webURLs: 0), "a page is not an image")
  }

  func testAPredicateOutsideTheSubsetIsAManifestErrorWithItsKeyPath() throws {
    var info = ManifestFixture.info
    info["NSExtension"]?["NSExtensionAttributes"]?["NSExtensionActivationRule"] = "extensionItems.@count CONTAINS 1"
    XCTAssertThrowsError(try ExtensionManifest(infoPlist: info.encoded(as: .xml), file: "x.appex/Info.plist")) { error in
      XCTAssertEqual(
        "\(error)",
        "x.appex/Info.plist: NSExtension → NSExtensionAttributes → NSExtensionActivationRule is not a predicate webaction "
          + "can read, at character 23: expected a comparison (==, !=, <, <=, >, >=, UTI-CONFORMS-TO, UTI-EQUALS)")
    }
  }
}

final class ExtensionBundleTests: XCTestCase {
  func testBundleWithInfoAtTheRootAndScriptInResources() throws {
    let folder = try ManifestFixture.temporaryFolder(for: self).appendingPathComponent("page-info.appex")
    try FileManager.default.createDirectory(at: folder.appendingPathComponent("Resources"), withIntermediateDirectories: true)
    try ManifestFixture.info.encoded(as: .xml).write(to: folder.appendingPathComponent("Info.plist"))
    try Data("var ExtensionPreprocessingJS = {}".utf8).write(to: folder.appendingPathComponent("Resources/Action.js"))
    try (["com.apple.security.application-groups": ["group.a", "group.b"]] as PropertyList).encoded(as: .xml)
      .write(to: folder.appendingPathComponent("PageInfo.entitlements"))
    let bundle = try ExtensionBundle(url: folder)
    XCTAssertEqual(bundle.name, "page-info")
    XCTAssertEqual(bundle.scriptURL?.lastPathComponent, "Action.js")
    XCTAssertEqual(bundle.scriptURL?.deletingLastPathComponent().lastPathComponent, "Resources")
    XCTAssertEqual(bundle.manifest.appGroups, ["group.a", "group.b"])
  }

  func testBundleWithContentsFolderAndMissingScript() throws {
    let folder = try ManifestFixture.temporaryFolder(for: self).appendingPathComponent("x.appex")
    try FileManager.default.createDirectory(at: folder.appendingPathComponent("Contents"), withIntermediateDirectories: true)
    try ManifestFixture.info.encoded(as: .binary).write(to: folder.appendingPathComponent("Contents/Info.plist"))
    XCTAssertThrowsError(try ExtensionBundle(url: folder)) { error in
      XCTAssertEqual("\(error)", "x.appex/Contents/Info.plist: NSExtension → NSExtensionAttributes → "
        + "NSExtensionJavaScriptPreprocessingFile names Action.js, which was not found "
        + "(looked for x.appex/Action.js, x.appex/Resources/Action.js, x.appex/Contents/Resources/Action.js)")
    }
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("Contents/Resources"), withIntermediateDirectories: true)
    try Data().write(to: folder.appendingPathComponent("Contents/Resources/Action.js"))
    XCTAssertEqual(try ExtensionBundle(url: folder).scriptURL?.path.hasSuffix("x.appex/Contents/Resources/Action.js"), true)
  }

  func testFolderWithoutInfoPlist() throws {
    let folder = try ManifestFixture.temporaryFolder(for: self).appendingPathComponent("empty.appex")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    XCTAssertThrowsError(try ExtensionBundle(url: folder)) { error in
      XCTAssertTrue("\(error)".hasSuffix("has no Info.plist (looked for empty.appex/Info.plist and empty.appex/Contents/Info.plist)"), "\(error)")
    }
    XCTAssertThrowsError(try ExtensionBundle(url: folder.appendingPathComponent("nope.appex"))) { error in
      XCTAssertTrue("\(error)".hasSuffix("is not an extension bundle folder (expected a .appex folder)"), "\(error)")
    }
  }
}
