import WebActionKit
import XCTest

final class AppGroupTests: XCTestCase {
  func testContainerLivesUnderTheDataHomeAndIsCreatedOnDemand() throws {
    let home = try ManifestFixture.temporaryFolder(for: self)
    let group = AppGroup(identifier: "group.com.example.actions", dataHome: home)
    let expected = home.appendingPathComponent("webaction/AppGroups/group.com.example.actions").path
    XCTAssertFalse(FileManager.default.fileExists(atPath: expected))
    XCTAssertEqual(group.containerURL.standardizedFileURL.path, expected)
    var isFolder: ObjCBool = false
    XCTAssertTrue(FileManager.default.fileExists(atPath: expected, isDirectory: &isFolder) && isFolder.boolValue)
  }

  func testIdentifierValidation() {
    XCTAssertTrue(AppGroup.isValidIdentifier("group.a"))
    for bad in ["", ".", "..", "a/b"] { XCTAssertFalse(AppGroup.isValidIdentifier(bad), bad) }
    XCTAssertNil(AppGroup.containerURL(forSecurityApplicationGroupIdentifier: "../escape"))
    XCTAssertNil(SharedDefaults(suiteName: "NSGlobalDomain"))
    XCTAssertNil(SharedDefaults(suiteName: ""))
  }

  func testDefaultDataHomeFollowsTheEnvironment() {
    // Reads the real environment: whichever variable is set first wins.
    let env = ProcessInfo.processInfo.environment
    let expected = [env["WEBACTION_DATA_HOME"], env["XDG_DATA_HOME"]].compactMap { $0 }.first { !$0.isEmpty }
      ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".local/share").path
    XCTAssertEqual(AppGroup.defaultDataHome().standardizedFileURL.path, URL(fileURLWithPath: expected).standardizedFileURL.path)
  }
}

final class SharedDefaultsTests: XCTestCase {
  private func makeDefaults(home: URL? = nil) throws -> (SharedDefaults, URL) {
    let home = try home ?? ManifestFixture.temporaryFolder(for: self)
    let defaults = try XCTUnwrap(SharedDefaults(suiteName: "group.test", group: AppGroup(identifier: "group.test", dataHome: home)))
    return (defaults, home)
  }

  func testValuesAreSharedBetweenInstancesThroughThePlistFile() throws {
    let (writer, home) = try makeDefaults()
    let (reader, _) = try makeDefaults(home: home)
    XCTAssertNil(reader.object(forKey: "name"))
    writer.set("Ada", forKey: "name")
    writer.set(true, forKey: "flag")
    writer.set(7, forKey: "count")
    writer.set(["a": 1, "b": [true]], forKey: "dict")
    writer.set([1, "x"], forKey: "list")
    XCTAssertEqual(reader.string(forKey: "name"), "Ada")
    XCTAssertTrue(reader.bool(forKey: "flag"))
    XCTAssertEqual(reader.integer(forKey: "count"), 7)
    XCTAssertEqual(reader.string(forKey: "count"), "7")
    XCTAssertEqual(reader.dictionary(forKey: "dict")?["a"] as? Int, 1)
    XCTAssertEqual(reader.array(forKey: "list")?.count, 2)
    XCTAssertEqual(reader.integer(forKey: "missing"), 0)
    XCTAssertFalse(reader.bool(forKey: "missing"))
    XCTAssertEqual(
      writer.fileURL.standardizedFileURL.path,
      home.appendingPathComponent("webaction/AppGroups/group.test/Library/Preferences/group.test.plist").path)
    let onDisk = try PropertyList.decode(Data(contentsOf: writer.fileURL))
    XCTAssertEqual(onDisk["name"], "Ada")

    reader.removeObject(forKey: "name")
    writer.set(nil, forKey: "flag")
    XCTAssertNil(writer.string(forKey: "name"))
    XCTAssertNil(writer.object(forKey: "flag"))
    XCTAssertEqual(Set(writer.dictionaryRepresentation().keys), ["count", "dict", "list"])
  }

  func testNonPropertyListValuesAreRefusedWithAReason() throws {
    let (defaults, _) = try makeDefaults()
    XCTAssertThrowsError(try defaults.setValue(["x": NSNull()], forKey: "k")) { error in
      XCTAssertEqual((error as? PropertyListError)?.path, "k.x")
    }
    struct Opaque {}
    XCTAssertThrowsError(try defaults.setValue(Opaque(), forKey: "k")) { error in
      XCTAssertEqual("\(error)", "k: unsupported value of type Opaque")
    }
    XCTAssertNil(defaults.object(forKey: "k"))
  }

  func testConcurrentWritersLoseNothing() throws {
    let (_, home) = try makeDefaults()
    // Each thread uses its own instance, as separate processes would; every write is read-modify-write.
    let writers = 4
    let perWriter = 25
    DispatchQueue.concurrentPerform(iterations: writers) { writer in
      guard let defaults = SharedDefaults(
        suiteName: "group.test", group: AppGroup(identifier: "group.test", dataHome: home)) else { return }
      for i in 0..<perWriter {
        defaults.set(i, forKey: "writer\(writer).key\(i)")
        try? defaults.update { entries in
          entries["total"] = .integer((entries["total"]?.int ?? 0) + 1)
        }
      }
    }
    let (reader, _) = try makeDefaults(home: home)
    XCTAssertEqual(reader.integer(forKey: "total"), writers * perWriter)
    XCTAssertEqual(reader.dictionaryRepresentation().count, writers * perWriter + 1)
  }
}

/// An extension opens only the App Groups its bundle declares (`AppGroup.declaredGroups`, set by the host while it
/// runs); containers are the user's only.
final class AppGroupAccessTests: XCTestCase {
  func testOnlyDeclaredGroupsOpenWhileAnExtensionRuns() throws {
    let data = FileManager.default.temporaryDirectory.appendingPathComponent("webaction-groups-\(UUID().uuidString)")
    addTeardownBlock { try? FileManager.default.removeItem(at: data) }
    XCTAssertNil(AppGroup.declaredGroups)
    AppGroup.declaredGroups = ["group.declared"]
    defer { AppGroup.declaredGroups = nil }
    XCTAssertNotNil(SharedDefaults(suiteName: "group.declared", group: AppGroup(identifier: "group.declared", dataHome: data)))
    XCTAssertNil(SharedDefaults(suiteName: "group.other", group: AppGroup(identifier: "group.other", dataHome: data)))
    XCTAssertNil(AppGroup.containerURL(forSecurityApplicationGroupIdentifier: "group.other"))
    XCTAssertNil(AppGroup.containerURL(forSecurityApplicationGroupIdentifier: "../group.declared"))
    XCTAssertNil(SharedDefaults(suiteName: "/etc"))
    AppGroup.declaredGroups = nil
    XCTAssertNotNil(SharedDefaults(suiteName: "group.other", group: AppGroup(identifier: "group.other", dataHome: data)),
                    "outside an extension (the CLI as the containing app) any group opens")
  }

  func testAContainerIsTheUsersOnly() throws {
    let data = FileManager.default.temporaryDirectory.appendingPathComponent("webaction-groups-\(UUID().uuidString)")
    addTeardownBlock { try? FileManager.default.removeItem(at: data) }
    let url = AppGroup(identifier: "group.private", dataHome: data).containerURL
    let mode = try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int
    XCTAssertEqual(mode, 0o700)
  }
}
