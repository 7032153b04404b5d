import ArgumentParser
import Foundation
import WebActionHost
import WebActionKit

struct Extensions: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "List the Action extensions --ext NAME finds: installed ones, then the built-ins.",
    discussion: """
      --ext NAME looks for NAME.appex in each folder of $WEBACTION_EXTENSIONS
      (separated by :), then in ~/.local/share/webaction/Extensions (or
      $XDG_DATA_HOME/webaction/Extensions), then among the built-ins. An
      installed bundle with a built-in's name is used instead of the built-in.
      """)

  func run() throws {
    func line(_ name: String, _ url: URL, _ place: String) -> String {
      let title = (try? ExtensionBundle(url: url))?.manifest.displayName ?? "(does not load: webaction validate)"
      return "\(name.padding(toLength: 12, withPad: " ", startingAt: 0)) "
        + "\(title.padding(toLength: 22, withPad: " ", startingAt: 0)) \(place)\n"
    }
    let installed = builtInExtensions.installed()
    var lines = installed.map { line($0.name, $0.url, $0.url.path) }
    lines += builtInExtensions.builtIns.map { builtIn in
      let hidden = installed.contains { $0.name == builtIn.name }
      return line(builtIn.name, builtIn.bundleURL, hidden ? "built in (hidden by the one above)" : "built in")
    }
    printing(lines.joined())
  }
}
