import Foundation
import XCTest

/// Runs the built `webaction` binary, as swift-argument-parser's example tests run theirs.
struct WebActionCommand {
  struct Result {
    var status: Int32
    var stdout: String
    var stderr: String
    /// True when a signal ended the process (`status` is then the signal's number).
    var signalled = false
  }

  /// The package root (for Pages/ and fixtures).
  static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

  /// The directory holding the test bundle holds the built products too.
  static var binary: URL {
    #if os(macOS)
      for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
        return bundle.bundleURL.deletingLastPathComponent().appendingPathComponent("webaction")
      }
      fatalError("couldn't find the products directory")
    #else
      return Bundle.main.bundleURL.appendingPathComponent("webaction")
    #endif
  }

  static func page(_ name: String) -> String { packageRoot.appendingPathComponent("Pages/\(name)").path }
  static func fixture(_ name: String) -> String { fixtures.appendingPathComponent(name).path }

  /// Runs `webaction ARGS` in the package root, feeding `stdin`; with `timeLimit`, a run still going after that many
  /// seconds is killed and fails the test (its status is then SIGKILL's).
  /// - Parameter standardOutput: where the command's standard output goes instead of a pipe (`stdout` is then empty).
  @discardableResult
  static func run(
    _ arguments: [String], stdin: Data? = nil, standardOutput: FileHandle? = nil, timeLimit: TimeInterval? = nil,
    environment: [String: String] = [:], file: StaticString = #filePath, line: UInt = #line
  ) throws -> Result {
    let process = process(arguments)
    process.environment?.merge(environment) { $1 }
    let out = Pipe(), err = Pipe(), input = Pipe()
    process.standardOutput = standardOutput ?? out
    process.standardError = err
    process.standardInput = input
    try process.run()
    let finished = DispatchSemaphore(value: 0)
    if let timeLimit {
      let pid = process.processIdentifier
      DispatchQueue.global().async {
        if finished.wait(timeout: .now() + timeLimit) == .timedOut {
          XCTFail("webaction \(arguments.joined(separator: " ")) still ran after \(timeLimit) s: killed", file: file, line: line)
          kill(pid, SIGKILL)
        }
      }
    }
    defer { finished.signal() }
    // A command may stop reading early (a page past --max-page-size): the rest of the write fails with EPIPE, which
    // must not kill the test process with SIGPIPE.
    signal(SIGPIPE, SIG_IGN)
    if let stdin { try? input.fileHandleForWriting.write(contentsOf: stdin) }
    try input.fileHandleForWriting.close()
    // Read both pipes to the end before waiting, so a large page cannot fill a pipe and stall the child.
    let stderrData = DrainedPipe(err)
    let stdoutData = standardOutput == nil ? out.fileHandleForReading.readDataToEndOfFile() : Data()
    process.waitUntilExit()
    return Result(status: process.terminationStatus, stdout: String(decoding: stdoutData, as: UTF8.self),
                  stderr: String(decoding: stderrData.wait(), as: UTF8.self),
                  signalled: process.terminationReason == .uncaughtSignal)
  }

  /// A new bundle in `folder` (probe.appex's Info.plist, so finalize runs with --finalize-args) whose Action.js has
  /// these bodies for `run(args)` and `finalize(args)`; returns its path.
  static func actionBundle(in folder: URL, run: String, finalize: String = "") throws -> String {
    let bundle = folder.appendingPathComponent("action-\(UUID().uuidString).appex")
    try FileManager.default.createDirectory(at: bundle, withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: fixtures.appendingPathComponent("probe.appex/Info.plist"), to: bundle.appendingPathComponent("Info.plist"))
    let action = """
      var ExtensionPreprocessingJS = {
        run: function (args) { \(run) },
        finalize: function (args) { \(finalize) }
      };
      """
    try action.write(to: bundle.appendingPathComponent("Action.js"), atomically: true, encoding: .utf8)
    return bundle.path
  }

  /// A process ready to run `webaction ARGS` in the package root, with its own data folder; not started.
  static func process(_ arguments: [String]) -> Process {
    let process = Process()
    process.executableURL = binary
    process.arguments = arguments
    process.currentDirectoryURL = packageRoot
    var environment = ProcessInfo.processInfo.environment
    // One data folder per test run: runs side by side (worktrees, CI) must not share settings.
    let data = "webaction-e2e-data-\(ProcessInfo.processInfo.processIdentifier)"
    environment["WEBACTION_DATA_HOME"] = FileManager.default.temporaryDirectory.appendingPathComponent(data).path
    process.environment = environment
    return process
  }

  /// A fresh temporary directory for one test's outputs.
  static func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("webaction-e2e-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }
}

/// Reads a pipe to its end on another thread.
final class DrainedPipe: @unchecked Sendable {
  private var data = Data()
  private let done = DispatchSemaphore(value: 0)

  init(_ pipe: Pipe) {
    let handle = pipe.fileHandleForReading
    Thread.detachNewThread { [self] in
      data = handle.readDataToEndOfFile()
      done.signal()
    }
  }

  func wait() -> Data {
    done.wait()
    return data
  }
}

/// A test case with a fresh temporary folder, `work`, for each test (removed after it).
class WorkFolderTestCase: XCTestCase {
  var work: URL!

  override func setUpWithError() throws {
    try super.setUpWithError()
    work = try WebActionCommand.temporaryDirectory()
  }

  override func tearDownWithError() throws {
    try? FileManager.default.removeItem(at: work)
    try super.tearDownWithError()
  }
}
