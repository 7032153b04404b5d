import Foundation
import XCTest

@testable import TranslateExtension

/// 5,000 words through a warm pipeline, compared with the same stream piped once through the raw stages.
final class ApertiumSpeedTests: XCTestCase {
  func testFiveThousandWordsRunAtApertiumSpeed() throws {
    let pair = LanguagePair(from: "en", to: "es")
    let words = "the old bridge crosses the river and a small house is red while people walk to the market".split(
      separator: " ")
    let segments = (0..<200).map { n -> String in
      let sentence = (0..<25).map { words[($0 * 7 + n) % words.count] }.joined(separator: " ")
      return "The <b>house</b> \(n): " + sentence + " <a href=\"#\(n)\">here</a>."
    }
    let limit = Int(ProcessInfo.processInfo.environment["LIMIT"] ?? "4096")!
    let engine = ApertiumTranslator(requestLimit: limit)
    _ = try engine.translate(["Warm up."], pair: pair)
    let start = Date()
    let out = try engine.translateSegments(segments, pair: pair)
    let ours = Date().timeIntervalSince(start)
    XCTAssertEqual(out.filter(\.isDamaged).count, 0)

    // The raw stages on the same stream in one request, start-up included (about 0.1 s).
    let modeFile = LanguagePair.modesDirectory.appendingPathComponent("eng-spa.mode")
    let command = try ApertiumPipeline.command(forModeFile: modeFile)
    let input = FileManager.default.temporaryDirectory.appendingPathComponent("speed-\(UUID().uuidString)")
    try Data((ApertiumStream(segments: segments).request + "\0").utf8).write(to: input)
    defer { try? FileManager.default.removeItem(at: input) }
    let raw = Process()
    raw.executableURL = URL(fileURLWithPath: "/bin/sh")
    raw.arguments = ["-c", command + " < '\(input.path)' > /dev/null"]
    let rawStart = Date()
    try raw.run()
    raw.waitUntilExit()
    let rawTime = Date().timeIntervalSince(rawStart)
    print("5,000+ words: webaction apertium engine \(ours) s warm; raw stages \(rawTime) s cold")
    // The warm engine pays no start-up; the margin absorbs a debug build and a machine shared with other builds.
    XCTAssertLessThan(ours, rawTime * 2 + 0.3, "the warm engine should run at raw Apertium's speed")
  }
}
