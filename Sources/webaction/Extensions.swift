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

  @Flag(help: "Print the list as JSON (name, displayName, kind, activates, rule, where), for scripts.")
  var json = false

  @Argument(help: ArgumentHelp("A saved page: show what Safari offers for it (each page it holds, with its URL). Or an extension's name or bundle: show it, with the --arg keys it takes.", valueName: "page-or-extension"))
  var page: String?

  func run() throws {
    if let page {
      let isFile = FileManager.default.fileExists(atPath: page) && !page.hasSuffix(".appex")
      if !isFile, let source = try? builtInExtensions.resolve(page) {
        printing(Self.details(of: source))
        return
      }
      printing(try Self.offered(for: page))
    }
    let installed = builtInExtensions.installed()
    var rows = installed.map { Self.row($0.name, $0.url, place: $0.url.path) }
    rows += builtInExtensions.builtIns.map { builtIn in
      let hidden = installed.contains { $0.name == builtIn.name }
      return Self.row(builtIn.name, builtIn.bundleURL, place: hidden ? "built in (hidden by the one above)" : "built in")
    }
    if json {
      let objects = rows.map { row in
        ["name": row[0], "displayName": row[1], "kind": row[2], "activates": row[3] == "yes", "rule": row[4], "where": row[5]] as [String: Any]
      }
      let data = (try? JSONSerialization.data(withJSONObject: objects, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])) ?? Data("[]".utf8)
      printing(String(decoding: data, as: UTF8.self) + "\n")
      return
    }
    printing(Self.table([["NAME", "DISPLAY NAME", "KIND", "ACTIVATES", "RULE", "WHERE"]] + rows))
  }

  /// A row of the list: name, display name, kind (built in, own process, JS only), whether it activates for a web
  /// page, its rule in a few words, and where it is.
  static func row(_ name: String, _ url: URL, place: String) -> [String] {
    guard let source = try? builtInExtensions.resolve(url.path) else {
      return [name, "(does not load: webaction validate)", "-", "-", "-", place]
    }
    let bundle = source.bundle, rule = bundle.manifest.activationRule
    let kind: String
    if bundle.executableURL != nil {
      kind = "own process"
    } else if let className = bundle.manifest.principalClass, source.makePrincipalObject(className) != nil {
      kind = "built in"
    } else {
      kind = source.hasNativeSide ? "not runnable" : "JS only"
    }
    return [name, bundle.manifest.displayName, kind, rule.accepts(.safariPage) ? "yes" : "no", summary(rule), place]
  }

  /// Rows as aligned columns (the last one not padded).
  static func table(_ rows: [[String]]) -> String {
    let widths = (0..<(rows.first?.count ?? 0)).map { column in rows.map { $0[column].count }.max() ?? 0 }
    return rows.map { row in
      row.enumerated().map { column, text in
        column == row.count - 1 ? text : text.padding(toLength: widths[column], withPad: " ", startingAt: 0)
      }.joined(separator: "  ") + "\n"
    }.joined()
  }

  /// One extension: where it is, its native side, whether it activates for a page, and the arguments it declares.
  static func details(of source: ExtensionSource) -> String {
    let bundle = source.bundle, manifest = bundle.manifest
    let native: String
    if let program = bundle.executableURL {
      native = "its own process (\(program.lastPathComponent))"
    } else if let className = manifest.principalClass, source.makePrincipalObject(className) != nil {
      native = "built into webaction (\(className))"
    } else if source.hasNativeSide {
      native = "missing: \(manifest.executable.map { "\($0) is not in the bundle" } ?? "\(manifest.principalClass ?? "") is not built in") (webaction validate)"
    } else {
      native = "none, JavaScript only (finalize() gets run()'s results)"
    }
    var text = """
      \(bundle.name): \(manifest.displayName) (\(manifest.bundleIdentifier))
        bundle       \(bundle.url.path)
        native side  \(native)
        activates    \(manifest.activationRule.accepts(.safariPage) ? "for a web page" : "not for a web page (--force runs it)"): \(summary(manifest.activationRule))

      """
    guard let arguments = manifest.arguments else {
      return text + "  arguments    not declared (WebActionArguments in its Info.plist): any --arg KEY=VALUE is passed on\n"
    }
    text += arguments.isEmpty ? "  arguments    none\n" : "  arguments (--arg KEY=VALUE):\n"
    let width = (arguments.map(\.name.count).max() ?? 0) + 2
    for argument in arguments {
      var about = argument.description
      if !argument.values.isEmpty { about += " One of: \(argument.values.joined(separator: ", "))." }
      if let value = argument.defaultValue { about += " Default: \(value)." }
      text += "    \(argument.name.padding(toLength: width, withPad: " ", startingAt: 0))\(about)\n"
    }
    return text
  }

  /// What Safari offers for each page of the file at `path`: one item with the page and its URL.
  static func offered(for path: String) throws -> String {
    let saved: SavedFile
    do {
      saved = try PageFormats.read(file: path, maximumSize: ActionRequest.defaultMaximumPageSize)
    } catch {
      fail(with: error)
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
