import Foundation
import WebActionKit

/// The settings a batch's outputs were made with, kept in the output folder (`.webaction.stamp.json`), so that
/// `--resume` never keeps an output made with other settings: another webaction, another extension (its Info.plist,
/// script or program), other `--arg` pairs or another `--finalize-args` file.
///
/// `since` is when outputs began to be made with these settings: an output older than it was made with earlier ones
/// (a batch with new settings that was stopped half-way leaves both kinds), and is redone.
public struct BatchStamp: Codable, Sendable {
  /// The webaction version that made the outputs (`WebActionRelease.version`).
  public var webaction: String
  /// SHA-1 of the bundle's Info.plist, preprocessing script and program.
  public var extensionDigest: String
  /// The `--arg` pairs.
  public var arguments: [String: String]
  /// SHA-1 of the `--finalize-args` file, when one is given.
  public var finalizeArgumentsDigest: String?
  /// `--viewport`, as `WxH[@ratio]` (absent in stamps made before it was recorded: the default then).
  public var viewport: String?
  /// When outputs began to be made with these settings.
  public var since: Date

  /// The stamp's file in an output folder (hidden: a batch over the folder does not take it for a page).
  public static let fileName = ".webaction.stamp.json"

  /// The stamp of a batch that runs `bundle` with `arguments`, the `--finalize-args` file's bytes (nil: none) and
  /// `viewport`, making outputs from `since` on; reads the bundle's files to digest them.
  public init(
    bundle: ExtensionBundle, arguments: [String: String], finalizeArguments: Data?, viewport: Viewport = Viewport(),
    since: Date = Date()
  ) {
    webaction = WebActionRelease.version
    var bytes: [UInt8] = []
    let files = [bundle.url.appendingPathComponent("Info.plist"), bundle.scriptURL, bundle.executableURL].compactMap { $0 }
    for file in files {
      bytes += Array(file.lastPathComponent.utf8) + [0]
      bytes += (try? [UInt8](Data(contentsOf: file))) ?? []
    }
    extensionDigest = Self.hex(SHA1.digest(bytes))
    self.arguments = arguments
    finalizeArgumentsDigest = finalizeArguments.map { Self.hex(SHA1.digest([UInt8]($0))) }
    self.viewport = viewport.description
    self.since = since
  }

  /// What differs from `other`, for a person (empty: the same settings).
  public func differences(from other: BatchStamp) -> [String] {
    var found: [String] = []
    if webaction != other.webaction { found.append("webaction \(other.webaction) → \(webaction)") }
    if extensionDigest != other.extensionDigest { found.append("the extension's files changed") }
    if arguments != other.arguments {
      let describe = { (pairs: [String: String]) in
        pairs.isEmpty ? "none" : pairs.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
      }
      found.append("--arg \(describe(other.arguments)) → \(describe(arguments))")
    }
    if finalizeArgumentsDigest != other.finalizeArgumentsDigest { found.append("the --finalize-args changed") }
    let (before, now) = (other.viewport ?? Viewport().description, viewport ?? Viewport().description)
    if before != now { found.append("--viewport \(before) → \(now)") }
    return found
  }

  /// The stamp in `folder`, if it holds a readable one.
  public static func read(in folder: URL) -> BatchStamp? {
    guard let data = try? Data(contentsOf: folder.appendingPathComponent(fileName)) else { return nil }
    return try? decoder.decode(BatchStamp.self, from: data)
  }

  /// Writes the stamp into `folder`, atomically.
  public func write(in folder: URL) throws(WebActionError) {
    let data: Data
    do {
      data = try Self.encoder.encode(self)
    } catch {
      throw WebActionError(.output, "cannot encode the batch stamp: \(error)")
    }
    try AtomicFile.write(data + Data("\n".utf8), to: folder.appendingPathComponent(Self.fileName))
  }

  /// The stamp to make outputs with in `folder`, and what `--resume` must be told: the folder's own when its settings
  /// are these (outputs since it are kept), else these settings from now, written there, with why the old outputs
  /// are not kept.
  public static func settle(
    in folder: URL, bundle: ExtensionBundle, arguments: [String: String], finalizeArguments: Data?,
    viewport: Viewport = Viewport()
  ) throws(WebActionError) -> (stamp: BatchStamp, notKept: String?) {
    let current = BatchStamp(bundle: bundle, arguments: arguments, finalizeArguments: finalizeArguments, viewport: viewport)
    let previous = read(in: folder)
    if let previous, current.differences(from: previous).isEmpty { return (previous, nil) }
    try current.write(in: folder)
    let reason = previous.map { "they were made with other settings (\(current.differences(from: $0).joined(separator: "; ")))" }
      ?? "the folder has no record of the settings they were made with (\(fileName))"
    return (current, reason)
  }

  private static func hex(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02x", $0) }.joined() }

  private static let encoder: JSONEncoder = {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
    // `since` as seconds with their fraction (ISO 8601 would round to the second, and an output made with the old
    // settings in that second would count as made with these).
    encoder.dateEncodingStrategy = .secondsSince1970
    return encoder
  }()

  private static let decoder: JSONDecoder = {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .secondsSince1970
    return decoder
  }()
}
