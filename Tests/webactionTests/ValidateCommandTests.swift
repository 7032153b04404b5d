import Foundation
import WebActionKit
import XCTest

/// `webaction validate BUNDLE...`: every problem with its key path, errors and warnings, exit 0 or 4.
final class ValidateCommandTests: XCTestCase {
  private var work: URL!

  override func setUpWithError() throws {
    work = FileManager.default.temporaryDirectory.appendingPathComponent("webaction-validate-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
    addTeardownBlock { [work] in try? FileManager.default.removeItem(at: work!) }
  }

  /// A bundle folder holding `info` as its Info.plist and, when given, an Action.js.
  private func bundle(_ name: String, info: PropertyList, script: Bool = true) throws -> String {
    let folder = work.appendingPathComponent("\(name).appex")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try info.encoded(as: .binary).write(to: folder.appendingPathComponent("Info.plist"))
    if script { try Data("var ExtensionPreprocessingJS = {};".utf8).write(to: folder.appendingPathComponent("Action.js")) }
    return folder.path
  }

  private static let good: PropertyList = [
    "CFBundleIdentifier": "com.example.good",
    "NSExtension": [
      "NSExtensionPointIdentifier": "com.apple.ui-services",
      "NSExtensionAttributes": [
        "NSExtensionJavaScriptPreprocessingFile": "Action",
        "NSExtensionActivationRule": ["NSExtensionActivationSupportsWebPageWithMaxCount": 1],
      ],
    ],
  ]

  func testAGoodBundleAndTheBuiltInsAreValid() throws {
    let result = try WebActionCommand.run(["validate", try bundle("good", info: Self.good)])
    XCTAssertEqual(result.status, 0, result.stderr)
    XCTAssertTrue(result.stdout.hasSuffix("good.appex: valid\n"), result.stdout)
    for name in ["page-info", "translate", "background"] {
      let builtIn = WebActionCommand.packageRoot.appendingPathComponent("Sources/Extensions").path
      let found = try XCTUnwrap(FileManager.default.enumerator(atPath: builtIn)?.compactMap { $0 as? String }
        .first { $0.hasSuffix("/\(name).appex") })
      let check = try WebActionCommand.run(["validate", "\(builtIn)/\(found)"])
      XCTAssertEqual(check.status, 0, "\(name): \(check.stdout)")
    }
  }

  /// What `run` would refuse is said: a principal class not built in with no program, a program not shipped.
  func testANativeSideRunCannotStartIsAWarning() throws {
    var unknown = Self.good
    unknown["NSExtension"]?["NSExtensionPrincipalClass"] = "$(PRODUCT_MODULE_NAME).ActionRequestHandler"
    let result = try WebActionCommand.run(["validate", try bundle("unknown", info: unknown)])
    XCTAssertEqual(result.status, 0, "a warning: its JavaScript still runs with --finalize-args")
    XCTAssertTrue(result.stdout.contains("NSExtensionPrincipalClass is ActionRequestHandler, which is not built into webaction, and the bundle ships no program"), result.stdout)
    XCTAssertTrue(result.stdout.contains("unknown.appex: 0 errors, 1 warning"), result.stdout)
    let json = try WebActionCommand.run(["validate", "--json", work.appendingPathComponent("unknown.appex").path])
    let objects = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
    XCTAssertEqual(objects.first?["valid"] as? Bool, true)
    let problem = try XCTUnwrap((objects.first?["problems"] as? [[String: Any]])?.first)
    XCTAssertEqual(problem["severity"] as? String, "warning")
    XCTAssertEqual(problem["keyPath"] as? [String], ["NSExtension", "NSExtensionPrincipalClass"])

    var unbuilt = Self.good
    unbuilt["CFBundleExecutable"] = "missing-program"
    let missing = try WebActionCommand.run(["validate", try bundle("unbuilt", info: unbuilt)])
    XCTAssertTrue(missing.stdout.contains("CFBundleExecutable is missing-program, which the bundle does not ship"), missing.stdout)
    // The Swift example, until its program is built and copied in (it is not committed).
    let example = WebActionCommand.packageRoot.appendingPathComponent("Examples/background-swift.appex")
    if !FileManager.default.fileExists(atPath: example.appendingPathComponent("background-swift").path) {
      let check = try WebActionCommand.run(["validate", example.path])
      XCTAssertTrue(check.stdout.contains("CFBundleExecutable is background-swift, which the bundle does not ship"), check.stdout)
    }
  }

  func testEveryProblemIsReportedWithItsKeyPath() throws {
    let bad: PropertyList = [
      "CFBundleVersion": 3,
      "NSExtension": [
        "NSExtensionPointIdentifier": "com.example.elsewhere",
        "NSExtensionAttributes": [
          "NSExtensionActivationRule": #"SUBQUERY(extensionItems, $e, $e.attachments.@count >> 1).@count == 1"#,
        ],
      ],
    ]
    let result = try WebActionCommand.run(["validate", try bundle("bad", info: bad)])
    XCTAssertEqual(result.status, 4, result.stdout)
    for line in [
      "error: bad.appex/Info.plist: CFBundleIdentifier is missing",
      "error: bad.appex/Info.plist: CFBundleVersion is an integer, expected a string",
      "warning: bad.appex/Info.plist: NSExtension → NSExtensionPointIdentifier is com.example.elsewhere;",
      "error: bad.appex/Info.plist: NSExtension → NSExtensionAttributes → NSExtensionJavaScriptPreprocessingFile is missing",
      "error: bad.appex/Info.plist: NSExtension → NSExtensionAttributes → NSExtensionActivationRule is not a predicate webaction can read, at character 53: expected a key path",
      "bad.appex: 4 errors, 1 warning",
    ] {
      XCTAssertTrue(result.stdout.contains(line), "expected “\(line)” in\n\(result.stdout)")
    }
  }

  func testWarningsDoNotFailAndTheScriptMustBeThere() throws {
    var lenient = Self.good
    lenient["NSExtension"]?["NSExtensionAttributes"]?["NSExtensionActivationRule"] = "TRUEPREDICATE"
    let warned = try WebActionCommand.run(["validate", try bundle("lenient", info: lenient)])
    XCTAssertEqual(warned.status, 0, warned.stdout)
    XCTAssertTrue(warned.stdout.contains("warning: lenient.appex/Info.plist: NSExtension → NSExtensionAttributes → NSExtensionActivationRule is TRUEPREDICATE"), warned.stdout)

    var typo = Self.good
    typo["NSExtension"]?["NSExtensionAttributes"]?["NSExtensionActivationRule"] = [
      "NSExtensionActivationSupportsWebPageWithMaxCount": "many", "NSExtensionActivationSupportWebURLWithMaxCount": 1,
    ]
    let typos = try WebActionCommand.run(["validate", try bundle("typo", info: typo, script: false)])
    XCTAssertEqual(typos.status, 4, typos.stdout)
    XCTAssertTrue(typos.stdout.contains("NSExtensionActivationSupportsWebPageWithMaxCount is 'many', expected a whole number, 0 or more"), typos.stdout)
    XCTAssertTrue(typos.stdout.contains("warning: typo.appex/Info.plist: NSExtension → NSExtensionAttributes → NSExtensionActivationRule → NSExtensionActivationSupportWebURLWithMaxCount is not a key Apple documents"), typos.stdout)

    let noScript = try WebActionCommand.run(["validate", try bundle("noscript", info: Self.good, script: false)])
    XCTAssertEqual(noScript.status, 4, noScript.stdout)
    XCTAssertTrue(noScript.stdout.contains("NSExtensionJavaScriptPreprocessingFile names Action.js, which was not found"), noScript.stdout)
  }

  /// An extension runs only on what its activation rule accepts (a page is one web page, `com.apple.property-list`).
  func testRunRefusesAnExtensionWhoseRuleDoesNotAcceptAWebPage() throws {
    var imagesOnly = Self.good
    imagesOnly["NSExtension"]?["NSExtensionAttributes"]?["NSExtensionActivationRule"] = [
      "NSExtensionActivationSupportsImageWithMaxCount": 1,
    ]
    let images = try bundle("images", info: imagesOnly, script: false)
    try Data("var ExtensionPreprocessingJS = { run: function (a) { a.completionFunction({}); }, finalize: function () {} };".utf8)
      .write(to: URL(fileURLWithPath: images).appendingPathComponent("Action.js"))
    let refused = try WebActionCommand.run(["run", WebActionCommand.page("article.html"), "--ext", images, "-o", "/dev/null"])
    XCTAssertEqual(refused.status, 4, refused.stderr)
    XCTAssertTrue(refused.stderr.contains("images: its activation rule (NSExtension → NSExtensionAttributes → NSExtensionActivationRule) does not accept a web page"), refused.stderr)
    XCTAssertTrue(refused.stderr.contains("--force runs it anyway"), refused.stderr)
    let forced = try WebActionCommand.run(["run", WebActionCommand.page("article.html"), "--ext", images, "-o", "/dev/null", "--force"])
    XCTAssertEqual(forced.status, 0, forced.stderr)

    var predicate = Self.good
    predicate["NSExtension"]?["NSExtensionAttributes"]?["NSExtensionActivationRule"] =
      #"SUBQUERY(extensionItems, $i, SUBQUERY($i.attachments, $a, ANY $a.registeredTypeIdentifiers UTI-CONFORMS-TO "com.apple.property-list").@count == 1).@count == 1"#
    let folder = try bundle("pages", info: predicate, script: false)
    try Data("var ExtensionPreprocessingJS = { run: function (a) { a.completionFunction({}); }, finalize: function () {} };".utf8)
      .write(to: URL(fileURLWithPath: folder).appendingPathComponent("Action.js"))
    let accepted = try WebActionCommand.run(["run", WebActionCommand.page("article.html"), "--ext", folder, "-o", "/dev/null"])
    XCTAssertEqual(accepted.status, 0, accepted.stderr)

    // A shipping password manager's rule: every attachment must be a URL. Safari offers it a page (one attachment,
    // registered as the results and as the URL), so webaction runs it.
    predicate["NSExtension"]?["NSExtensionAttributes"]?["NSExtensionActivationRule"] =
      #"SUBQUERY(extensionItems, $e, SUBQUERY($e.attachments, $a, ANY $a.registeredTypeIdentifiers UTI-CONFORMS-TO "public.url").@count == $e.attachments.@count).@count == 1"#
    let urls = try bundle("urls", info: predicate, script: false)
    try Data("var ExtensionPreprocessingJS = { run: function (a) { a.completionFunction({}); }, finalize: function () {} };".utf8)
      .write(to: URL(fileURLWithPath: urls).appendingPathComponent("Action.js"))
    let offered = try WebActionCommand.run(["run", WebActionCommand.page("article.html"), "--ext", urls, "-o", "/dev/null"])
    XCTAssertEqual(offered.status, 0, offered.stderr)
  }
}
