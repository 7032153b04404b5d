import Foundation
import XCTest

/// `webaction port`: Xcode's Action template, unmodified, becomes a bundle whose Swift runs as on iOS; and a package
/// outside this repository builds on the AppleExtensionAPI product by URL and version.
final class PortCommandTests: WorkFolderTestCase {
  /// Building takes minutes under the AddressSanitizer pass's load; the release pass builds (debug, to be quick).
  private var builds: Bool { ProcessInfo.processInfo.environment["ASAN_OPTIONS"] == nil }

  private func copyFixture(_ form: String) throws -> URL {
    let folder = work.appendingPathComponent(form).appendingPathComponent("ActionExtension")
    try FileManager.default.createDirectory(at: folder.deletingLastPathComponent(), withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: WebActionCommand.fixtures.appendingPathComponent("xcode-template/\(form)/ActionExtension"), to: folder)
    return folder
  }

  private func background(of page: String) throws -> String? {
    let html = try String(contentsOfFile: page, encoding: .utf8)
    guard let range = html.range(of: #"<body style="background: "#) else { return nil }
    return String(html[range.upperBound...].prefix { $0 != ";" })
  }

  /// Both forms of the template: red on a page without a background, green on the page it wrote, as on iOS.
  func testXcodesActionTemplateRunsUnchanged() throws {
    let bundle = work.appendingPathComponent("ActionExtension.appex").path
    for (index, form) in ["MobileCoreServices", "UniformTypeIdentifiers"].enumerated() {
      let folder = try copyFixture(form)
      let original = try Data(contentsOf: folder.appendingPathComponent("ActionRequestHandler.swift"))
      let ported = try WebActionCommand.run(
        ["port", folder.path, "-o", bundle, "--configuration", "debug",
         "--setting", "PRODUCT_BUNDLE_IDENTIFIER=com.example.MyApp.ActionExtension"] + (builds ? [] : ["--no-build"]),
        timeLimit: 900)
      XCTAssertEqual(ported.status, 0, "\(form): \(ported.stderr)")
      XCTAssertTrue(ported.stderr.contains("principal class ActionRequestHandler"), ported.stderr)
      if index == 0 {
        // The older template names every key through settings: all of them are expanded, none is added.
        XCTAssertFalse(ported.stderr.contains("Info.plist: added"), ported.stderr)
      } else {
        XCTAssertTrue(ported.stderr.contains("Info.plist: added CFBundleDevelopmentRegion, CFBundleExecutable, CFBundleIdentifier"), ported.stderr)
      }
      let info = try PropertyListSerialization.propertyList(
        from: Data(contentsOf: URL(fileURLWithPath: bundle + "/Info.plist")), format: nil) as! [String: Any]
      XCTAssertEqual(info["CFBundleIdentifier"] as? String, "com.example.MyApp.ActionExtension")
      XCTAssertEqual(info["CFBundleExecutable"] as? String, "ActionExtension")
      XCTAssertEqual((info["NSExtension"] as? [String: Any])?["NSExtensionPrincipalClass"] as? String, "ActionExtension.ActionRequestHandler")
      // The sources are built as they are.
      XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: bundle + "/Sources/ActionExtension/ActionRequestHandler.swift")), original)
      guard builds else { continue }
      XCTAssertTrue(ported.stdout.hasPrefix("Ported ActionExtension.appex"), ported.stdout)

