import ArgumentParser
import Foundation
import URLStandard
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
      and its URL (public.url). Others run only with --force. With PAGE (a
      saved page in any format `run` reads), the list first says what Safari
      offers for each page the file holds.
      """,
    aliases: ["extensions"])

  @Argument(help: ArgumentHelp("A saved page: show what Safari offers for it (each page it holds, with its URL).", valueName: "page"))
  var page: String?

  func run() throws {
    if let page { printing(try Self.offered(for: page)) }
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

  /// What Safari offers for each page of the file at `path`: one item with the page and its URL.
  static func offered(for path: String) throws -> String {
    let saved: SavedFile
    do {
      let data = try Data(contentsOf: URL(fileURLWithPath: path))
      saved = try PageFormats.format(for: path).read(data, name: path, fileURL: URL(fileURLWithPath: path))
    } catch let error as WebActionError {
      fail(with: error)
    } catch {
      fail(with: WebActionError(.input, "cannot read \(path): \(WebActionError.systemReason(error))"))
    }
    var lines = ["\(path) holds \(saved.pages.count) page\(saved.pages.count == 1 ? "" : "s"); Safari offers each as one item with the page (com.apple.property-list) and its URL (public.url):\n"]
    for page in saved.pages {
      let html = String(decoding: page.data.prefix(4096), as: UTF8.self)
      let url = (try? DocumentURL.resolve(explicit: nil, recorded: page.url, html: html, fileURL: page.fileURL))?.href ?? "about:blank"
      lines.append("  \(url)\n")
    }
    return lines.joined() + "\n"
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
