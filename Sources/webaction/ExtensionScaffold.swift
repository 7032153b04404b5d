import Foundation
import WebActionKit

/// The files of a new bundle (`webaction new`), by path inside `NAME.appex`.
struct ExtensionScaffold {
  let name: String
  let template: NewCommand.Template
  let executable: NewCommand.Executable?

  /// The program `CFBundleExecutable` names (made executable), when the native side is a script.
  var program: String? { executable == .python ? "\(name).py" : nil }

  var files: [(path: String, text: String)] {
    var files = [("Info.plist", infoPlist), ("Action.js", actionJS), ("Tests/example/page.html", Self.page)]
    switch executable {
    case .python:
      files.append(("\(name).py", python))
    case .swift:
      files += [("Package.swift", package), ("Sources/\(name)/\(name).swift", swift), ("README.txt", swiftReadme)]
      files.append(("Tests/example/finalize-args.json", finalizeArguments))
    case nil:
      files.append(("Tests/example/finalize-args.json", finalizeArguments))
    }
    return files
  }

  private var infoPlist: String {
    let executableKey = switch executable {
    case .python: "\t<key>CFBundleExecutable</key>\n\t<string>\(name).py</string>\n"
    case .swift: "\t<key>CFBundleExecutable</key>\n\t<string>\(name)</string>\n"
    case nil: ""
    }
    return """
      <?xml version="1.0" encoding="UTF-8"?>
      <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
      <plist version="1.0">
      <dict>
      \t<key>CFBundleIdentifier</key>
      \t<string>com.example.\(name)</string>
      \t<key>CFBundleDisplayName</key>
      \t<string>\(name)</string>
      \t<key>CFBundleVersion</key>
      \t<string>1</string>
      \(executableKey)\t<key>NSExtension</key>
      \t<dict>
      \t\t<key>NSExtensionPointIdentifier</key>
      \t\t<string>com.apple.ui-services</string>
      \t\t<key>NSExtensionAttributes</key>
      \t\t<dict>
      \t\t\t<key>NSExtensionJavaScriptPreprocessingFile</key>
      \t\t\t<string>Action</string>
      \t\t\t<key>NSExtensionActivationRule</key>
      \t\t\t<dict>
      \t\t\t\t<key>NSExtensionActivationSupportsWebPageWithMaxCount</key>
      \t\t\t\t<integer>1</integer>
      \t\t\t</dict>
      \t\t</dict>
      \t</dict>
      </dict>
      </plist>

      """
  }

  private var actionJS: String {
    let (collect, apply) = switch template {
    case .blank: (
      "    // Collect what the native side needs, and pass it on (a property list: strings, numbers, arrays, objects).\n"
        + "    args.completionFunction({ title: document.title, url: document.URL });",
      "    // Apply the native side's answer to the page (without a native side, args is what run() passed).\n"
        + "    document.body.setAttribute(\"data-note\", args.note || \"seen by \(name): \" + args.title);")
    case .info: (
      "    var headings = Array.prototype.map.call(document.querySelectorAll(\"h1, h2, h3\"), function (h) { return h.textContent.trim(); });\n"
        + "    args.completionFunction({ title: document.title, headings: headings, links: document.links.length });",
      "    // The native side's summary; without a native side, args is what run() passed, summarized here.\n"
        + "    var summary = args.summary || (args.headings ? args.headings.length + \" headings, \" + args.links + \" links\" : \"\");\n"
        + "    if (!summary) return;\n"
        + "    var note = document.createElement(\"p\");\n"
        + "    note.className = \"\(name)-summary\";\n"
        + "    note.textContent = summary;\n"
        + "    document.body.insertBefore(note, document.body.firstChild);")
    case .translateLike: (
      "    // One segment per block; textContent keeps the text and drops inline markup (a real translator keeps it).\n"
        + "    var blocks = document.querySelectorAll(\"h1, h2, h3, p, li\");\n"
        + "    args.completionFunction({ segments: Array.prototype.map.call(blocks, function (b) { return b.textContent; }) });",
      "    var blocks = document.querySelectorAll(\"h1, h2, h3, p, li\"), segments = args.segments || [];\n"
        + "    for (var i = 0; i < blocks.length && i < segments.length; i++) blocks[i].textContent = segments[i];")
    }
    return """
      // \(name): Safari loads this file into the page, calls run(), hands what it passes to completionFunction to the
      // native side, and calls finalize() with the native side's answer (webaction test, run and inspect do the same).
      var ExtensionPreprocessingJS = {
        run: function (args) {
      \(collect)
        },
        finalize: function (args) {
      \(apply)
        }
      };

      """
  }

  /// finalize()'s argument when the case skips the native side: what that side would answer.
  private var finalizeArguments: String {
    switch template {
    case .blank: "{\"note\": \"hello from \(name)\"}\n"
    case .info: "{\"summary\": \"2 headings, 2 links\"}\n"
    case .translateLike: "{\"segments\": [\"A SAMPLE PAGE\", \"FIRST PARAGRAPH, WITH A LINK.\"]}\n"
    }
  }

