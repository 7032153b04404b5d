// snippet.hide
// WebActionHost's "Embedding the host" article shows this file (@Snippet(path: "webaction/Snippets/EmbedHost"));
// `swift build` compiles it, so the article's code cannot drift from the API.
// snippet.show
import Foundation
import WebActionHost
import WebActionKit

// The extension: a bundle whose native side is its own program (or none). Built-in principal classes come from
// the closure, by the name NSExtensionPrincipalClass gives.
let source = try ExtensionSource(bundleURL: URL(fileURLWithPath: "MyAction.appex"), principalClasses: { _ in nil })
try source.requireActivation()  // Safari would not offer an extension whose rule refuses a web page.

// One host per thread; it keeps its JavaScript VM and the extension warm from page to page.
let host = ActionHost(extension: source) { diagnostic in
  FileHandle.standardError.write(Data("\(diagnostic)\n".utf8))  // console output and warnings
}

var settings = PageSettings()
settings.arguments = ["annotate": "true"]  // --arg annotate=true
settings.timeout = 5  // seconds run() has to call completionFunction

// Any saved-page format, found by name or bytes; written back in the same format. Nothing is written here.
let file = try host.process(file: "page.webarchive", settings: settings, finalizeArguments: nil)
for outcome in file.outcomes {
  print(outcome.results)  // what run() passed to completionFunction
  print(outcome.finalizeArguments ?? .null)  // what the native side answered
}
try AtomicFile.write(file.written, to: URL(fileURLWithPath: "out.webarchive"))
