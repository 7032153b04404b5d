/// The states of the basic URL parser, each as the standard writes it.
///
/// https://url.spec.whatwg.org/#concept-basic-url-parser
extension URLParser {
  /// https://url.spec.whatwg.org/#scheme-start-state
  mutating func schemeStart(_ url: inout URLRecord) -> Step {
    if let c, c.isASCIIAlpha {
      buffer.unicodeScalars.append(c.asciiLowercased)
      state = .scheme
    } else if stateOverride == nil {
      state = .noScheme
      pointer -= 1
    } else {
      return .failure
    }
    return .next
  }

  /// https://url.spec.whatwg.org/#scheme-state
  mutating func schemeState(_ url: inout URLRecord) -> Step {
    if let c, c.isASCIIAlphanumeric || c == "+" || c == "-" || c == "." {
      buffer.unicodeScalars.append(c.asciiLowercased)
      return .next
    }
    guard c == ":" else {
      guard stateOverride == nil else { return .failure }
      buffer = ""
      state = .noScheme
      pointer = -1
      return .next
    }
    // Step 2.1.
    if stateOverride != nil {
      let bufferIsSpecial = URLRecord.specialSchemes[buffer] != nil
      if url.isSpecial != bufferIsSpecial { return .finish }
      if (url.includesCredentials || url.port != nil), buffer == "file" { return .finish }
      if url.scheme == "file", url.host == .empty { return .finish }
    }
    // Steps 2.2-2.3.
    url.scheme = buffer
    if stateOverride != nil {
      if url.port == URLRecord.defaultPort(url.scheme) { url.port = nil }
      return .finish
    }
    // Steps 2.4-2.8.
    buffer = ""
    if url.scheme == "file" {
      state = .file
    } else if url.isSpecial, let base, base.scheme == url.scheme {
      state = .specialRelativeOrAuthority
    } else if url.isSpecial {
      state = .specialAuthoritySlashes
    } else if remaining(startsWith: "/") {
      state = .pathOrAuthority
      pointer += 1
    } else {
      url.path = .opaque("")
      state = .opaquePath
    }
    return .next
  }

  /// https://url.spec.whatwg.org/#no-scheme-state
  mutating func noScheme(_ url: inout URLRecord) -> Step {
    guard let base, !base.hasOpaquePath || c == "#" else { return .failure }
    if base.hasOpaquePath {
      url.scheme = base.scheme
      url.path = base.path
      url.query = base.query
      url.fragment = ""
      state = .fragment
    } else {
      state = base.scheme == "file" ? .file : .relative
      pointer -= 1
    }
    return .next
  }

  /// https://url.spec.whatwg.org/#relative-state
  mutating func relative(_ url: inout URLRecord) -> Step {
    let base = self.base!
    url.scheme = base.scheme
    if c == "/" || (url.isSpecial && c == "\\") {
      state = .relativeSlash
      return .next
    }
    url.copyAuthority(from: base)
    url.path = base.path
    url.query = base.query
    if startQueryOrFragment(&url) {
      return .next
    } else if c != nil {
      url.query = nil
      url.shortenPath()
      state = .path
      pointer -= 1
    }
    return .next
  }

  /// https://url.spec.whatwg.org/#relative-slash-state
  mutating func relativeSlash(_ url: inout URLRecord) -> Step {
    if url.isSpecial, c == "/" || c == "\\" {
      state = .specialAuthorityIgnoreSlashes
    } else if c == "/" {
      state = .authority
    } else {
      url.copyAuthority(from: self.base!)
      state = .path
      pointer -= 1
    }
    return .next
  }

  /// https://url.spec.whatwg.org/#authority-state
  mutating func authority(_ url: inout URLRecord) -> Step {
    if c == "@" {
      // Step 1.
      if atSignSeen { buffer = "%40" + buffer }
      atSignSeen = true
      for codePoint in buffer.unicodeScalars {
        if codePoint == ":", !passwordTokenSeen {
          passwordTokenSeen = true
          continue
        }
        if passwordTokenSeen {
          PercentEncoding.append(codePoint, to: &url.password, set: .userinfo)
        } else {
          PercentEncoding.append(codePoint, to: &url.username, set: .userinfo)
        }
      }
      buffer = ""
    } else if atAuthorityEnd(url) {
      // Step 2.
      if atSignSeen, buffer.isEmpty { return .failure }
      pointer -= buffer.unicodeScalars.count + 1
      buffer = ""
      state = .host
    } else if let c {
      buffer.unicodeScalars.append(c)
    }
    return .next
  }

