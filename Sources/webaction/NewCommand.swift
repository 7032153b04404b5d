import ArgumentParser
import Foundation
import WebActionHost
import WebActionKit

/// `webaction new NAME`: a bundle that runs and passes `webaction test` at once, to edit from there.
struct NewCommand: WebActionCommandRunning {
  static let configuration = CommandConfiguration(
    commandName: "new",
    abstract: "Make a new extension bundle, NAME.appex, with a fixture case that passes `webaction test`.",
    discussion: """
      Templates (the JavaScript, and the native side's answer):
        blank          run() sends the title; finalize() marks the body
        info           run() sends the title, headings and link count;
                       finalize() inserts a summary the native side writes
        translate-like run() sends the text of each paragraph, heading and list
                       item; the native side rewrites them (upper case here,
                       where a translator would translate); finalize() puts
                       them back
      --executable python gives the bundle its native side as a Python script
      (CFBundleExecutable), run as its own process. --executable swift gives it
      a Swift package to build (swift build in the bundle, then copy the program
      in; its README.txt says how); until then its case skips the native side
      with finalize-args.json. Without --executable the bundle is JavaScript
      only: its case supplies finalize()'s argument, and `run` passes run()'s
      results back to finalize().

      Then: edit Action.js, `webaction test NAME.appex`, `webaction run
      NAME.appex/Tests/example/page.html --ext ./NAME.appex`, and `webaction test NAME.appex --update` to record
      what it now gives.
      """)

  enum Template: String, ExpressibleByArgument, CaseIterable { case blank, info, translateLike = "translate-like" }
  enum Executable: String, ExpressibleByArgument, CaseIterable { case python, swift }

  @Argument(help: ArgumentHelp("The extension's name: letters, digits, - and _.", valueName: "name"))
  var name: String

  @Option(help: "What the extension starts as: blank, info or translate-like.")
  var template: Template = .blank

  @Option(help: "Give it a native side as its own program: python or swift.")
  var executable: Executable?

  func validate() throws {
    guard !name.isEmpty, name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }) else {
      throw ValidationError("'\(name)' is not a usable name: use letters, digits, - and _")
    }
  }

  func execute() throws(WebActionError) {
    let bundle = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent("\(name).appex")
    guard !FileManager.default.fileExists(atPath: bundle.path) else {
      throw WebActionError(.usage, "\(bundle.path) exists already; choose another name or remove it")
    }
    let scaffold = ExtensionScaffold(name: name, template: template, executable: executable)
    do {
      for (path, text) in scaffold.files {
        let url = bundle.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
      }
      if let program = scaffold.program {
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: bundle.appendingPathComponent(program).path)
      }
    } catch {
      throw WebActionError(.output, "cannot write \(bundle.path): \(WebActionError.systemReason(error))")
    }
    // Record the case's snapshots with the real pipeline, so the bundle passes `webaction test` as it is.
    let source = try builtInExtensions.resolve(bundle.path)
    let host = ActionHost(extension: source)
    for testCase in ExtensionTestCase.cases(in: source.bundle) {
      let outcome = testCase.run(with: host, settings: PageSettings(), update: true)
      guard outcome.status == .recorded else {
        throw WebActionError(.extensionFailed, "the new bundle's case \(testCase.name) does not run: \(outcome.failures.joined(separator: "; "))")
      }
    }
    printing("""
      Made \(name).appex (\(template.rawValue)\(executable.map { ", \($0.rawValue) native side" } ?? ", JavaScript only")):
      \(scaffold.files.map { "  \(name).appex/\($0.path)\n" }.sorted().joined())
      Next: edit \(name).appex/Action.js, then
        webaction test \(name).appex
        webaction run \(name).appex/Tests/example/page.html --ext ./\(name).appex -o out.html
        webaction test \(name).appex --update     (records what it gives now)

      """)
  }
}
