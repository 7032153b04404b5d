import XCTest

@testable import DOM

/// Seeded random tag soup through the Swift parser: every tree must be soundly linked, whatever the markup.
final class HTMLTreeBuilderFuzzTests: XCTestCase {
  /// SplitMix64: a fixed seed gives the same soups on every run.
  private struct Generator: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE5_E9B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
  }

  private static let names = [
    "a", "b", "i", "nobr", "font", "p", "div", "span", "table", "tbody", "tr", "td", "th", "caption", "colgroup",
    "col", "select", "option", "optgroup", "selectedcontent", "button", "template", "svg", "math", "mi", "mtext",
    "annotation-xml", "foreignobject", "desc", "title", "textarea", "pre", "li", "ul", "dd", "dt", "h1", "h2",
    "form", "input", "frameset", "frame", "body", "html", "head", "noscript", "script", "style", "plaintext", "br",
    "hr", "img", "image", "applet", "object", "ruby", "rt", "rp", "xmp", "iframe", "isindex", "menu", "dialog",
  ]
  private static let pieces = [
    "x", " ", "\n", "\u{0}", "&amp;", "<!-- c -->", "<!DOCTYPE html>", "<![CDATA[d]]>", " encoding=\"text/html\"",
  ]

  private func soup(_ rng: inout Generator) -> String {
    var html = ""
    for _ in 0..<Int.random(in: 1...40, using: &rng) {
      let name = Self.names.randomElement(using: &rng)!
      switch Int.random(in: 0..<10, using: &rng) {
      case 0..<5: html += "<\(name)\(Bool.random(using: &rng) ? " id=q" : "")>"
      case 5..<8: html += "</\(name)>"
      default: html += Self.pieces.randomElement(using: &rng)!
      }
    }
    return html
  }

  func testRandomDocumentsBuildSoundTrees() {
    var rng = Generator(state: 20261122)
    for round in 0..<3000 {
      let html = soup(&rng)
      if let defect = html5TreeDefect(html) { return XCTFail("soup \(round) \(html.debugDescription): \(defect)") }
    }
  }

  func testRandomFragmentsBuildSoundTrees() {
    var rng = Generator(state: 42)
    let contexts: [(String, LibXML.Namespace)] = [
      ("body", .html), ("table", .html), ("tr", .html), ("select", .html), ("template", .html), ("svg", .svg),
      ("math", .mathml), ("annotation-xml", .mathml), ("title", .html), ("html", .html), ("frameset", .html),
    ]
    for round in 0..<2000 {
      let html = soup(&rng)
      let context = contexts.randomElement(using: &rng)!
      if let defect = html5TreeDefect(html, context: context) {
        return XCTFail("fragment \(round) in \(context.0) \(html.debugDescription): \(defect)")
      }
    }
  }
}
