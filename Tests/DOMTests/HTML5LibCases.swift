import Foundation
import XCTest

@testable import DOM

/// The parser a conformance run exercises: the Swift HTML5 parser (the default path), or gumbo when the package is
/// built with `--traits Gumbo` for differential testing.
enum HTML5LibParser {
  case swift
  #if Gumbo
    case gumbo
  #endif

  /// Parses a document.
  func parseDocument(_ html: String, scripting: Bool = true) -> ParsedTree {
    switch self {
    case .swift: return HTML5Parser.parseDocument(html, scripting: scripting)
    #if Gumbo
      case .gumbo: return GumboTreeBuilder.parseDocument(utf8: html)
    #endif
    }
  }

  /// Parses a fragment in `context` into `doc`.
  func parseFragment(_ html: String, context: (localName: String, namespace: LibXML.Namespace), into doc: LibXML.Doc,
                     scripting: Bool = true) -> (nodes: [LibXML.Node], templateContents: [LibXML.Node: LibXML.Node])
  {
    switch self {
    case .swift:
      return HTML5Parser.parseFragment(html, context: context.localName, namespace: context.namespace, into: doc,
                                       scripting: scripting)
    #if Gumbo
      case .gumbo:
        return GumboTreeBuilder.parseFragment(html, context: context.localName, namespace: context.namespace, into: doc)
    #endif
    }
  }

  /// Whether the trees it builds had scripting enabled (gumbo has no scripting flag: noscript holds markup).
  func scripting(_ requested: Bool) -> Bool {
    switch self {
    case .swift: return requested
    #if Gumbo
      case .gumbo: return false
    #endif
    }
  }
}

/// One html5lib tree-construction case, read from a `.dat` file in place.
struct HTML5LibCase {
  /// `file.dat#N`, N being the 0-based index of the case in its file.
  let id: String
  let data: String
  /// The fragment context (`svg path` → local name `path` in the SVG namespace), nil for a document.
  let context: (localName: String, namespace: LibXML.Namespace)?
  let scripting: Bool?
  let expected: String

  /// The directory holding the `.dat` files: `$HTML5LIB_TESTS`, else `<package root>/../shared/html5lib-tests/tree-construction`.
  static func directory(filePath: String = #filePath) -> URL {
    if let override = ProcessInfo.processInfo.environment["HTML5LIB_TESTS"] { return URL(fileURLWithPath: override) }
    let packageRoot = URL(fileURLWithPath: filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    return packageRoot.deletingLastPathComponent().appendingPathComponent("shared/html5lib-tests/tree-construction")
      .standardizedFileURL
  }

  /// Every case of every `.dat` file, in file-name order; throws if the directory is missing or empty.
  static func loadAll() throws -> [HTML5LibCase] {
    let dir = directory()
    let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
    let files = names.filter { $0.hasSuffix(".dat") }.sorted()
    guard !files.isEmpty else {
      throw NSError(domain: "HTML5Lib", code: 1, userInfo: [NSLocalizedDescriptionKey:
        "No html5lib tree-construction .dat files in \(dir.path). Check out html5lib-tests there or set HTML5LIB_TESTS to the tree-construction directory."])
    }
    var cases: [HTML5LibCase] = []
    for file in files {
      let text = try String(contentsOf: dir.appendingPathComponent(file), encoding: .utf8)
      cases += parse(text, file: file)
    }
    return cases
  }

  /// Splits a `.dat` file into cases: each starts with `#data`, and cases are separated by a blank line.
  static func parse(_ text: String, file: String) -> [HTML5LibCase] {
    var body = text
    if body.hasSuffix("\n") { body.removeLast() }
    let chunks = body.components(separatedBy: "\n\n#data\n")
    var cases: [HTML5LibCase] = []
    for (index, rawChunk) in chunks.enumerated() {
      var chunk = rawChunk
      if index == 0 {
        guard chunk.hasPrefix("#data\n") else { continue }
        chunk.removeFirst("#data\n".count)
      }
      let lines = chunk.components(separatedBy: "\n")
      guard let errorsAt = lines.firstIndex(of: "#errors") else { continue }
      let data = lines[..<errorsAt].joined(separator: "\n")
      var context: (String, LibXML.Namespace)?
      var scripting: Bool?
      var expected = ""
      var i = errorsAt + 1
      while i < lines.count {
        switch lines[i] {
        case "#document-fragment":
          i += 1
          let spec = lines[i]
          if spec.hasPrefix("svg ") { context = (String(spec.dropFirst(4)), .svg) }
          else if spec.hasPrefix("math ") { context = (String(spec.dropFirst(5)), .mathml) }
          else { context = (spec, .html) }
        case "#script-off": scripting = false
        case "#script-on": scripting = true
        case "#document":
          expected = lines[(i + 1)...].joined(separator: "\n")
          i = lines.count
        default: break
        }
        i += 1
      }
      cases.append(HTML5LibCase(id: "\(file)#\(index)", data: data, context: context, scripting: scripting,
                                expected: expected))
    }
    return cases
  }

  /// Parses the case's data as the case asks, dumps the tree, frees everything.
  func run(_ parser: HTML5LibParser = .swift) -> String {
    Self.parseAndDump(data, context: context, scripting: scripting ?? true, parser: parser)
  }

  /// Parses `html` (as a document, or a fragment in `context`) and returns the html5lib dump.
  static func parseAndDump(_ html: String, context: (localName: String, namespace: LibXML.Namespace)?,
                           scripting: Bool = true, parser: HTML5LibParser = .swift) -> String
  {
    if let context {
      let doc = LibXML.newDocument()
      defer { xmlFreeDocAndTemplates(doc, []) }
      let result = parser.parseFragment(html, context: context, into: doc, scripting: scripting)
      defer { freeFragment(result.nodes, templates: result.templateContents) }
      return TreeDump.dump(nodes: result.nodes, templateContents: { result.templateContents[$0] })
    }
    let tree = parser.parseDocument(html, scripting: scripting)
    defer { xmlFreeDocAndTemplates(tree.doc, Array(tree.templateContents.values)) }
    return TreeDump.dump(document: tree.doc, templateContents: { tree.templateContents[$0] })
  }

  /// Serializes what `html` parses to: the document, or the context element's children (its innerHTML).
  static func parseAndSerialize(_ html: String, context: (localName: String, namespace: LibXML.Namespace)?,
                                scripting: Bool = true, parser: HTML5LibParser = .swift) -> String
  {
    if let context { return fragmentInnerHTML(html, context: context, scripting: scripting, parser: parser) }
    let tree = parser.parseDocument(html, scripting: scripting)
    defer { xmlFreeDocAndTemplates(tree.doc, Array(tree.templateContents.values)) }
    return HTMLSerializer.serializeDocument(
      tree.doc, scripting: parser.scripting(scripting), templateContents: { tree.templateContents[$0] })
  }

}

