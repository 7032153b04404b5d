import Foundation
import WebActionKit
import XCTest

@testable import WebActionHost

/// What the saved-page format tests share: a temporary folder, a host whose extension reports what it saw, and a
/// check of malformed inputs.
class SavedPageFormatTestCase: XCTestCase {
  var directory: URL!

  override func setUpWithError() throws {
    directory = FileManager.default.temporaryDirectory.appendingPathComponent("formats-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  }

  override func tearDownWithError() throws {
    try? FileManager.default.removeItem(at: directory)
  }

  /// A host whose extension reports the URL, charset, text and the color a saved style sheet gives `p`, and whose
  /// finalize() appends a paragraph.
  func host() throws -> ActionHost {
    let script = """
      var ExtensionPreprocessingJS = {
        run: function (a) {
          var p = document.querySelector('p');
          a.completionFunction({ url: document.URL, charset: document.characterSet, text: p.textContent,
                                 color: getComputedStyle(p).color });
        },
        finalize: function (a) { var p = document.createElement('p'); p.textContent = 'added'; document.body.append(p); }
      };
      """
    let bundle = try writeTestBundle(in: directory, name: "Formats", script: script)
    return ActionHost(extension: try ExtensionSource(bundleURL: bundle) { _ in nil })
  }

  /// Writes `data` as `name` in the folder and processes it through the pipeline.
  func process(_ data: Data, as name: String) throws -> ActionHost.FileOutcome {
    let file = directory.appendingPathComponent(name)
    try data.write(to: file)
    var settings = PageSettings()
    settings.timeout = 5
    return try host().process(file: file.path, settings: settings, finalizeArguments: [:])
  }

  /// Checks that `format` refuses each input with an `.input` error whose message starts as given.
  func assertInputErrors(
    _ format: any PageFormat, name: String, _ cases: [(Data, String)],
    file: StaticString = #filePath, line: UInt = #line
  ) {
    for (data, message) in cases {
      XCTAssertThrowsError(try format.read(data, name: name, fileURL: nil), file: file, line: line) { error in
        let error = error as? WebActionError
        XCTAssertEqual(error?.kind, .input, file: file, line: line)
        XCTAssertTrue(
          error?.message.hasPrefix(message) == true, "\(error?.message ?? "") / \(message)", file: file, line: line)
      }
    }
  }
}
