import ArgumentParser
import Foundation
import WebActionHost
import WebActionKit

/// `webaction inspect PAGE --ext NAME`: the preprocessing step alone, and what the native extension would receive.
struct Inspect: WebActionCommandRunning {
  static let configuration = CommandConfiguration(
    abstract: "Run only the preprocessing step and print what the native extension would receive.",
    discussion: """
      Loads the page, evaluates the bundle's preprocessing file and calls
      ExtensionPreprocessingJS.run(); then prints the input items Safari would
      hand the extension (NSExtensionContext.inputItems): each item with its
      attachments (item providers, with their registered type identifiers and
      items) and its userInfo (the --arg pairs under WebActionArgumentsKey).
      Neither the native extension nor finalize() runs; nothing is written.

      The structure is the extension protocol's (WebActionKit's documentation,
      "The extension protocol"): in XML, a JavaScript null is {"$null": true}, as on
      the wire; JSON shows null.

      Example:
        webaction inspect Pages/article.html --ext page-info
      """)

  @Argument(help: ArgumentHelp("The saved page (any format `run` reads), or - for standard input.", valueName: "page"))
  var page: String

  @Option(name: .customLong("ext"), help: ArgumentHelp(
    "The extension: an .appex folder, or a name on the search path or built in (see `webaction list`).", valueName: "name|path"),
    completion: .extensions)
  var extensionName: String

  @Option(help: "The output format: json or xml.")
  var format: Format = .json

  enum Format: String, ExpressibleByArgument, CaseIterable { case json, xml }

  @OptionGroup(title: "Page options")
  var options: PageOptions

  func execute() throws(WebActionError) {
    let host = try options.makeHost(extension: extensionName)
    let settings = options.settings
    let page = try options.singlePage(self.page, command: "inspect")
    let item = try host.inputItem(for: ActionRequest(page: page, settings: settings))
    let received: PropertyList
    do {
      received = ["inputItems": [try ExtensionWire.encode(item)]]
    } catch {
      throw WebActionError(.protocolViolation, "\(error)")
    }
    let data: Data
    do {
      data = format == .json ? try received.encoded(as: .json) : try ExtensionWire.nullsAsMarkers(received).encoded(as: .xml)
    } catch {
      throw WebActionError(.protocolViolation, "the input items have no \(format.rawValue) form: \(error)")
    }
    try StandardOutput.write(data, what: "the input items")
  }
}