      let first = work.appendingPathComponent("\(form)-1.html").path
      let run = try WebActionCommand.run(["run", WebActionCommand.page("article.html"), "--ext", bundle, "-o", first], timeLimit: 60)
      XCTAssertEqual(run.status, 0, run.stderr)
      XCTAssertEqual(try background(of: first), "red")
      let second = work.appendingPathComponent("\(form)-2.html").path
      let again = try WebActionCommand.run(["run", first, "--ext", bundle, "-o", second], timeLimit: 60)
      XCTAssertEqual(again.status, 0, again.stderr)
      XCTAssertEqual(try background(of: second), "green")
    }
  }

  func testWhatCannotBePortedIsNamed() throws {
    let folder = try copyFixture("UniformTypeIdentifiers")
    // A view controller beside the handler is left out, by name, with what to keep.
    try """
      import UIKit
      class ActionViewController: UIViewController {
          @IBOutlet weak var imageView: UIImageView!
      }
      """.write(to: folder.appendingPathComponent("ActionViewController.swift"), atomically: true, encoding: .utf8)
    let bundle = work.appendingPathComponent("out.appex").path
    let ported = try WebActionCommand.run(["port", folder.path, "-o", bundle, "--no-build"])
    XCTAssertEqual(ported.status, 0, ported.stderr)
    XCTAssertTrue(
      ported.stderr.contains("ActionViewController.swift is left out: it uses a user interface (line 2: UIViewController; line 3: IBOutlet, UIImageView)"),
      ported.stderr)
    XCTAssertTrue(ported.stderr.contains("PRODUCT_BUNDLE_IDENTIFIER is com.example.ActionExtension, a stand-in"), ported.stderr)
    XCTAssertFalse(FileManager.default.fileExists(atPath: bundle + "/Sources/ActionExtension/ActionViewController.swift"))

    // When the principal class is the view controller, nothing can run: exit 4, naming the file.
    var plist = try String(contentsOf: folder.appendingPathComponent("Info.plist"), encoding: .utf8)
    plist = plist.replacingOccurrences(of: ".ActionRequestHandler", with: ".ActionViewController")
    try plist.write(to: folder.appendingPathComponent("Info.plist"), atomically: true, encoding: .utf8)
    let refused = try WebActionCommand.run(["port", folder.path, "-o", bundle, "--no-build"])
    XCTAssertEqual(refused.status, 4)
    XCTAssertTrue(
      refused.stderr.contains("the principal class ActionViewController (ActionExtension/ActionViewController.swift) uses a user interface"),
      refused.stderr)

    // An unknown setting is named with the key that uses it; a folder port did not make is not overwritten.
    plist = plist.replacingOccurrences(of: "<key>NSExtension</key>", with: "<key>AppTeam</key><string>$(DEVELOPMENT_TEAM)</string><key>NSExtension</key>")
      .replacingOccurrences(of: ".ActionViewController", with: ".ActionRequestHandler")
    try plist.write(to: folder.appendingPathComponent("Info.plist"), atomically: true, encoding: .utf8)
    let warned = try WebActionCommand.run(["port", folder.path, "-o", bundle, "--no-build"])
    XCTAssertEqual(warned.status, 0, warned.stderr)
    XCTAssertTrue(warned.stderr.contains("$(DEVELOPMENT_TEAM) is not a setting webaction knows; AppTeam keep it as written"), warned.stderr)
    let other = work.appendingPathComponent("mine.appex")
    try FileManager.default.createDirectory(at: other, withIntermediateDirectories: true)
    XCTAssertEqual(try WebActionCommand.run(["port", folder.path, "-o", other.path, "--no-build"]).status, 2)
    XCTAssertEqual(try WebActionCommand.run(["port", work.path]).status, 3, "a folder without an Info.plist")
  }

  /// A package elsewhere depends on AppleExtensionAPI by webaction's URL and version, a local snapshot of this
  /// checkout standing in for the URL (a SwiftPM mirror to a git repository tagged with the version), and builds.
  func testAPackageOutsideTheRepositoryDependsOnTheProductByURL() throws {
    guard builds else { return }
    // `webaction 0.9.0 (commit …)` on the first line.
    let version = try XCTUnwrap(WebActionCommand.run(["--version"]).stdout.split(separator: " ").dropFirst().first.map(String.init))
    let snapshot = work.appendingPathComponent("webaction-snapshot")
    try shell("mkdir -p '\(snapshot.path)' && cd '\(WebActionCommand.packageRoot.path)' && git ls-files -z --cached --others --exclude-standard | xargs -0 -I{} sh -c 'test -e \"{}\" && echo \"{}\"' | tar -cf - -T - | tar -xf - -C '\(snapshot.path)'")
    try shell("cd '\(snapshot.path)' && git init -q && git add -A && git -c user.name=t -c user.email=t@t commit -qm snapshot && git tag \(version)")

    let consumer = work.appendingPathComponent("consumer")
    try FileManager.default.createDirectory(at: consumer.appendingPathComponent("Sources/Consumer"), withIntermediateDirectories: true)
    try """
      // swift-tools-version:6.1
      import PackageDescription

      let package = Package(
        name: "Consumer",
        dependencies: [.package(url: "https://github.com/webaction/webaction", from: "\(version)")],
        targets: [
          .executableTarget(
            name: "Consumer", dependencies: [.product(name: "AppleExtensionAPI", package: "webaction")],
            swiftSettings: [.swiftLanguageMode(.v5)])
        ]
      )
      """.write(to: consumer.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
    try """
      import UIKit
      import UniformTypeIdentifiers

      class Handler: NSObject, NSExtensionRequestHandling {
          func beginRequest(with context: NSExtensionContext) {
              let reply = NSExtensionItem()
              reply.attachments = [NSItemProvider(item: [NSExtensionJavaScriptFinalizeArgumentKey: ["newBackgroundColor": "teal"]] as NSDictionary,
                                                  typeIdentifier: UTType.propertyList.identifier)]
              context.completeRequest(returningItems: [reply], completionHandler: nil)
          }
      }

      NSExtensionMain { Handler() }
      """.write(to: consumer.appendingPathComponent("Sources/Consumer/main.swift"), atomically: true, encoding: .utf8)
    try shell("cd '\(consumer.path)' && swift package config set-mirror --original https://github.com/webaction/webaction --mirror '\(snapshot.path)' && (swift build > build.log 2>&1 || (tail -30 build.log; exit 1))")

    // The program is an extension: in a bundle with the template's script, webaction runs it.
    let bundle = work.appendingPathComponent("teal.appex")
    try FileManager.default.copyItem(at: WebActionCommand.fixtures.appendingPathComponent("xcode-template/MobileCoreServices/ActionExtension"), to: bundle)
    try FileManager.default.copyItem(at: consumer.appendingPathComponent(".build/debug/Consumer"), to: bundle.appendingPathComponent("teal"))
    let plist = try String(contentsOf: bundle.appendingPathComponent("Info.plist"), encoding: .utf8)
      .replacingOccurrences(of: "$(EXECUTABLE_NAME)", with: "teal")
      .replacingOccurrences(of: "$(PRODUCT_BUNDLE_IDENTIFIER)", with: "com.example.teal")
    try plist.write(to: bundle.appendingPathComponent("Info.plist"), atomically: true, encoding: .utf8)
    let run = try WebActionCommand.run(["run", WebActionCommand.page("article.html"), "--ext", bundle.path], timeLimit: 60)
    XCTAssertEqual(run.status, 0, run.stderr)
    XCTAssertTrue(run.stdout.contains(#"<body style="background: teal;">"#))
  }

  private func shell(_ command: String) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", "set -e; " + command]
    let out = Pipe()
    process.standardOutput = out
    process.standardError = out
    try process.run()
    let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    XCTAssertEqual(process.terminationStatus, 0, "\(command)\n\(text)")
    if process.terminationStatus != 0 { throw CocoaError(.executableLoad) }
  }
}
