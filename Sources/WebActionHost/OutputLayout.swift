import Foundation

/// Where pages go under `--output-dir`: the output folder mirrors the pages' folder tree below the deepest folder
/// they all share, as batch tools such as `tsc --outDir` and `rsync -R` do.
///
/// `a/p.html a/q.html` become `DIR/p.html DIR/q.html`; `x/p.html y/p.html` become `DIR/x/p.html DIR/y/p.html`;
/// absolute paths work the same way. Two distinct pages therefore never share an output file; the same page named
/// twice (`p.html ./p.html`) is a usage error, reported before anything runs.
public enum OutputLayout {
  /// The path of each page's output, relative to the output folder, in the order of `pages`.
  /// - Parameters:
  ///   - pages: the pages' paths, absolute or relative to `currentDirectory`.
  ///   - outputDirectory: the output folder, for messages.
  ///   - currentDirectory: the folder relative page paths start from.
  /// - Throws: `WebActionError` (usage) when two paths name the same page.
  public static func relativePaths(
    for pages: [String], in outputDirectory: String, currentDirectory: String = FileManager.default.currentDirectoryPath
  ) throws(WebActionError) -> [String] {
    let base = URL(fileURLWithPath: currentDirectory, isDirectory: true)
    let components = pages.map { page in
      URL(fileURLWithPath: page, relativeTo: base).standardizedFileURL.path.split(separator: "/").map(String.init)
    }
    guard var shared = components.first?.dropLast() else { return [] }
    for path in components.dropFirst() {
      let folders = path.dropLast()
      let common = zip(shared, folders).prefix(while: { $0 == $1 }).count
      shared = shared.prefix(common)
    }
    let relative = components.map { $0.dropFirst(shared.count).joined(separator: "/") }
    var firstPage: [String: String] = [:]
    for (page, output) in zip(pages, relative) {
      if let earlier = firstPage[output] {
        throw WebActionError(
          .usage,
          "\(earlier) and \(page) are the same page: both would be written to \((outputDirectory as NSString).appendingPathComponent(output))",
          hint: "Give each page once.")
      }
      firstPage[output] = page
    }
    return relative
  }
}
