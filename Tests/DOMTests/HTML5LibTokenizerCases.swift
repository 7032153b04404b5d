import Foundation
import XCTest

@testable import DOM

/// A token as the html5lib tokenizer tests write it, after coalescing adjacent characters.
enum HTML5LibTestToken: Equatable, CustomStringConvertible {
  case doctype(name: String?, publicIdentifier: String?, systemIdentifier: String?, correct: Bool)
  case startTag(name: String, attributes: [String: String], selfClosing: Bool)
  case endTag(name: String)
  case comment(String)
  case characters(String)

  var description: String {
    switch self {
    case let .doctype(name, publicID, systemID, correct):
      "DOCTYPE(\(name.debugDescription), \(publicID.debugDescription), \(systemID.debugDescription), \(correct))"
    case let .startTag(name, attributes, selfClosing):
      "StartTag(\(name), \(attributes.sorted { $0.key < $1.key }), \(selfClosing))"
    case let .endTag(name): "EndTag(\(name))"
    case let .comment(data): "Comment(\(data.debugDescription))"
    case let .characters(data): "Character(\(data.debugDescription))"
    }
  }

  /// Appends `token` to `tokens`, merging character runs as the test format requires.
  static func append(_ token: HTML5LibTestToken, to tokens: inout [HTML5LibTestToken]) {
    if case .characters(let more) = token, case .characters(let run)? = tokens.last {
      tokens[tokens.count - 1] = .characters(run + more)
    } else {
      tokens.append(token)
    }
  }
}

/// One html5lib tokenizer test, read from a `.test` JSON file in place.
struct HTML5LibTokenizerCase {
  /// `file.test#N`, N being the 0-based index of the test in its file.
  let id: String
  let description: String
  let input: String
  let expected: [HTML5LibTestToken]
  /// The expected errors in order as `code@line:col`, nil when the test does not list errors.
  let errors: [String]?
  let initialStates: [String]
  let lastStartTag: String?