  /// https://url.spec.whatwg.org/#host-state (and the hostname state)
  mutating func host(_ url: inout URLRecord) -> Step {
    if stateOverride != nil, url.scheme == "file" {
      // Step 1.
      pointer -= 1
      state = .fileHost
    } else if c == ":", !insideBrackets {
      // Step 2.
      if buffer.isEmpty { return .failure }
      if stateOverride == .hostname { return .finish }
      guard let host = HostParser.parse(Array(buffer.unicodeScalars), isOpaque: !url.isSpecial) else { return .failure }
      url.host = host
      buffer = ""
      state = .port
    } else if atAuthorityEnd(url) {
      // Step 3.
      pointer -= 1
      if url.isSpecial, buffer.isEmpty { return .failure }
      if stateOverride != nil, buffer.isEmpty, url.includesCredentials || url.port != nil { return .finish }
      guard let host = HostParser.parse(Array(buffer.unicodeScalars), isOpaque: !url.isSpecial) else { return .failure }
      url.host = host
      buffer = ""
      state = .pathStart
      if stateOverride != nil { return .finish }
    } else if let c {
      // Step 4.
      if c == "[" { insideBrackets = true }
      if c == "]" { insideBrackets = false }
      buffer.unicodeScalars.append(c)
    }
    return .next
  }

  /// https://url.spec.whatwg.org/#port-state
  mutating func port(_ url: inout URLRecord) -> Step {
    if let c, HostParser.isASCIIDigit(c) {
      buffer.unicodeScalars.append(c)
    } else if atAuthorityEnd(url) || stateOverride != nil {
      if !buffer.isEmpty {
        var port = 0
        for digit in buffer.utf8 {
          port = port * 10 + Int(digit - UInt8(ascii: "0"))
          if port > 65535 { return .failure }
        }
        url.port = port == URLRecord.defaultPort(url.scheme) ? nil : port
        buffer = ""
        if stateOverride != nil { return .finish }
      }
      if stateOverride != nil { return .failure }
      state = .pathStart
      pointer -= 1
    } else {
      return .failure
    }
    return .next
  }

  /// https://url.spec.whatwg.org/#file-state
  mutating func file(_ url: inout URLRecord) -> Step {
    url.scheme = "file"
    url.host = .empty
    if c == "/" || c == "\\" {
      state = .fileSlash
    } else if let base, base.scheme == "file" {
      url.host = base.host
      url.path = base.path
      url.query = base.query
      if startQueryOrFragment(&url) {
        return .next
      } else if c != nil {
        url.query = nil
        if !startsWithWindowsDriveLetter(at: pointer) {
          url.shortenPath()
        } else {
          url.path = .list([])
        }
        state = .path
        pointer -= 1
      }
    } else {
      state = .path
      pointer -= 1
    }
    return .next
  }

  /// https://url.spec.whatwg.org/#file-slash-state
  mutating func fileSlash(_ url: inout URLRecord) -> Step {
    if c == "/" || c == "\\" {
      state = .fileHost
      return .next
    }
    if let base, base.scheme == "file" {
      url.host = base.host
      if !startsWithWindowsDriveLetter(at: pointer), let first = base.path.segments.first,
        Self.isNormalizedWindowsDriveLetter(first)
      {
        url.appendSegment(first)
      }
    }
    state = .path
    pointer -= 1
    return .next
  }

  /// https://url.spec.whatwg.org/#file-host-state
  mutating func fileHost(_ url: inout URLRecord) -> Step {
    guard c == nil || c == "/" || c == "\\" || c == "?" || c == "#" else {
      buffer.unicodeScalars.append(c!)
      return .next
    }
    pointer -= 1
    if stateOverride == nil, Self.isWindowsDriveLetter(buffer) {
      state = .path
    } else if buffer.isEmpty {
      url.host = .empty
      if stateOverride != nil { return .finish }
      state = .pathStart
    } else {
      guard var host = HostParser.parse(Array(buffer.unicodeScalars), isOpaque: !url.isSpecial) else { return .failure }
      if host == .domain("localhost") { host = .empty }
      url.host = host
      if stateOverride != nil { return .finish }
      buffer = ""
      state = .pathStart
    }
    return .next
  }

  /// https://url.spec.whatwg.org/#path-start-state
  mutating func pathStart(_ url: inout URLRecord) -> Step {
    if url.isSpecial {
      state = .path
      if c != "/", c != "\\" { pointer -= 1 }
    } else if stateOverride == nil, startQueryOrFragment(&url) {
      return .next
    } else if c != nil {
      state = .path
      if c != "/" { pointer -= 1 }
    } else if stateOverride != nil, url.host == nil {
      url.appendSegment("")
    }
    return .next
  }

