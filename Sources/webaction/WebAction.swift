import ArgumentParser
import Foundation
import WebActionHost

@main
struct WebAction: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "webaction",
    abstract: "Run Safari Action extensions on saved web pages, headless.")
}