  /// `<package root>/../shared/html5lib-tests/tokenizer`, or `$HTML5LIB_TOKENIZER_TESTS`.
  static func directory(filePath: String = #filePath) -> URL {
    if let override = ProcessInfo.processInfo.environment["HTML5LIB_TOKENIZER_TESTS"] {
      return URL(fileURLWithPath: override)
    }
    let packageRoot = URL(fileURLWithPath: filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    return packageRoot.deletingLastPathComponent().appendingPathComponent("shared/html5lib-tests/tokenizer")
      .standardizedFileURL
  }

  /// Files skipped as a whole, with the reason.
  static let skippedFiles = [
    "xmlViolation.test": "expects the infoset coercion of an XML serializer, not HTML tokenization",
  ]

  /// Every test of every `.test` file but the skipped ones; throws naming the directory if there are none.
  static func loadAll() throws -> [HTML5LibTokenizerCase] {
    let dir = directory()
    let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
    let files = names.filter { $0.hasSuffix(".test") && skippedFiles[$0] == nil }.sorted()
    guard !files.isEmpty else {
      throw NSError(domain: "HTML5Lib", code: 1, userInfo: [NSLocalizedDescriptionKey:
        "No html5lib tokenizer .test files in \(dir.path). Check out html5lib-tests in ../shared or set HTML5LIB_TOKENIZER_TESTS to the tokenizer directory."])
    }
    var cases: [HTML5LibTokenizerCase] = []
    for file in files {
      let data = try Data(contentsOf: dir.appendingPathComponent(file))
      guard let root = try JSONSerialization.jsonObject(with: data) as? [String: Any],
            let tests = root["tests"] as? [[String: Any]]
      else { throw NSError(domain: "HTML5Lib", code: 2, userInfo: [NSLocalizedDescriptionKey: "\(file): no \"tests\" list"]) }
      for (index, test) in tests.enumerated() {
        cases.append(try HTML5LibTokenizerCase(test, id: "\(file)#\(index)"))
      }
    }
    return cases
  }

  init(_ json: [String: Any], id: String) throws {
    self.id = id
    let doubleEscaped = json["doubleEscaped"] as? Bool ?? false
    let unescape = { (s: String) in doubleEscaped ? HTML5LibTokenizerCase.unescape(s) : s }
    description = json["description"] as? String ?? ""
    input = unescape(json["input"] as? String ?? "")
    initialStates = json["initialStates"] as? [String] ?? ["Data state"]
    lastStartTag = json["lastStartTag"] as? String
    errors = (json["errors"] as? [[String: Any]])?.map {
      "\($0["code"] as? String ?? "?")@\($0["line"] as? Int ?? 0):\($0["col"] as? Int ?? 0)"
    }
    var tokens: [HTML5LibTestToken] = []
    for case let item as [Any] in json["output"] as? [Any] ?? [] {
      let kind = item[0] as? String ?? ""
      let string = { (i: Int) in (item[i] as? String).map(unescape) }
      let token: HTML5LibTestToken
      switch kind {
      case "DOCTYPE":
        token = .doctype(name: string(1), publicIdentifier: string(2), systemIdentifier: string(3),
                         correct: item[4] as? Bool ?? false)
      case "StartTag":
        let raw = item[2] as? [String: String] ?? [:]
        let attributes = Dictionary(uniqueKeysWithValues: raw.map { (unescape($0.key), unescape($0.value)) })
        token = .startTag(name: string(1) ?? "", attributes: attributes,
                          selfClosing: item.count > 3 ? item[3] as? Bool ?? false : false)
      case "EndTag": token = .endTag(name: string(1) ?? "")
      case "Comment": token = .comment(string(1) ?? "")
      case "Character": token = .characters(string(1) ?? "")
      default: throw NSError(domain: "HTML5Lib", code: 3, userInfo: [NSLocalizedDescriptionKey: "\(id): token \(kind)"])
      }
      HTML5LibTestToken.append(token, to: &tokens)
    }
    expected = tokens
  }

  /// The `doubleEscaped` unescaping: `\uHHHH` becomes that code unit (pairs join; a lone surrogate, U+FFFD).
  static func unescape(_ s: String) -> String {
    var units: [UInt16] = []
    let chars = Array(s.utf16)
    var i = 0
    while i < chars.count {
      if chars[i] == 0x5C, i + 5 < chars.count, chars[i + 1] == 0x75,
         let value = UInt16(String(decoding: chars[(i + 2)..<(i + 6)], as: UTF16.self), radix: 16) {
        units.append(value)
        i += 6
      } else {
        units.append(chars[i])
        i += 1
      }
    }
    return String(decoding: units, as: UTF16.self)
  }

  /// The tokenizer state an `initialStates` name stands for.
  static func state(named name: String) -> HTMLTokenizer.State? {
    switch name {
    case "Data state": .data
    case "PLAINTEXT state": .plaintext
    case "RCDATA state": .rcdata
    case "RAWTEXT state": .rawtext
    case "Script data state": .scriptData
    case "CDATA section state": .cdataSection
    default: nil
    }
  }

  /// Tokenizes the input from `initialState`: the coalesced tokens and the error codes.
  /// With `streaming`, the input arrives one scalar per `appendInput(_:)`, and tokens are drained in between.
  func run(initialState: HTMLTokenizer.State, reportErrors: Bool, streaming: Bool = false)
    -> (tokens: [HTML5LibTestToken], errors: [String])
  {
    let tokenizer = streaming
      ? HTMLTokenizer(streamingWithReportErrors: reportErrors) : HTMLTokenizer(input, reportErrors: reportErrors)
    tokenizer.state = initialState
    tokenizer.lastStartTagName = lastStartTag
    var chunks = streaming ? input.unicodeScalars.map { String($0) } : []
    chunks.reverse()
    var tokens: [HTML5LibTestToken] = []
    loop: while true {
      let token: HTML5LibTestToken
      guard let next = tokenizer.nextTokenIfAvailable() else {
        if let chunk = chunks.popLast() { tokenizer.appendInput(chunk) } else { tokenizer.closeInput() }
        continue
      }
      switch next {
      case .endOfFile: break loop
      case .doctype(let d):
        token = .doctype(name: d.name, publicIdentifier: d.publicIdentifier, systemIdentifier: d.systemIdentifier,
                         correct: !d.forceQuirks)
      case .startTag(let tag):
        var attributes: [String: String] = [:]
        for attribute in tag.attributes {
          // The tokenizer drops duplicates itself; one left over shows up as a key no test expects.
          let key = attributes[attribute.name] == nil ? attribute.name : "#duplicate " + attribute.name
          attributes[key] = attribute.value
        }
        token = .startTag(name: tag.name, attributes: attributes, selfClosing: tag.selfClosing)
      case .endTag(let tag): token = .endTag(name: tag.name)
      case .comment(let data): token = .comment(data)
      case .characters(let data): token = .characters(data)
      }
      HTML5LibTestToken.append(token, to: &tokens)
    }
    return (tokens, tokenizer.errors.map { "\($0.code)@\($0.line):\($0.column)" })
  }

  /// Nil when every initial state gives the expected tokens and errors, with and without error reporting (which
  /// turns the fast paths off), from the whole input and fed one scalar at a time; otherwise what went wrong.
  func failure() -> String? {
    for name in initialStates {
      guard let initial = HTML5LibTokenizerCase.state(named: name) else { return "unknown initial state \(name)" }
      let checked = run(initialState: initial, reportErrors: true)
      if checked.tokens != expected {
        return "\(name): tokens\n  expected \(expected)\n  actual   \(checked.tokens)"
      }
      if let errors, checked.errors != errors {
        return "\(name): errors\n  expected \(errors)\n  actual   \(checked.errors)"
      }
      let fast = run(initialState: initial, reportErrors: false)
      if fast.tokens != expected {
        return "\(name), without error reporting: tokens\n  expected \(expected)\n  actual   \(fast.tokens)"
      }
      let streamed = run(initialState: initial, reportErrors: true, streaming: true)
      if streamed.tokens != expected || (errors != nil && streamed.errors != errors) {
        return "\(name), fed one scalar at a time: \(streamed)\n  expected \(expected) \(errors ?? [])"
      }
      let streamedFast = run(initialState: initial, reportErrors: false, streaming: true)
      if streamedFast.tokens != expected {
        return "\(name), fed one scalar at a time, without error reporting: \(streamedFast.tokens)\n  expected \(expected)"
      }
    }
    return nil
  }
}
