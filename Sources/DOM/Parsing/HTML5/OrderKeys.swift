/// Ordering keys for a list that changes mostly at its end (the stack of open elements, the list of active
/// formatting elements): each entry gets a key, increasing along the list, so side lists of keys (the entries of
/// one name, of one kind) stay sorted and an entry's index is a binary search away.
///
/// Keys are spaced so that an insertion in the middle takes a key between its neighbours; when there is no room
/// the owner renumbers (`insert(at:)` returns nil) by building itself again.
struct OrderKeys {
  private(set) var keys: [Int] = []
  private static let spacing = 1 << 16

  subscript(index: Int) -> Int { keys[index] }

  mutating func append() -> Int {
    let key = (keys.last ?? 0) + Self.spacing
    keys.append(key)
    return key
  }

  @discardableResult mutating func removeLast() -> Int { keys.removeLast() }

  @discardableResult mutating func remove(at index: Int) -> Int { keys.remove(at: index) }

  /// A key for an entry inserted at `index` (below the end), or nil when its neighbours leave no room.
  mutating func insert(at index: Int) -> Int? {
    let below = index > 0 ? keys[index - 1] : 0
    guard keys[index] - below >= 2 else { return nil }
    let key = below + (keys[index] - below) / 2
    keys.insert(key, at: index)
    return key
  }

  /// The index of the entry with `key`, which is in the list.
  func index(of key: Int) -> Int {
    let i = Self.firstPosition(after: key - 1, in: keys)
    precondition(i < keys.count && keys[i] == key, "a key that is not in the list")
    return i
  }

  /// The position in the sorted `list` of its first key greater than `key`.
  static func firstPosition(after key: Int, in list: [Int]) -> Int {
    var low = 0, high = list.count
    while low < high {
      let middle = (low + high) / 2
      if list[middle] <= key { low = middle + 1 } else { high = middle }
    }
    return low
  }
}

extension Array where Element == Int {
  /// Adds `key` to a sorted list of keys (usually at its end).
  mutating func insertKey(_ key: Int) {
    if let last, last > key { insert(key, at: OrderKeys.firstPosition(after: key, in: self)) } else { append(key) }
  }

  /// Removes `key` from a sorted list of keys that holds it (usually near its end).
  mutating func removeKey(_ key: Int) { remove(at: lastIndex(of: key)!) }
}
