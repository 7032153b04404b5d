/// One Web Storage area (`localStorage` or `sessionStorage` of a page): string keys and values, kept in memory
/// in the order keys were first set, with a quota.
///
/// https://html.spec.whatwg.org/multipage/webstorage.html#the-storage-interface
public final class StorageArea {
  /// The most UTF-16 code units the keys and values may hold together: 5 MiB at two bytes a code unit, as
  /// WebKit counts it.
  public static let defaultQuota = 5 * 1024 * 1024 / 2

  public let quota: Int
  private var orderedKeys: [String] = []
  private var values: [String: String] = [:]
  private var used = 0

  public init(quota: Int = StorageArea.defaultQuota) { self.quota = quota }

  /// The number of key/value pairs.
  public var count: Int { orderedKeys.count }
  /// The keys, in the order they were first set.
  public var keys: [String] { orderedKeys }

  /// The `index`th key, or nil past the end.
  public func key(at index: Int) -> String? { orderedKeys.indices.contains(index) ? orderedKeys[index] : nil }

  /// The value stored under `key`.
  public func value(forKey key: String) -> String? { values[key] }

  /// Stores `value` under `key`; `QuotaExceededError` (and nothing changes) when the area would outgrow its quota.
  public func setValue(_ value: String, forKey key: String) throws(DOMException) {
    let old = values[key]
    let delta = value.utf16.count - (old.map { $0.utf16.count } ?? -key.utf16.count)
    guard used + delta <= quota else {
      throw DOMException(.quotaExceededError, "Setting the value of '\(key)' exceeded the quota.")
    }
    if old == nil { orderedKeys.append(key) }
    values[key] = value
    used += delta
  }

  /// Removes `key` and its value, if present.
  public func removeValue(forKey key: String) {
    guard let old = values.removeValue(forKey: key) else { return }
    orderedKeys.removeAll { $0 == key }
    used -= key.utf16.count + old.utf16.count
  }

  /// Removes everything.
  public func removeAll() {
    orderedKeys = []
    values = [:]
    used = 0
  }
}
