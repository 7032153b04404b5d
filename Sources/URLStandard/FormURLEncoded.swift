/// `application/x-www-form-urlencoded`: the format of a URL's query as `URLSearchParams` sees it.
///
/// https://url.spec.whatwg.org/#application/x-www-form-urlencoded
public enum FormURLEncoded {
  /// The name-value pairs of `input` (a query without its `?`).
  ///
  /// https://url.spec.whatwg.org/#concept-urlencoded-parser
  public static func parse(_ input: String) -> [(name: String, value: String)] {
    var output: [(name: String, value: String)] = []
    // Steps 1-3: split on "&", skipping empty sequences.
    for sequence in input.utf8.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true) {
      // Steps 3.2-3.3.
      let name: Substring.UTF8View.SubSequence, value: Substring.UTF8View.SubSequence
      if let equals = sequence.firstIndex(of: UInt8(ascii: "=")) {
        name = sequence[..<equals]
        value = sequence[sequence.index(after: equals)...]
      } else {
        name = sequence
        value = sequence[sequence.endIndex...]
      }
      // Steps 3.4-3.5: "+" is a space, then percent-decode and UTF-8 decode without BOM.
      output.append((decode(name), decode(value)))
    }
    return output
  }

  static func decode(_ bytes: some Collection<UInt8>) -> String {
    let plusAsSpace = bytes.map { $0 == UInt8(ascii: "+") ? UInt8(ascii: " ") : $0 }
    return String(decoding: PercentEncoding.decode(plusAsSpace), as: UTF8.self)
  }

  /// The query for `tuples` (without its `?`).
  ///
  /// https://url.spec.whatwg.org/#concept-urlencoded-serializer (UTF-8)
  public static func serialize(_ tuples: [(name: String, value: String)]) -> String {
    var output = ""
    for (index, tuple) in tuples.enumerated() {
      if index > 0 { output += "&" }
      output += PercentEncoding.encode(tuple.name, set: .formURLEncoded, spaceAsPlus: true)
      output += "="
      output += PercentEncoding.encode(tuple.value, set: .formURLEncoded, spaceAsPlus: true)
    }
    return output
  }
}