  /// What the native side computes, in Python, from `results`.
  private var pythonAnswer: String {
    switch template {
    case .blank: "{\"note\": \"hello from \(name), page %s\" % results.get(\"title\", \"\")}"
    case .info: "{\"summary\": \"%d headings, %d links\" % (len(results.get(\"headings\", [])), results.get(\"links\", 0))}"
    case .translateLike: "{\"segments\": [text.upper() for text in results.get(\"segments\", [])]}"
    }
  }

  private var python: String {
    """
      #!/usr/bin/env python3
      \"\"\"\(name)'s native side, a process of its own: webaction sends each request on standard input and reads the
      reply on standard output, as frames of a 4-byte big-endian length and a binary property list (WebActionKit's
      documentation, "The extension protocol"). begin_request is the extension; serve is the protocol.\"\"\"
      import os
      import plistlib
      import struct
      import sys

      RESULTS_KEY = "NSExtensionJavaScriptPreprocessingResultsKey"
      FINALIZE_KEY = "NSExtensionJavaScriptFinalizeArgumentKey"


      def begin_request(input_items):
          \"\"\"The finalize() argument for run()'s results; raise to cancel the request.\"\"\"
          results = {}
          for item in input_items:
              for attachment in item.get("attachments", []):
                  for registration in attachment["registrations"]:
                      if isinstance(registration["item"], dict) and RESULTS_KEY in registration["item"]:
                          results = registration["item"][RESULTS_KEY]
          return \(pythonAnswer)


      def serve(handler):
          frames = os.fdopen(os.dup(1), "wb")  # frames only: print() goes to standard error from here on
          os.dup2(2, 1)
          while True:
              header = sys.stdin.buffer.read(4)
              if len(header) < 4:
                  return 0
              message = plistlib.loads(sys.stdin.buffer.read(struct.unpack(">I", header)[0]), fmt=plistlib.FMT_BINARY)
              if message["type"] == "expire":
                  return 0
              try:
                  answer = handler(message.get("inputItems", []))
                  items = [{"attachments": [{"registrations": [
                      {"typeIdentifier": "com.apple.property-list", "item": {FINALIZE_KEY: answer}}]}]}]
                  reply = {"type": "completed", "id": message["id"], "items": items}
              except Exception as error:
                  reply = {"type": "cancelled", "id": message["id"],
                           "error": {"domain": type(error).__name__, "code": 1, "description": str(error)}}
              body = plistlib.dumps(reply, fmt=plistlib.FMT_BINARY)
              frames.write(struct.pack(">I", len(body)) + body)
              frames.flush()


      if __name__ == "__main__":
          sys.exit(serve(begin_request))

      """
  }

  private var package: String {
    """
      // swift-tools-version:6.1
      import PackageDescription

      \(SDKPackage.manifestPreamble)
      // \(name)'s native side: an executable written against WebActionKit (see README.txt).
      let package = Package(
        name: "\(name)",
        dependencies: [webaction],
        targets: [
          .executableTarget(name: "\(name)", dependencies: [.product(name: "WebActionKit", package: webactionPackage)])
        ]
      )

      """
  }

  private var swift: String {
    let answer = switch template {
    case .blank: "[\"note\": .string(\"hello from \(name), page \\(results?[\"title\"]?.string ?? \"\")\")]"
    case .info:
      "[\"summary\": .string(\"\\(results?[\"headings\"]?.array?.count ?? 0) headings, \\(results?[\"links\"]?.int ?? 0) links\")]"
    case .translateLike:
      "[\"segments\": .array((results?[\"segments\"]?.array ?? []).map { .string($0.string?.uppercased() ?? \"\") })]"
    }
    return """
      import WebActionKit

      /// \(name)'s native side, as its own program: webaction starts it and sends each request over the extension
      /// protocol; this type handles them as an Action extension's principal class would.
      @main
      final class ActionRequestHandler: ExtensionMain {
        init() {}

        func beginRequest(with context: ExtensionContext) {
          let results: PropertyList?
          do {
            results = try context.javaScriptPreprocessingResults()
          } catch {
            context.cancelRequest(withError: error)
            return
          }
          let answer: PropertyList = \(answer)
          context.completeRequest(returningItems: [ExtensionItem(finalizeArgument: answer)])
        }
      }

      """
  }

  private var swiftReadme: String {
    """
      \(name)'s native side is a Swift program. Build it and put it in the bundle:

          cd \(name).appex && swift build -c release && cp .build/release/\(name) .

      Package.swift depends on webaction \(WebActionRelease.version) by its URL, \(WebActionRelease.packageURL).
      To build against a local checkout of webaction instead (offline, or before a release):

          \(SDKPackage.pathVariable)=\(SDKPackage.localCheckout ?? "/path/to/webaction") swift build -c release

      Until the program is in the bundle, Tests/example/finalize-args.json stands in for its answer; remove that
      file to test the program itself, then record its snapshots: webaction test \(name).appex --update

      """
  }

  /// The case's page: a title, headings, paragraphs, links and a list.
  static let page = """
    <!DOCTYPE html>
    <!-- saved from url=(0028)https://example.org/sample/ -->
    <html lang="en">
    <head><meta charset="utf-8"><title>A sample page</title></head>
    <body>
    <h1>A sample page</h1>
    <p>First paragraph, with <a href="/about">a link</a>.</p>
    <h2>More</h2>
    <ul><li>One item</li><li>Another, <a href="https://example.com/">elsewhere</a></li></ul>
    </body>
    </html>

    """
}