  /// https://url.spec.whatwg.org/#path-state
  mutating func path(_ url: inout URLRecord) -> Step {
    let slash = c == "/" || (url.isSpecial && c == "\\")
    guard c == nil || slash || (stateOverride == nil && (c == "?" || c == "#")) else {
      PercentEncoding.append(c!, to: &buffer, set: .path)
      return .next
    }
    if Self.isDoubleDotSegment(buffer) {
      url.shortenPath()
      if !slash { url.appendSegment("") }
    } else if Self.isSingleDotSegment(buffer), !slash {
      url.appendSegment("")
    } else if !Self.isSingleDotSegment(buffer) {
      if url.scheme == "file", url.path.segments.isEmpty, Self.isWindowsDriveLetter(buffer) {
        var scalars = Array(buffer.unicodeScalars)
        scalars[1] = ":"
        buffer = String(String.UnicodeScalarView(scalars))
      }
      url.appendSegment(buffer)
    }
    buffer = ""
    _ = startQueryOrFragment(&url)
    return .next
  }

  /// https://url.spec.whatwg.org/#cannot-be-a-base-url-path-state
  mutating func opaquePath(_ url: inout URLRecord) -> Step {
    guard case .opaque(var path) = url.path else { return .failure }
    if startQueryOrFragment(&url) {
      return .next
    } else if c == " " {
      // A space before the query or fragment is encoded, so that it survives their removal.
      path += remaining(startsWith: "?") || remaining(startsWith: "#") ? "%20" : " "
      url.path = .opaque(path)
    } else if let c {
      url.path = .opaque("")
      PercentEncoding.append(c, to: &path, set: .c0Control)
      url.path = .opaque(path)
    }
    return .next
  }

  /// https://url.spec.whatwg.org/#query-state
  mutating func query(_ url: inout URLRecord) -> Step {
    if (stateOverride == nil && c == "#") || c == nil {
      let set: PercentEncoding.EncodeSet = url.isSpecial ? .specialQuery : .query
      var query = url.query ?? ""
      for codePoint in buffer.unicodeScalars { PercentEncoding.append(codePoint, to: &query, set: set) }
      url.query = query
      buffer = ""
      if c == "#" {
        url.fragment = ""
        state = .fragment
      }
    } else if let c {
      buffer.unicodeScalars.append(c)
    }
    return .next
  }

  /// At the end of the input, `/`, `?`, `#`, or `\` in a special URL: where an authority, host or port ends.
  func atAuthorityEnd(_ url: URLRecord) -> Bool {
    c == nil || c == "/" || c == "?" || c == "#" || (url.isSpecial && c == "\\")
  }

  /// At `?` or `#`: starts the empty query or fragment and moves to its state (true), else does nothing (false).
  mutating func startQueryOrFragment(_ url: inout URLRecord) -> Bool {
    if c == "?" {
      url.query = ""
      state = .query
    } else if c == "#" {
      url.fragment = ""
      state = .fragment
    } else {
      return false
    }
    return true
  }

  /// https://url.spec.whatwg.org/#windows-drive-letter
  static func isWindowsDriveLetter(_ string: String) -> Bool {
    let scalars = Array(string.unicodeScalars.prefix(3))
    return scalars.count == 2 && scalars[0].isASCIIAlpha && (scalars[1] == ":" || scalars[1] == "|")
  }

  /// https://url.spec.whatwg.org/#normalized-windows-drive-letter
  static func isNormalizedWindowsDriveLetter(_ string: String) -> Bool {
    isWindowsDriveLetter(string) && string.unicodeScalars.last == ":"
  }

  /// https://url.spec.whatwg.org/#start-with-a-windows-drive-letter (the input from `index` on)
  func startsWithWindowsDriveLetter(at index: Int) -> Bool {
    guard index >= 0, input.count - index >= 2, input[index].isASCIIAlpha, input[index + 1] == ":" || input[index + 1] == "|"
    else { return false }
    if input.count - index == 2 { return true }
    let third = input[index + 2]
    return third == "/" || third == "\\" || third == "?" || third == "#"
  }

  /// https://url.spec.whatwg.org/#single-dot-path-segment
  static func isSingleDotSegment(_ s: String) -> Bool { s == "." || s.lowercased() == "%2e" }

  /// https://url.spec.whatwg.org/#double-dot-path-segment
  static func isDoubleDotSegment(_ s: String) -> Bool {
    switch s.count <= 6 ? s.lowercased() : "" {
    case "..", ".%2e", "%2e.", "%2e%2e": return true
    default: return false
    }
  }
}

extension Unicode.Scalar {
  var isASCIIAlpha: Bool { (value | 0x20) >= 0x61 && (value | 0x20) <= 0x7A }
  var isASCIIAlphanumeric: Bool { isASCIIAlpha || (value >= 0x30 && value <= 0x39) }
  var asciiLowercased: Unicode.Scalar { value >= 0x41 && value <= 0x5A ? Unicode.Scalar(value + 0x20)! : self }
}
