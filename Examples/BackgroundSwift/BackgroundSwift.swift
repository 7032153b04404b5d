import Foundation
import WebActionKit

/// Apple's sample Action extension (webaction's built-in `background`) built as its own executable: the bundle's
/// `CFBundleExecutable`, which webaction starts and talks to over the extension protocol (``ExtensionWire``).
///
/// It also counts the requests it has handled in its App Group (`group.com.webaction.examples`, declared in its
/// Info.plist), as a containing app would read them: `webaction defaults read group.com.webaction.examples requests`.
///
/// Build it and put it in its bundle:
///
///     swift build -c release --product background-swift
///     cp .build/release/background-swift Examples/background-swift.appex/
@main
final class BackgroundSwift: ExtensionMain {
  static let group = "group.com.webaction.examples"

  init() {}

  func beginRequest(with context: ExtensionContext) {
    let forced = context.webActionArguments["color"].flatMap { $0.isEmpty ? nil : $0 }
    let results: PropertyList?
    do {
      results = try context.javaScriptPreprocessingResults()
      try SharedDefaults(suiteName: Self.group)?.update { values in
        values["requests"] = .integer((values["requests"]?.int ?? 0) + 1)
      }
    } catch {
      context.cancelRequest(withError: error)
      return
    }
    let current = results?["currentBackgroundColor"]?.string ?? ""
    let color = forced ?? (current.isEmpty ? "red" : "green")
    context.completeRequest(returningItems: [ExtensionItem(finalizeArgument: ["newBackgroundColor": .string(color)])])
  }
}
