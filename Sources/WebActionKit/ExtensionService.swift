import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A principal class that is also the program: an extension built as its own executable (the bundle's
/// `CFBundleExecutable`), which a webaction host starts and talks to over ``ExtensionWire``.
///
/// ```swift
/// import WebActionKit
///
/// @main
/// final class ActionRequestHandler: ExtensionMain {
///   init() {}
///   func beginRequest(with context: ExtensionContext) { ... }
/// }
/// ```
public protocol ExtensionMain: ExtensionRequestHandling {
  /// Makes a principal object: one per request, or one for all requests when the class adopts
  /// ``ReusableExtensionRequestHandling``.
  init()
}

extension ExtensionMain {
  /// Serves the host's requests until it closes standard input, then exits.
  public static func main() {
    exit(ExtensionService.serve { Self() })
  }
}

/// The extension side of ``ExtensionWire``: reads requests on standard input, hands each to a principal object and
/// writes its reply on standard output.
///
/// Standard output carries only frames: `serve` moves it to a descriptor of its own and points descriptor 1 at
/// standard error, so `print` in an extension reaches the user instead of corrupting the protocol. Requests are
/// handled on the main thread, which runs its run loop while a request is open (so `DispatchQueue.main.async` works,
/// as in Apple's template). A new principal object handles each request unless its class adopts
/// ``ReusableExtensionRequestHandling``. The App Groups the extension may open are those the host lists in
/// `WEBACTION_APP_GROUPS` (its bundle's declared groups, one per line).
public enum ExtensionService {
  /// Serves requests until end of input and returns the exit status: 0, or 1 after a protocol error (described on
  /// standard error).
  public static func serve(makeHandler: @escaping () -> any ExtensionRequestHandling) -> Int32 {
    // The host names the groups the bundle declares; as in its own process, the extension opens no others.
    if let groups = ProcessInfo.processInfo.environment["WEBACTION_APP_GROUPS"] {
      AppGroup.declaredGroups = Set(groups.split(separator: "\n").map(String.init))
    }
    let output = dup(STDOUT_FILENO)
    dup2(STDERR_FILENO, STDOUT_FILENO)
    let inbox = Inbox()
    let reader = Thread {
      inbox.readFrames(from: STDIN_FILENO)
    }
    reader.start()
    var kept: (any ExtensionRequestHandling)?
    while true {
      switch inbox.next() {
      case .end:
        return 0
      case .failure(let message):
        FileHandle.standardError.write(Data("webaction extension: \(message)\n".utf8))
        return 1
      case .request(let id, let items):
        let handler = kept ?? makeHandler()
        if handler is any ReusableExtensionRequestHandling { kept = handler }
        let context = ExtensionContext(inputItems: items)
        handler.beginRequest(with: context)
        let outcome = context.waitRunningMainRunLoop(timeout: 1e9)!
        let reply = ExtensionWire.Reply(outcome, diagnostics: context.diagnostics, openedURLs: context.openedURLs)
        do {
          try writeAll(ExtensionWire.frame(ExtensionWire.reply(id: id, reply)), to: output)
        } catch let error as ExtensionWire.ProtocolError {
          // The reply cannot be encoded (an item that is not a property list): say so as a cancellation.
          let failure = ExtensionWire.Reply.cancelled(
            domain: "WebActionKit.ExtensionWire", code: 1, description: error.description,
            diagnostics: context.diagnostics, openedURLs: context.openedURLs.map(\.absoluteString))
          guard (try? writeAll(ExtensionWire.frame(ExtensionWire.reply(id: id, failure)), to: output)) != nil else { return 1 }
        } catch {
          return 1  // The host closed its end: it is done with us.
        }
      }
    }
  }

  private static func writeAll(_ data: Data, to descriptor: Int32) throws {
    try data.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
        }
        offset += written
      }
    }
  }

  /// Messages read by the reader thread, waiting for the main thread.
  private final class Inbox: @unchecked Sendable {
    enum Entry {
      case request(id: Int, items: [ExtensionItem])
      case end
      case failure(String)
    }

    private let condition = NSCondition()
    private var entries: [Entry] = []

    func next() -> Entry {
      condition.lock()
      defer { condition.unlock() }
      while entries.isEmpty { condition.wait() }
      return entries.removeFirst()
    }

    private func post(_ entry: Entry) {
      condition.lock()
      entries.append(entry)
      condition.signal()
      condition.unlock()
      // Wake a main thread that waits in its run loop for the current request.
      DispatchQueue.main.async {}
    }

    /// Reads frames until end of input. An `expire` ends the process: the host stops it next anyway.
    func readFrames(from descriptor: Int32) {
      do {
        while let header = try Self.readExactly(4, from: descriptor) {
          let length = try ExtensionWire.frameLength(header: header)
          guard let body = try Self.readExactly(length, from: descriptor) else {
            throw ExtensionWire.ProtocolError("standard input ended inside a frame")
          }
          let message = try ExtensionWire.message(body: body)
          switch message["type"]!.string! {
          case "request":
            let (id, items) = try ExtensionWire.decodeRequest(message)
            post(.request(id: id, items: items))
          case "expire":
            // From this thread while the main thread may still be inside the handler: no exit handlers or static
            // destructors racing it, only what was printed flushed.
            fflush(nil)
            _exit(0)
          case let other:
            throw ExtensionWire.ProtocolError("unknown message type “\(other)” from the host")
          }
        }
        post(.end)
      } catch {
        post(.failure("\(error)"))
      }
    }

    /// Exactly `count` bytes, or nil at end of input before the first byte.
    private static func readExactly(_ count: Int, from descriptor: Int32) throws -> Data? {
      var data = Data(count: count)
      var offset = 0
      while offset < count {
        let got = data.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + offset, count - offset) }
        if got < 0 {
          if errno == EINTR { continue }
          throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
        }
        if got == 0 {
          if offset == 0 { return nil }
          throw ExtensionWire.ProtocolError("standard input ended inside a frame (\(offset) of \(count) bytes)")
        }
        offset += got
      }
      return data
    }
  }
}

