import Foundation
import URLStandard

/// Serves a saved page's own resources (an archive's style sheets, scripts and frames) by URL, as Safari does when
/// it opens a web archive: any URL the archive recorded, whatever its origin, and nothing else. Nothing is fetched.
struct SavedResourceLoader: SubresourceLoader {
  /// The resources by URL, without fragment.
  private let resources: [String: SavedResource]

  init(_ resources: [SavedResource]) {
    var byURL: [String: SavedResource] = [:]
    for resource in resources {
      let key = URLRecord(resource.url).map(Self.withoutFragment) ?? resource.url
      if byURL[key] == nil { byURL[key] = resource }
    }
    self.resources = byURL
  }

  func lookup(_ reference: String, documentURL: URLRecord) throws(WebActionError) -> SubresourceLookup {
    guard let url = URLRecord(reference, base: documentURL) else { return .otherOrigin }
    let key = Self.withoutFragment(url)
    guard let resource = resources[key] else { return .notFound(tried: ["the archive's resources (\(key))"]) }
    return .found(Subresource(data: resource.data, origin: resource.url, contentType: resource.mimeType))
  }

  private static func withoutFragment(_ url: URLRecord) -> String {
    let href = url.href
    return href.firstIndex(of: "#").map { String(href[..<$0]) } ?? href
  }
}
