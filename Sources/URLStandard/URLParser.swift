/// The basic URL parser: a state machine over the input's code points.
///
/// https://url.spec.whatwg.org/#concept-basic-url-parser
/// The setters run it on an existing URL with a state override; validation errors are not reported (they never
/// change the result). Queries are always encoded as UTF-8.
public struct URLParser {
  /// https://url.spec.whatwg.org/#scheme-start-state and the states after it.
  public enum State: Sendable {
    case schemeStart, scheme, noScheme, specialRelativeOrAuthority, pathOrAuthority, relative, relativeSlash
    case specialAuthoritySlashes, specialAuthorityIgnoreSlashes, authority, host, hostname, port
    case file, fileSlash, fileHost, pathStart, path, opaquePath, query, fragment
  }

  /// Parses `input` against `base`; nil when it is not a valid URL.
  public static func parse(_ input: String, base: URLRecord? = nil) -> URLRecord? {
    var url = URLRecord()
    var parser = URLParser(input: input, base: base, stateOverride: nil, trim: true)
    guard parser.run(&url) != .failure else { return nil }
    return url
  }

  /// Runs the parser on `url` from `state` (a setter's state override). False when the input was refused
  /// (`url` may then have been partly changed only where the standard says so, which the setters account for).
  @discardableResult
  public static func parse(_ input: String, into url: inout URLRecord, stateOverride state: State) -> Bool {
    var parser = URLParser(input: input, base: nil, stateOverride: state, trim: false)
    return parser.run(&url) != .failure
  }

  enum Outcome { case done, failure }

  let input: [Unicode.Scalar]
  let base: URLRecord?
  let stateOverride: State?
  var state: State
  var buffer = ""
  var atSignSeen = false, insideBrackets = false, passwordTokenSeen = false
  var pointer = 0

  init(input: String, base: URLRecord?, stateOverride: State?, trim: Bool) {
    var scalars = Substring(input).unicodeScalars
    // Step 1.2: leading and trailing C0 control or space.
    if trim {
      while let first = scalars.first, first.value <= 0x20 { scalars.removeFirst() }
      while let last = scalars.last, last.value <= 0x20 { scalars.removeLast() }
    }
    // Step 3: every ASCII tab or newline.
    self.input = scalars.filter { $0 != "\t" && $0 != "\n" && $0 != "\r" }
    self.base = base
    self.stateOverride = stateOverride
    self.state = stateOverride ?? .schemeStart
  }

  /// The code point at `pointer` (nil at EOF and before the start).
  var c: Unicode.Scalar? { pointer >= 0 && pointer < input.count ? input[pointer] : nil }

  /// https://url.spec.whatwg.org/#remaining
  func remaining(startsWith prefix: String) -> Bool {
    var index = pointer + 1
    for p in prefix.unicodeScalars {
      guard index < input.count, input[index] == p else { return false }
      index += 1
    }
    return true
  }

  /// Step 10: runs the state machine; each state handles `c` and the pointer then moves on.
  mutating func run(_ url: inout URLRecord) -> Outcome {
    while true {
      let step: Step
      switch state {
      case .schemeStart: step = schemeStart(&url)
      case .scheme: step = schemeState(&url)
      case .noScheme: step = noScheme(&url)
      case .specialRelativeOrAuthority:
        if c == "/", remaining(startsWith: "/") {
          state = .specialAuthorityIgnoreSlashes
          pointer += 1
        } else {
          state = .relative
          pointer -= 1
        }
        step = .next
      case .pathOrAuthority:
        if c == "/" {
          state = .authority
        } else {
          state = .path
          pointer -= 1
        }
        step = .next
      case .relative: step = relative(&url)
      case .relativeSlash: step = relativeSlash(&url)
      case .specialAuthoritySlashes:
        state = .specialAuthorityIgnoreSlashes
        if c == "/", remaining(startsWith: "/") { pointer += 1 } else { pointer -= 1 }
        step = .next
      case .specialAuthorityIgnoreSlashes:
        if c != "/", c != "\\" {
          state = .authority
          pointer -= 1
        }
        step = .next
      case .authority: step = authority(&url)
      case .host, .hostname: step = host(&url)
      case .port: step = port(&url)
      case .file: step = file(&url)
      case .fileSlash: step = fileSlash(&url)
      case .fileHost: step = fileHost(&url)
      case .pathStart: step = pathStart(&url)
      case .path: step = path(&url)
      case .opaquePath: step = opaquePath(&url)
      case .query: step = query(&url)
      case .fragment:
        // https://url.spec.whatwg.org/#fragment-state
        if let c { PercentEncoding.append(c, to: &url.fragment!, set: .fragment) }
        step = .next
      }
      switch step {
      case .next:
        if pointer >= input.count { return .done }
        pointer += 1
      case .finish: return .done
      case .failure: return .failure
      }
    }
  }

  /// What a state did with `c`.
  enum Step { case next, finish, failure }
}
