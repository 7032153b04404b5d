/// Domain to ASCII: UTS #46 processing with the URL Standard's options, then its own checks.
///
/// https://url.spec.whatwg.org/#concept-domain-to-ascii
/// UTS #46 ToASCII (https://www.unicode.org/reports/tr46/#ToASCII) with CheckHyphens=false, CheckBidi=true,
/// CheckJoiners=true, UseSTD3ASCIIRules=beStrict, Transitional_Processing=false, VerifyDnsLength=beStrict,
/// IgnoreInvalidPunycode=false.
public enum DomainToASCII {
  /// The ASCII form of `domain`, or nil when it is not a valid domain.
  public static func convert(_ domain: String, beStrict: Bool) -> String? {
    // Step 1 (the fast path the standard allows): ASCII without a Punycode label is only lowercased.
    let result: String
    if !beStrict, domain.utf8.allSatisfy({ $0 < 0x80 }),
       !domain.split(separator: ".", omittingEmptySubsequences: false).contains(where: { $0.lowercased().hasPrefix("xn--") })
    {
      result = domain.lowercased()
    } else {
      guard let ascii = toASCII(domain, beStrict: beStrict) else { return nil }
      result = ascii
    }
    // Steps 2-3.
    if result.isEmpty { return nil }
    if result.unicodeScalars.contains(where: HostParser.isForbiddenDomainCodePoint) { return nil }
    return result
  }

  /// UTS #46 section 4 (Processing) then 4.2 (ToASCII); nil when an error was recorded.
  static func toASCII(_ domain: String, beStrict: Bool) -> String? {
    let tables = IDNATables.shared
    // Step 1: map.
    var mapped = String.UnicodeScalarView()
    for c in domain.unicodeScalars {
      let (status, mapping) = tables.lookup(c)
      switch status {
      case .valid, .deviation, .disallowed: mapped.append(c)
      case .mapped: mapped.append(contentsOf: mapping)
      case .ignored: break
      }
    }
    // Step 2: normalize to NFC.
    let normalized = nfc(String(mapped))
    // Steps 3-4: break into labels, convert and validate each.
    var labels: [[Unicode.Scalar]] = []
    var error = false
    for label in normalized.split(separator: ".", omittingEmptySubsequences: false) {
      let scalars = Array(label.unicodeScalars)
      if label.lowercased().hasPrefix("xn--") {
        // Step 4.1.
        guard label.utf8.allSatisfy({ $0 < 0x80 }), let decoded = Punycode.decode(label.dropFirst(4)), !decoded.isEmpty,
          !decoded.allSatisfy(\.isASCII), isValid(decoded, beStrict: beStrict)
        else {
          error = true
          labels.append(scalars)
          continue
        }
        labels.append(decoded)
      } else {
        // Step 4.2.
        if !isValid(scalars, beStrict: beStrict) { error = true }
        labels.append(scalars)
      }
    }
    // Validity criterion 8 (CheckBidi) looks at the whole domain: it applies when any label is right-to-left.
    let isBidiDomain = labels.contains { $0.contains { ["R", "AL", "AN"].contains(tables.bidiClass($0)) } }
    if isBidiDomain, labels.contains(where: { !$0.isEmpty && !satisfiesBidiRule($0) }) { error = true }
    if error { return nil }
    // ToASCII step 2: Punycode-encode labels that are not ASCII.
    var output: [String] = []
    for label in labels {
      if label.allSatisfy(\.isASCII) {
        output.append(String(String.UnicodeScalarView(label)))
      } else {
        guard let encoded = Punycode.encode(label) else { return nil }
        output.append("xn--" + encoded)
      }
    }
    let result = output.joined(separator: ".")
    // ToASCII step 3 (VerifyDnsLength, only when strict).
    if beStrict {
      let trimmed = result.hasSuffix(".") ? String(result.dropLast()) : result
      if trimmed.isEmpty || trimmed.utf8.count > 253 { return nil }
      if trimmed.split(separator: ".", omittingEmptySubsequences: false).contains(where: { $0.isEmpty || $0.utf8.count > 63 }) {
        return nil
      }
    }
    return result
  }

  /// NFC, through the standard library's normalizer.
  static func nfc(_ string: String) -> String {
    if string.utf8.allSatisfy({ $0 < 0x80 }) { return string }
    return String(decoding: string._nfcCodeUnits, as: UTF8.self)
  }

  /// UTS #46 section 4.1, Validity Criteria (nontransitional, CheckHyphens false, CheckJoiners true; CheckBidi is
  /// checked for the whole domain by the caller).
  static func isValid(_ label: [Unicode.Scalar], beStrict: Bool) -> Bool {
    guard !label.isEmpty else { return true }
    let tables = IDNATables.shared
    // Criterion 1: NFC.
    let string = String(String.UnicodeScalarView(label))
    if nfc(string) != string { return false }
    // Criterion 2 (CheckHyphens false): must not begin with "xn--".
    if string.lowercased().hasPrefix("xn--") { return false }
    // Criterion 4: no U+002E. Criterion 5: no leading combining mark.
    if label.contains(".") { return false }
    switch label[0].properties.generalCategory {
    case .nonspacingMark, .spacingMark, .enclosingMark: return false
    default: break
    }
    // Criterion 6: valid or deviation (and, with UseSTD3ASCIIRules, ASCII letters, digits and hyphens only).
    for c in label {
      let (status, _) = tables.lookup(c)
      guard status == .valid || status == .deviation else { return false }
      if beStrict, c.isASCII, !(c.isASCIIAlphanumeric || c == "-") { return false }
    }
    // Criterion 7: CheckJoiners (RFC 5892 appendix A.1 and A.2).
    for (index, c) in label.enumerated() where c == "\u{200C}" || c == "\u{200D}" {
      if index > 0, label[index - 1].properties.canonicalCombiningClass.rawValue == 9 { continue }
      guard c == "\u{200C}" else { return false }
      // (Joining_Type:{L,D})(Joining_Type:T)*\u200C(Joining_Type:T)*(Joining_Type:{R,D})
      var before = index - 1
      while before >= 0, tables.joiningType(label[before]) == "T" { before -= 1 }
      guard before >= 0, ["L", "D"].contains(tables.joiningType(label[before])) else { return false }
      var after = index + 1
      while after < label.count, tables.joiningType(label[after]) == "T" { after += 1 }
      guard after < label.count, ["R", "D"].contains(tables.joiningType(label[after])) else { return false }
    }
    return true
  }

  /// The Bidi rule (RFC 5893 section 2), for one label of a Bidi domain name.
  static func satisfiesBidiRule(_ label: [Unicode.Scalar]) -> Bool {
    let tables = IDNATables.shared
    let classes = label.map { tables.bidiClass($0) }
    // Rule 1.
    let first = classes[0]
    guard ["L", "R", "AL"].contains(first) else { return false }
    // The last class that is not NSM.
    let last = classes.last { $0 != "NSM" } ?? ""
    if first == "L" {
      // Rules 5-6.
      let allowed: Set<String> = ["L", "EN", "ES", "CS", "ET", "ON", "BN", "NSM"]
      return classes.allSatisfy(allowed.contains) && (last == "L" || last == "EN")
    }
    // Rules 2-4.
    let allowed: Set<String> = ["R", "AL", "AN", "EN", "ES", "CS", "ET", "ON", "BN", "NSM"]
    guard classes.allSatisfy(allowed.contains), ["R", "AL", "EN", "AN"].contains(last) else { return false }
    return !(classes.contains("EN") && classes.contains("AN"))
  }
}
