import Foundation
import XCTest

/// Shell completion, as bash runs it: the script `webaction --generate-completion-script bash` prints, sourced, and
/// its completion function called as bash calls it on TAB. `--ext` completes the names `--ext` finds and `.appex`
/// folders.
final class CompletionTests: WorkFolderTestCase {
  func testBashCompletesExtensionNamesAndBundleFolders() throws {
    let script = try WebActionCommand.run(["--generate-completion-script", "bash"])
    XCTAssertEqual(script.status, 0, script.stderr)
    let scriptFile = work.appendingPathComponent("webaction.bash")
    try Data(script.stdout.utf8).write(to: scriptFile)
    try FileManager.default.createDirectory(at: work.appendingPathComponent("bundles/My.appex"), withIntermediateDirectories: true)
    let driver = """
      source '\(scriptFile.path)'
      function=$(complete -p webaction | sed -E 's/.*-F ([^ ]+).*/\\1/')
      complete_line() {
        COMP_WORDS=("$@"); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); COMP_LINE="${COMP_WORDS[*]}"; COMP_POINT=${#COMP_LINE}
        COMPREPLY=(); "$function" webaction "${COMP_WORDS[-1]}" "${COMP_WORDS[-2]}"
        echo "${COMPREPLY[*]}"
      }
      complete_line webaction run page.html --ext tr
      complete_line webaction batch site/ --ext pa
      complete_line webaction run page.html --ext bundles/
      complete_line webaction inspect page.html --ext ./bun
      """
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/bash")
    process.arguments = ["-c", driver]
    process.currentDirectoryURL = work
    var environment = WebActionCommand.process([]).environment ?? [:]
    environment["PATH"] = WebActionCommand.binary.deletingLastPathComponent().path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
    process.environment = environment
    let output = Pipe(), errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    let lines = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
    let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    XCTAssertEqual(process.terminationStatus, 0, stderr)
    XCTAssertEqual(lines.prefix(4).map(String.init), ["translate", "page-info", "bundles/My.appex", "./bundles/"], stderr)
  }
}
