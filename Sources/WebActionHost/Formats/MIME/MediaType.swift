import Foundation

/// A `Content-Type` value: a media type and its parameters (RFC 2045 §5.1, RFC 9110 §8.3.1).
struct MediaType: Sendable {
  /// `type/subtype`, lowercased.
  var type: String
  /// The parameters in order, names lowercased, quoted values unquoted.
  var parameters: [(name: String, value: String)]

  init(_ value: String) {
    var items: [String] = []
    var current = ""
    var quoted = false
    var escaped = false
    for character in value {
      if escaped {
        current.append(character)
        escaped = false
      } else if quoted && character == "\\" {
        escaped = true
      } else if character == "\"" {
        quoted.toggle()
      } else if character == ";" && !quoted {
        items.append(current)
        current = ""
      } else {
        current.append(character)
      }
    }
    items.append(current)
    type = items.removeFirst().trimmingSpaces.lowercased()
    parameters = items.compactMap { item in
      guard let equals = item.firstIndex(of: "=") else { return nil }
      return (item[..<equals].trimmingSpaces.lowercased(), item[item.index(after: equals)...].trimmingSpaces)
    }
  }

  /// The value of the parameter `name` (lowercase), if any.
  func parameter(_ name: String) -> String? { parameters.first { $0.name == name }?.value }

  /// The same media type with the parameter `name` set to `value`, in its place or added at the end.
  func setting(_ name: String, to value: String) -> MediaType {
    var copy = self
    if let index = parameters.firstIndex(where: { $0.name == name }) {
      copy.parameters[index].value = value
    } else {
      copy.parameters.append((name, value))
    }
    return copy
  }

  /// The value as written in a header: `type/subtype; name=value`, quoting values that need it.
  var headerValue: String {
    let special = Set("()<>@,;:\\\"/[]?= \t")
    return parameters.reduce(type) { text, parameter in
      let value = parameter.value
      let needsQuotes = value.isEmpty || value.contains { special.contains($0) }
      let written = needsQuotes
        ? "\"" + value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
        : value
      return text + "; \(parameter.name)=\(written)"
    }
  }
}
