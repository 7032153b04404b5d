import Foundation
import XCTest

/// `Scripts/install`, into a prefix of the test's own, with the binary the tests run: the installed command finds
/// its built-in extensions, `man webaction` shows the generated page, and the completion scripts are in place.
final class InstallTests: WorkFolderTestCase {
  func testInstallPutsTheBinaryTheManPageAndTheCompletionsUnderThePrefix() throws {
    let prefix = work.appendingPathComponent("prefix")
    let install = Process()
    install.executableURL = WebActionCommand.packageRoot.appendingPathComponent("Scripts/install")
    install.arguments = ["--no-build", WebActionCommand.binary.deletingLastPathComponent().path]
    install.currentDirectoryURL = WebActionCommand.packageRoot
    install.environment = ProcessInfo.processInfo.environment.merging(["PREFIX": prefix.path]) { $1 }
    let output = Pipe()
    install.standardOutput = output
    install.standardError = output
    try install.run()
    let log = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    install.waitUntilExit()
    XCTAssertEqual(install.terminationStatus, 0, log)

    // The installed command, by its link, with the built-in extensions beside it.
    let list = try shell(prefix.appendingPathComponent("bin/webaction").path + " list --json")
    XCTAssertEqual(list.status, 0, list.output)
    XCTAssertTrue(list.output.contains(#""translate""#), list.output)
    // man webaction, from the prefix's man folder.
    let manual = try shell("MANWIDTH=100 man -M '\(prefix.path)/share/man' webaction | col -b")
    XCTAssertEqual(manual.status, 0, manual.output)
    for expected in ["NAME", "webaction — Run Safari Action extensions", "webaction run", "--ext", "batch"] {
      XCTAssertTrue(manual.output.contains(expected), "man webaction lacks “\(expected)”:\n\(manual.output.prefix(2000))")
    }
    for file in ["share/bash-completion/completions/webaction", "share/zsh/site-functions/_webaction",
                 "share/fish/vendor_completions.d/webaction.fish"] {
      let text = (try? String(contentsOf: prefix.appendingPathComponent(file), encoding: .utf8)) ?? ""
      XCTAssertTrue(text.contains("webaction"), "\(file) is missing or empty")
    }
  }

  private func shell(_ command: String) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", command]
    process.currentDirectoryURL = work
    process.environment = WebActionCommand.process([]).environment
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (process.terminationStatus, text)
  }
}
