import ArgumentParser
import Foundation
import WebActionHost
import WebActionKit

struct Extensions: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "List the built-in Action extensions (usable with --ext NAME).")

  func run() throws {
    let lines = builtInExtensions.builtIns.map { builtIn in
      let title = (try? ExtensionBundle(url: builtIn.bundleURL))?.manifest.displayName ?? ""
      return "\(builtIn.name.padding(toLength: 12, withPad: " ", startingAt: 0)) \(title)\n"
    }
    printing(lines.joined())
  }
}
