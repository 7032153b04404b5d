import ArgumentParser
import Foundation
import WebActionHost

/// `webaction eval PAGE EXPR`: JavaScript in a loaded page, as a browser console would run it.
struct Eval: WebActionCommandRunning {
  static let configuration = CommandConfiguration(
    abstract: "Evaluate JavaScript in a page and print the value as JSON.",
    discussion: """
      Loads the page as `run` does (its own scripts only with --scripts), then
      evaluates EXPR, or the file given with --file, and prints the value as
      JSON (JSON.stringify with two-space indentation; a value JSON cannot hold,
      such as undefined or a function, as its string). A promise is awaited
      (--timeout). Console output goes to standard error.

      With neither, it reads JavaScript from standard input: one script when
      standard input is a file or a pipe, or line by line at a terminal (a
      prompt; each line is evaluated in the same page, an error is shown and the
      session goes on; Ctrl-D ends it).

      Examples:
        webaction eval Pages/article.html 'document.title'
        webaction eval Pages/article.html '[...document.links].map(a => a.href)'
        webaction eval page.html --file probe.js --url https://example.org/
        echo 'document.links.length' | webaction eval page.html
      """)

  @Argument(help: ArgumentHelp("The saved page (any format `run` reads), or - for standard input.", valueName: "page"))
  var page: String

  @Argument(help: ArgumentHelp("The JavaScript to evaluate.", valueName: "expression"))
  var expression: String?

  @Option(name: .customLong("file"), help: ArgumentHelp("Evaluate this file's JavaScript instead.", valueName: "file"))
  var file: String?

  @OptionGroup(title: "Page options")
  var options: PageOptions

  func validate() throws {
    if expression != nil, file != nil { throw ValidationError("give an expression or --file, not both") }
    if page == "-", expression == nil, file == nil {
      throw ValidationError("the page comes from standard input, so the JavaScript must be an argument or --file")
    }
  }

  func execute() throws(WebActionError) {
    let quiet = options.quiet
    let session = try ScriptSession(request: ActionRequest(page: try options.singlePage(page, command: "eval"), settings: options.settings)) { diagnostic in
      if !quiet { StandardError.write("\(diagnostic)\n") }
    }
    if let expression {
      try StandardOutput.write(try session.evaluate(expression) + "\n", what: "the value")
    } else if let file {
      guard let data = FileManager.default.contents(atPath: file), let source = String(data: data, encoding: .utf8) else {
        throw WebActionError(.input, "cannot read the JavaScript file \(file) (missing, unreadable or not UTF-8)")
      }
      try StandardOutput.write(try session.evaluate(source, name: file) + "\n", what: "the value")
    } else if isatty(STDIN_FILENO) != 0 {
      // No package offered here provides line editing (readline, linenoise): a plain prompt, line by line.
      while true {
        StandardError.write("> ")
        guard let line = readLine() else { break }
        if line.trimmingCharacters(in: .whitespaces).isEmpty { continue }
        do {
          try StandardOutput.write(try session.evaluate(line) + "\n", what: "the value")
        } catch {
          StandardError.write("\(error.description)\n")
        }
      }
      StandardError.write("\n")
    } else {
      let source = String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
      try StandardOutput.write(try session.evaluate(source, name: "<stdin>") + "\n", what: "the value")
    }
  }
}
