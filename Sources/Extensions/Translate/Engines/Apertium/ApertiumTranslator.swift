import Foundation

/// The default engine: the local Debian Apertium packages, through one persistent pipeline per pair.
///
/// A page's segments go out in requests of about `requestLimit` bytes, all written at once from a writer thread
/// while the answers are read, so a warm pipeline runs at Apertium's own speed. A pipeline that times out, ends or
/// reports a malformed stream is killed and restarted, and the unanswered requests are retried once.
public final class ApertiumTranslator: Translator, @unchecked Sendable {
  public let name = "apertium"
  /// Where the `.mode` files are.
  public let modesDirectory: URL
  /// How long one answer may take.
  public let timeout: TimeInterval
  /// The approximate size of one request, in bytes of HTML.
  public let requestLimit: Int

  /// The running pipelines, under `lock`: pages on several threads may translate at once (their requests take
  /// turns in the pipeline, ``ApertiumPipeline/send(_:received:)``).
  private var pipelines: [LanguagePair: ApertiumPipeline] = [:]
  private let lock = NSLock()
  private let commandOverride: String?

  /// Makes the engine; pipelines start on first use and stop when the engine is released.
  public init(
    modesDirectory: URL = LanguagePair.modesDirectory, timeout: TimeInterval = 20, requestLimit: Int = 4096
  ) {
    self.modesDirectory = modesDirectory
    self.timeout = timeout
    self.requestLimit = requestLimit
    self.commandOverride = nil
  }

  /// Makes an engine whose pipelines run `command` instead of the pair's stages (tests use this to simulate hangs).
  init(command: String, modesDirectory: URL, timeout: TimeInterval) {
    self.modesDirectory = modesDirectory
    self.timeout = timeout
    self.requestLimit = 4096
    self.commandOverride = command
  }

  deinit { for pipeline in pipelines.values { pipeline.stop() } }

  /// Pages on several threads may translate at once.
  public var servesConcurrentRequests: Bool { true }

  public func pairs() throws -> [LanguagePair] { LanguagePair.installed(in: modesDirectory) }

  public func translateSegments(_ segments: [String], pair: LanguagePair) throws -> [SegmentTranslation] {
    guard !segments.isEmpty else { return [] }
    let streams = batches(of: segments, limit: requestLimit).map { range in
      (range, ApertiumStream(segments: Array(segments[range])))
    }
    let answers = try run(streams.map(\.1.request), pair: pair)
    var results: [SegmentTranslation] = []
    results.reserveCapacity(segments.count)
    for ((range, stream), answer) in zip(streams, answers) {
      let originals = Array(segments[range])
      if let decoded = stream.decode(answer, originals: originals) {
        results += decoded
      } else {
        results += try translateOneByOne(originals, pair: pair)
      }
    }
    return results
  }

  /// The fallback when a group's segment separators did not come back: one request per segment.
  private func translateOneByOne(_ segments: [String], pair: LanguagePair) throws -> [SegmentTranslation] {
    let streams = segments.map { ApertiumStream(segments: [$0]) }
    let answers = try run(streams.map(\.request), pair: pair)
    return zip(zip(streams, answers), segments).map { pairAndAnswer, original in
      let (stream, answer) = pairAndAnswer
      return stream.decode(answer, originals: [original])?.first
        ?? .damaged(original: original, reason: "the segment's end marker did not come back")
    }
  }

  /// Sends `requests` through the pair's pipeline; restarts it once on a timeout or a dead pipeline.
  func run(_ requests: [String], pair: LanguagePair) throws -> [String] {
    var answers: [String] = []
    var attempt = 0
    while true {
      let pipeline = try self.pipeline(for: pair)
      do {
        try pipeline.send(Array(requests[answers.count...])) { answers.append($0) }
        return answers
      } catch {
        pipeline.stop()
        let stderr = pipeline.errorOutput
        lock.withLock { if pipelines[pair] === pipeline { pipelines[pair] = nil } }
        attempt += 1
        guard attempt < 2 else {
          let what = error == .timedOut ? "gave no answer within \(Int(timeout)) s" : "stopped"
          throw TranslateError(
            "translate: the Apertium pipeline for \(pair) \(what), twice (request \(answers.count + 1) of "
              + "\(requests.count))." + (stderr.isEmpty ? "" : " Its last error output: \(stderr).")
              + " Check the pair with `echo hello | apertium \(pair)`; try again or use another engine.")
        }
      }
    }
  }

  /// The process id of the running pipeline of `pair`, if any (tests kill it to check restarts).
  func pipelineProcessIdentifier(for pair: LanguagePair) -> Int32? { lock.withLock { pipelines[pair]?.processIdentifier } }

  /// The running pipeline of `pair`, started on first use.
  /// Whether a pipeline for `pair` has been started.
  func hasPipeline(for pair: LanguagePair) -> Bool { lock.withLock { pipelines[pair] != nil } }

  func pipeline(for pair: LanguagePair) throws -> ApertiumPipeline {
    lock.lock()
    defer { lock.unlock() }
    if let pipeline = pipelines[pair] { return pipeline }
    let command: String
    if let commandOverride {
      command = commandOverride
    } else {
      let modeFile = modesDirectory.appendingPathComponent("\(pair.modeName).mode")
      guard FileManager.default.fileExists(atPath: modeFile.path) else {
        _ = try LanguagePair.resolve(from: pair.source, to: pair.target, among: try pairs(), engine: name)
        throw TranslateError("translate: \(modeFile.path) is missing")
      }
      command = try ApertiumPipeline.command(forModeFile: modeFile)
    }
    let pipeline = ApertiumPipeline(command: command, timeout: timeout)
    try pipeline.start()
    pipelines[pair] = pipeline
    return pipeline
  }
}
