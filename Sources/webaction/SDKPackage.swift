import Foundation
import WebActionHost
import WebActionKit

/// How a generated package (`webaction new --executable swift`, `webaction port`) depends on webaction's Swift
/// products: by URL and version, as any package depends on another, with a switch for a local checkout.
enum SDKPackage {
  /// The environment variable that points a generated package at a local checkout of webaction instead of its URL.
  static let pathVariable = "WEBACTION_SDK_PATH"

  /// The webaction checkout this binary was built from, when it is still there: a generated package builds against it
  /// (through ``pathVariable``), so that what it builds matches this binary even before a release is tagged.
  static var localCheckout: String? {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    return FileManager.default.fileExists(atPath: root.appendingPathComponent("Package.swift").path) ? root.path : nil
  }

  /// The commit of the checkout this binary was built from (`git describe --always --dirty`), when it is still there.
  static var checkoutCommit: String? {
    guard let root = localCheckout else { return nil }
    return ComponentVersions.commandOutput(["git", "-C", root, "describe", "--always", "--dirty", "--abbrev=10"]).map { "commit \($0)" }
  }

  /// The manifest lines before `let package = Package(`: they define `webaction` (the dependency) and
  /// `webactionPackage` (its identity, for `.product(name:package:)`).
  static var manifestPreamble: String {
    """
    // webaction's Swift products, by URL and version. To build against a local checkout of webaction instead, set
    // \(pathVariable)=/path/to/webaction (`webaction port` does, when it was built from one).
    let sdkPath = Context.environment["\(pathVariable)"].flatMap { $0.isEmpty ? nil : $0 }
    let webaction: Package.Dependency =
      sdkPath.map { .package(path: $0) } ?? .package(url: "\(WebActionRelease.packageURL)", from: "\(WebActionRelease.version)")
    // SwiftPM names a package by its URL's last part, or by a local folder's name.
    let webactionPackage = sdkPath.map { String($0.split(separator: "/").last ?? "webaction").lowercased() } ?? "webaction"

    """
  }

  /// The environment for `swift build` of a generated package: the local checkout, when there is one (or `path`).
  static func buildEnvironment(sdkPath path: String?) -> [String: String] {
    var environment = ProcessInfo.processInfo.environment
    if let checkout = path ?? environment[pathVariable] ?? localCheckout { environment[pathVariable] = checkout }
    return environment
  }
}
