import Foundation

extension PageTranslation {
  /// How many segments of a page were translated, and how.
  public struct Coverage: Sendable, Hashable {
    /// Segments sent to the engine.
    public var sent = 0
    /// Translated the first time, with all their inline markup.
    public var translated = 0
    /// Translated with their attribute-less inline elements (b, i, em, strong, span ...) flattened.
    public var flattened = 0
    /// Translated one run of text at a time, cut at their inline elements: all markup kept.
    public var split = 0
    /// Translated as plain text: the elements with words of their own dropped.
    public var plainText = 0
    /// Left in the source language: no step gave a translation.
    public var untranslated = 0

    public init() {}

    public var foundationObject: [String: Int] {
      [
        "sent": sent, "translated": translated, "flattened": flattened, "split": split, "plainText": plainText,
        "untranslated": untranslated,
      ]
    }
  }

  /// The fallback ladder for the segments at `indices`, whose markup came back damaged. Each step is tried only on
  /// the segments the one before could not translate, all of them in one call to the engine:
  /// 1. the attribute-less inline elements flattened (links and elements with attributes kept);
  /// 2. each run of text between inline elements translated on its own (every element keeps its own text);
  /// 3. the segment's plain text, with what has no words of its own (images, line breaks, code) kept in place.
  /// Returns the segments still untranslated.
  func recover(
    _ indices: [Int], into output: inout Result, with translator: any Translator, pair: LanguagePair
  ) throws -> [Int] {
    var pending = indices
    let flat = try attempt(&pending, into: &output, relaxed: true, with: translator, pair: pair) { segment in
      SegmentFallback.flattened(segment.html, removing: segment.flattenable).map { flattened in
        ([flattened], { $0[0] })
      }
    }
    output.coverage.flattened = flat
    output.coverage.split = try attempt(&pending, into: &output, relaxed: false, with: translator, pair: pair) {
      let split = SegmentFallback.Split($0.html)
      return (split.runs, split.rebuild)
    }
    output.coverage.plainText = try attempt(&pending, into: &output, relaxed: true, with: translator, pair: pair) {
      let plain = SegmentFallback.PlainText($0.html)
      return ([plain.text], { plain.rebuild($0[0]) })
    }
    return pending
  }

  /// One step of the ladder: `variant` gives a segment's pieces to translate and how to build its HTML from their
  /// translations (nil when the step does not apply). A segment is done when every piece came back translated.
  /// Returns how many segments the step translated and removes them from `pending`.
  private func attempt(
    _ pending: inout [Int], into output: inout Result, relaxed: Bool, with translator: any Translator,
    pair: LanguagePair, variant: (Segment) -> ([String], ([String]) -> String)?
  ) throws -> Int {
    let variants = pending.compactMap { index in variant(segments[index]).map { (index, $0.0, $0.1) } }
    guard !variants.isEmpty else { return 0 }
    let answers = try translator.translateSegments(variants.flatMap(\.1), pair: pair)
    var offset = 0
    var done: Set<Int> = []
    for (index, pieces, build) in variants {
      let mine = answers[offset..<offset + pieces.count]
      offset += pieces.count
      let translated = mine.compactMap { answer -> String? in
        if case .translated(let html) = answer { return html }
        return nil
      }
      guard translated.count == pieces.count else { continue }
      let id = segments[index].id
      output.translations[id] = build(translated)
      if relaxed { output.relaxed.append(id) }
      done.insert(index)
    }
    pending.removeAll { done.contains($0) }
    return done.count
  }
}
