import BackgroundExtension
import Foundation
import PageInfoExtension
import TranslateExtension
import WebActionHost
import WebActionKit

/// The extensions compiled into this binary, by `--ext` name.
enum BuiltInExtensions {
  struct Entry: Sendable {
    let name: String
    let bundleURL: URL
    let makePrincipalObject: @Sendable (String) -> (any ExtensionRequestHandling)?

    init<E: BuiltInExtension & SendableMetatype>(_ type: E.Type) {
      name = E.name
      bundleURL = E.bundleURL
      makePrincipalObject = { E.makePrincipalObject(className: $0) }
    }
  }

  static let all: [Entry] = [
    Entry(BackgroundExtension.self),
    Entry(PageInfoExtension.self),
    Entry(TranslateExtension.self),
  ]

  /// Resolves `--ext`: a built-in name, or the path of an `.appex` folder.
  static func resolve(_ name: String) throws(WebActionError) -> ExtensionSource {
    if let builtIn = all.first(where: { $0.name == name }) {
      return try ExtensionSource(bundleURL: builtIn.bundleURL, principalClasses: builtIn.makePrincipalObject)
    }
    let url = URL(fileURLWithPath: name)
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue else {
      throw WebActionError(
        .bundle, "no extension named '\(name)': it is neither a built-in extension nor an .appex folder",
        hint: "Built-in extensions: \(all.map(\.name).joined(separator: ", ")). Or give the path of a bundle folder holding Info.plist and the preprocessing .js file.")
    }
    // A bundle from disk may name a principal class compiled into this binary; otherwise it runs JS-only.
    return try ExtensionSource(bundleURL: url) { className in
      for builtIn in all { if let object = builtIn.makePrincipalObject(className) { return object } }
      return nil
    }
  }
}
