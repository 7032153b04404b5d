import ArgumentParser
import Foundation
import WebActionHost
import WebActionKit

struct Extensions: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "list",
    abstract: "List the extensions --ext NAME finds, with their activation rules and whether they activate for a page.",
    discussion: """
      --ext NAME looks for NAME.appex in each folder of $WEBACTION_EXTENSIONS
      (separated by :), then in ~/.local/share/webaction/Extensions (or
      $XDG_DATA_HOME/webaction/Extensions), then among the built-ins. An
      installed bundle with a built-in's name is used instead of the built-in.

      "activates" means the bundle's NSExtensionActivationRule accepts what
      Safari offers for a page: one item with the page (com.apple.property-list)
      and its URL (public.url). Others run only with --force.
      """,
    aliases: ["extensions"])

  func run() throws {
    func line(_ name: String, _ url: URL, _ place: String) -> String {
      let column = { (text: String, width: Int) in text.padding(toLength: max(width, text.count), withPad: " ", startingAt: 0) }
      guard let bundle = try? ExtensionBundle(url: url) else {
        return "\(column(name, 12)) \(column("(does not load: webaction validate)", 40)) \(place)\n"
      }
      let rule = bundle.manifest.activationRule
      let activates = rule.accepts(.safariPage) ? "activates" : "inactive "
      return "\(column(name, 12)) \(column(bundle.manifest.displayName, 14)) \(activates) \(column(Self.summary(rule), 24)) \(place)\n"
    }
    let installed = builtInExtensions.installed()
    var lines = installed.map { line($0.name, $0.url, $0.url.path) }
    lines += builtInExtensions.builtIns.map { builtIn in
      let hidden = installed.contains { $0.name == builtIn.name }
      return line(builtIn.name, builtIn.bundleURL, hidden ? "built in (hidden by the one above)" : "built in")
    }
    printing(lines.joined())
  }

  /// A rule in a few words: its dictionary's counts (`web page ≤ 1`), or its predicate's start.
  static func summary(_ rule: ActivationRule) -> String {
    switch rule {
    case .truePredicate: return "TRUEPREDICATE"
    case .falsePredicate: return "FALSEPREDICATE"
    case .predicate(let predicate):
      let text = predicate.text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
      return text.count > 40 ? "predicate: " + text.prefix(40) + "…" : "predicate: " + text
    case .dictionary(let d):
      let counts: [(String, Int?)] = [
        ("web page", d.webPageMaxCount), ("URL", d.webURLMaxCount), ("image", d.imageMaxCount),
        ("movie", d.movieMaxCount), ("file", d.fileMaxCount),
      ]
      var parts = counts.compactMap { name, count in count.map { "\(name) ≤ \($0)" } }
      if d.supportsText { parts.append("text") }
      if d.usesStrictMatching { parts.append("strict") }
      return parts.isEmpty ? "(empty dictionary)" : parts.joined(separator: ", ")
    }
  }
}
