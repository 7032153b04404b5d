import DOM
import Foundation
import JSBridge
import WebActionKit

/// What `webaction --version` reports: webaction's version and the libraries it runs on, as each reports itself.
public enum ComponentVersions {
  /// Lines of `name version`, webaction's first (with `commit` when known).
  public static func lines(commit: String?) -> [String] {
    ["webaction \(WebActionRelease.version)" + (commit.map { " (\($0))" } ?? ""),
     "JavaScriptCore \(JavaScriptEngine.version) (WebKitGTK)",
     "libxml2 \(XMLLibrary.version)",
     "Apertium \(debianVersion(of: "apertium") ?? "not installed (the translate extension's default engine needs it)")"]
  }

  /// The installed version of a Debian package, or nil.
  static func debianVersion(of package: String) -> String? {
    guard let text = commandOutput(["dpkg-query", "-W", "-f", "${Status} ${Version}", package]),
      text.hasPrefix("install ok installed ")
    else { return nil }
    return String(text.dropFirst("install ok installed ".count))
  }

  /// What `arguments` (a program on PATH and its arguments) prints on standard output, trimmed; nil when it cannot
  /// start or fails.
  public static func commandOutput(_ arguments: [String]) -> String? {
    guard let (status, text) = ChildProcesses.output(of: arguments) else { return nil }
    let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
    return status == 0 && !trimmed.isEmpty ? trimmed : nil
  }
}
