import ArgumentParser
import Foundation
import WebActionHost
import WebActionKit

struct Extensions: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "List the built-in Action extensions (usable with --ext NAME).")

  func run() throws {
    for builtIn in BuiltInExtensions.all {
      let bundle = try? ExtensionBundle(url: builtIn.bundleURL)
      let title = bundle?.manifest.displayName ?? ""
      print("\(builtIn.name.padding(toLength: 12, withPad: " ", startingAt: 0)) \(title)")
    }
  }
}
