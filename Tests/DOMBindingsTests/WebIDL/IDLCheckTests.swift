import DOMBindings
import Foundation
import JSBridge
import XCTest

/// Checks every binding table the window installs against the WebIDL in ../shared/wpt/interfaces (read in place):
/// interface names, inheritance, members, operation `length`s, and readonly-ness (a getter without a setter).
///
/// Every difference must be listed in ``IDLKnownGaps``; a listed gap that no longer occurs fails the test too,
/// so the list never rots.
final class IDLCheckTests: XCTestCase {
  static let idlFiles = ["dom.idl", "html.idl", "uievents.idl", "DOM-Parsing.idl", "encoding.idl", "url.idl"]

  static func loadIDL() throws -> [String: WebIDLReader.Interface] {
    // `$WPT_ROOT/interfaces`, else ../shared/wpt/interfaces beside the package (Scripts/test checks it is there).
    let directory = ProcessInfo.processInfo.environment["WPT_ROOT"].map { URL(fileURLWithPath: $0).appendingPathComponent("interfaces") }
      ?? URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../../../shared/wpt/interfaces").standardized
    var reader = WebIDLReader()
    for file in idlFiles {
      reader.read(try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8))
    }
    return reader.resolved()
  }

  /// Every difference between the tables and the IDL, as `Interface.member: what` lines.
  static func differences() throws -> [String] {
    let idl = try loadIDL()
    var found: [String] = []
    for table in Window.installedInterfaces {
      guard let spec = idl[table.name] else {
        found.append("\(table.name): interface not in the checked IDL files")
        continue
      }
      if table.parent?.name != spec.parent {
        found.append("\(table.name): inherits \(table.parent?.name ?? "nothing"), IDL says \(spec.parent ?? "nothing")")
      }
      var specMembers: [String: WebIDLReader.Member] = [:]
      for member in spec.members {
        if case .operation(let length) = member.kind, case .operation(let other)? = specMembers[member.name]?.kind {
          // Overloads: the shortest required argument count is the function's length.
          specMembers[member.name]?.kind = .operation(length: min(length, other))
        } else if specMembers[member.name] == nil {
          specMembers[member.name] = member
        }
      }
      let own = table.memberDescriptions
      let ownNames = Set(own.map(\.name))
      for name in specMembers.keys.sorted() where !ownNames.contains(name) {
        found.append("\(table.name).\(name): missing")
      }
      for member in own {
        guard let expected = specMembers[member.name] else {
          found.append("\(table.name).\(member.name): not in the IDL")
          continue
        }
        switch (member.kind, expected.kind) {
        case (.attribute(let hasSetter), .attribute(let readonly)):
          let setterAllowed = !readonly || !expected.extendedAttributes.isDisjoint(with: ["PutForwards", "Replaceable", "LegacyLenientSetter"])
          if hasSetter && !setterAllowed { found.append("\(table.name).\(member.name): has a setter, IDL says readonly") }
          if !hasSetter && !readonly { found.append("\(table.name).\(member.name): readonly, IDL says writable") }
        case (.operation(let length), .operation(let specLength)):
          if length != specLength { found.append("\(table.name).\(member.name): length \(length), IDL says \(specLength)") }
        case (.constant, .constant):
          break
        default:
          found.append("\(table.name).\(member.name): \(member.kind), IDL says \(expected.kind)")
        }
      }
    }
    return found.sorted()
  }

  func testTablesMatchTheIDLExceptKnownGaps() throws {
    let found = Set(try Self.differences())
    let known = IDLKnownGaps.all
    let unexpected = found.subtracting(known.keys).sorted()
    let fixed = Set(known.keys).subtracting(found).sorted()
    XCTAssertEqual(unexpected, [], "new differences from the IDL (fix them, or list them in IDLKnownGaps with a reason)")
    XCTAssertEqual(fixed, [], "listed in IDLKnownGaps but no longer different: remove them from the list")
    XCTAssertEqual(IDLKnownGaps.all.count, IDLKnownGaps.groups.reduce(0) { $0 + $1.entries.count }, "an entry is listed twice")
  }

  func testReaderReadsMembersLengthsAndMixins() throws {
    let idl = try Self.loadIDL()
    let element = try XCTUnwrap(idl["Element"])
    XCTAssertEqual(element.parent, "Node")
    XCTAssertEqual(element.members.first { $0.name == "setAttributeNS" }?.kind, .operation(length: 3))
    XCTAssertEqual(element.members.first { $0.name == "toggleAttribute" }?.kind, .operation(length: 1))
    XCTAssertEqual(element.members.first { $0.name == "tagName" }?.kind, .attribute(readonly: true))
    XCTAssertEqual(element.members.first { $0.name == "classList" }?.extendedAttributes.contains("PutForwards"), true)
    // ParentNode and ChildNode are mixins; `append` is variadic (length 0).
    XCTAssertEqual(element.members.first { $0.name == "append" }?.kind, .operation(length: 0))
    XCTAssertEqual(idl["Node"]?.members.first { $0.name == "ELEMENT_NODE" }?.kind, .constant)
    XCTAssertEqual(idl["HTMLAnchorElement"]?.members.contains { $0.name == "href" }, true, "HTMLHyperlinkElementUtils")
    XCTAssertEqual(idl["HTMLAnchorElement"]?.members.contains { $0.name == "toString" }, true, "stringifier attribute")
    XCTAssertEqual(idl["HTMLVideoElement"]?.parent, "HTMLMediaElement")
  }
}