extension ExtensionWire.Reply {
  /// The reply for an extension context's outcome.
  public init(_ outcome: ExtensionContext.Outcome, diagnostics: [String], openedURLs: [URL]) {
    let opened = openedURLs.map(\.absoluteString)
    switch outcome {
    case .completed(let items):
      self = .completed(items: items, diagnostics: diagnostics, openedURLs: opened)
    case .cancelled(let error):
      let (domain, code) = ExtensionWire.domainAndCode(of: error)
      self = .cancelled(
        domain: domain, code: code, description: ExtensionWire.describe(error), diagnostics: diagnostics, openedURLs: opened)
    }
  }
}

extension ExtensionWire {
  /// The error domain a cancellation with ``MissingDependencyError`` carries, so the host reports a missing dependency;
  /// its code is 1 when the dependency is for that page only (``MissingDependencyError/forThisPageOnly``), else 0.
  public static let missingDependencyDomain = "WebActionKit.MissingDependencyError"

  static func domainAndCode(of error: any Error) -> (String, Int) {
    if let missing = error as? MissingDependencyError { return (missingDependencyDomain, missing.forThisPageOnly ? 1 : 0) }
    let nsError = error as NSError
    return (nsError.domain, nsError.code)
  }

  /// What to tell a person about an error an extension cancelled with: its localized description when it has one of
  /// its own, else its Swift description.
  public static func describe(_ error: any Error) -> String {
    let nsError = error as NSError
    if nsError.domain != "Foundation._GenericObjCError", let reason = nsError.userInfo[NSLocalizedDescriptionKey] as? String {
      return reason
    }
    return String(describing: error)
  }
}
