import XCTest

@testable import WebActionKit

/// Predicate-string activation rules: Apple's documented examples, each operator, and errors with their position.
final class ActivationPredicateTests: XCTestCase {
  private typealias Attachment = ActivationInput.Attachment

  /// One item with attachments of these types.
  private func item(_ types: [String]...) -> ActivationInput {
    ActivationInput(items: [types.map(Attachment.init)])
  }

  private func accepts(_ predicate: String, _ input: ActivationInput) throws -> Bool {
    try ActivationPredicate(predicate).evaluate(input)
  }

  /// "Declaring supported data types": exactly one URL, the documented shape of every example.
  static let oneURL = """
    SUBQUERY (
        extensionItems,
        $extensionItem,
        SUBQUERY (
            $extensionItem.attachments,
            $attachment,
            ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO "public.url"
        ).@count == 1
    ).@count == 1
    """

  /// The guide's PDF example: every attachment of the one item is a PDF.
  static let allPDFs = """
    SUBQUERY (extensionItems, $extensionItem, SUBQUERY ($extensionItem.attachments, $attachment, \
    ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO "com.adobe.pdf").@count == \
    $extensionItem.attachments.@count).@count == 1
    """

  /// A form common in published extensions (Chromium's iOS open-in extension, password managers): one web URL that
  /// is not a file URL, with parentheses, AND and NOT.
  static let webURLNotFile = """
    SUBQUERY (
        extensionItems,
        $extensionItem,
        SUBQUERY (
            $extensionItem.attachments,
            $attachment,
            (
                ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO "public.url"
            )
            AND (
                NOT (
                    ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO "public.file-url"
                )
            )
        ).@count == 1
    ).@count == 1
    """

  func testAPublishedForm() throws {
    XCTAssertTrue(try accepts(Self.webURLNotFile, .safariPage))
    XCTAssertFalse(try accepts(Self.webURLNotFile, item(["public.file-url"])))
    XCTAssertFalse(try accepts(Self.webURLNotFile, item(["public.url"], ["public.url"])), "two URLs")
  }

  func testApplesExamples() throws {
    XCTAssertTrue(try accepts(Self.oneURL, ActivationInput(webPages: 0, webURLs: 1)))
    XCTAssertTrue(try accepts(Self.oneURL, item(["public.file-url"])), "a file URL is a URL")
    XCTAssertFalse(try accepts(Self.oneURL, ActivationInput(webPages: 1, webURLs: 0)))
    XCTAssertFalse(try accepts(Self.oneURL, ActivationInput(webPages: 0, webURLs: 2)), "two URLs")
    XCTAssertTrue(try accepts(Self.allPDFs, item(["com.adobe.pdf"], ["com.adobe.pdf"])))
    XCTAssertFalse(try accepts(Self.allPDFs, item(["com.adobe.pdf"], ["public.jpeg"])))
    XCTAssertFalse(try accepts(Self.allPDFs, ActivationInput(items: [])), "no item")
  }

  /// Safari's page is one attachment registered as both the preprocessing results and the URL, so a rule that
  /// wants every attachment to be a URL (a shipping password manager's, a reference manager's) accepts it, and so
  /// does one that wants every attachment to be a property list; a page split into two attachments fails both.
  func testRulesOverEveryAttachmentAcceptSafarisPage() throws {
    let everyAttachment = { (type: String) in
      "SUBQUERY(extensionItems, $e, SUBQUERY($e.attachments, $a, ANY $a.registeredTypeIdentifiers UTI-CONFORMS-TO \"\(type)\").@count == $e.attachments.@count).@count == 1"
    }
    XCTAssertEqual(ActivationInput.safariPage.items, [[.init(["com.apple.property-list", "public.url"])]])
    XCTAssertTrue(try accepts(everyAttachment("public.url"), .safariPage))
    XCTAssertTrue(try accepts(everyAttachment("com.apple.property-list"), .safariPage))
    XCTAssertFalse(try accepts(everyAttachment("public.url"), ActivationInput(webPages: 1, webURLs: 1)))
    XCTAssertFalse(try accepts(everyAttachment("public.image"), .safariPage))
  }

  func testTheWebPageOfferedForASavedPage() throws {
    let page = ActivationInput(webPages: 1, webURLs: 0)
    for type in ["com.apple.property-list", "public.data", "public.item"] {
      let rule = "SUBQUERY(extensionItems, $i, SUBQUERY($i.attachments, $a, ANY $a.registeredTypeIdentifiers UTI-CONFORMS-TO \"\(type)\").@count == 1).@count == 1"
      XCTAssertTrue(try accepts(rule, page), type)
    }
    XCTAssertFalse(try accepts(#"ANY extensionItems.attachments.registeredTypeIdentifiers UTI-EQUALS "public.data""#, page))
  }

  func testOperatorsQuantifiersAndLogic() throws {
    let input = item(["public.jpeg"], ["public.png"], ["public.url"])
    let images = #"SUBQUERY(extensionItems, $i, SUBQUERY($i.attachments, $a, ANY $a.registeredTypeIdentifiers UTI-CONFORMS-TO "public.image").@count"#
    XCTAssertTrue(try accepts("\(images) <= 2).@count == 1", input))
    XCTAssertFalse(try accepts("\(images) < 2).@count == 1", input))
    XCTAssertTrue(try accepts("\(images) >= 2).@count >= 1 AND extensionItems.@count == 1", input))
    XCTAssertTrue(try accepts("\(images) > 5).@count == 1 || extensionItems.@count != 0", input))
    XCTAssertFalse(try accepts("NOT (extensionItems.@count = 1)", input))
    XCTAssertTrue(try accepts("!(extensionItems.@count <> 1) && TRUEPREDICATE", input))
    XCTAssertFalse(try accepts("FALSEPREDICATE OR extensionItems.@count > 1", input))
    // ANY / ALL / NONE over the attachments of the first item's types.
    XCTAssertTrue(try accepts(#"SUBQUERY(extensionItems, $i, ALL $i.attachments.@count == 3).@count == 1"#, input))
    XCTAssertTrue(try accepts(#"SUBQUERY(extensionItems, $i, SUBQUERY($i.attachments, $a, NONE $a.registeredTypeIdentifiers UTI-CONFORMS-TO "public.image").@count == 1).@count == 1"#, input))
    XCTAssertTrue(try accepts(#"SUBQUERY(extensionItems, $i, SUBQUERY($i.attachments, $a, SOME $a.registeredTypeIdentifiers UTI-EQUALS 'public.png').@count == 1).@count == 1"#, input))
    // Keywords in any case, as NSPredicate reads them.
    XCTAssertTrue(try accepts(#"subquery(extensionItems, $i, subquery($i.attachments, $a, any $a.registeredTypeIdentifiers uti-conforms-to "public.url").@count == 1).@count == 1"#, input))
  }

  func testTruePredicateIsKnownForTheWarning() throws {
    XCTAssertTrue(try ActivationPredicate(" TRUEPREDICATE ").isTruePredicate)
    XCTAssertFalse(try ActivationPredicate("TRUEPREDICATE AND TRUEPREDICATE").isTruePredicate)
    XCTAssertEqual(try ActivationRule(plistValue: "truepredicate"), .truePredicate)
  }

  func testTextOutsideTheSubsetIsAnErrorWithItsPosition() {
    let cases: [(String, Int, String)] = [
      ("SUBQUERY(extensionItems, item, TRUEPREDICATE).@count == 1", 25, "expected the subquery's $variable"),
      (#"ANY extensionItems.x UTI-CONFORMS-TO "public.url"#, 37, "a string is not closed"),
      ("extensionItems.@count BETWEEN 1", 22, "expected a comparison (==, !=, <, <=, >, >=, UTI-CONFORMS-TO, UTI-EQUALS)"),
      ("extensionItems.@first == 1", 15, "only @count is supported"),
      ("(extensionItems.@count == 1", 27, "expected “)”"),
      ("extensionItems.@count == 1 1", 27, "unexpected text after the predicate"),
      ("", 0, "expected a key path, a $variable, a string, a number or SUBQUERY"),
      ("extensionItems.@count == #", 25, "unexpected “#”"),
    ]
    for (text, offset, problem) in cases {
      XCTAssertThrowsError(try ActivationPredicate(text), text) { error in
        XCTAssertEqual(error as? ActivationPredicateError, ActivationPredicateError(offset: offset, problem: problem), text)
      }
    }
  }

  func testDeepNestingIsRefusedNotACrash() {
    let deep = String(repeating: "(", count: 5_000) + "TRUEPREDICATE" + String(repeating: ")", count: 5_000)
    XCTAssertThrowsError(try ActivationPredicate(deep)) { error in
      XCTAssertEqual((error as? ActivationPredicateError)?.problem, "nested too deeply")
    }
  }

  /// Dictionary rules over Safari's page input (the page and its URL) and others: lenient by default (one
  /// supported attachment is enough), every attachment supported with NSExtensionActivationUsesStrictMatching.
  func testDictionaryRulesOverOfferedItems() {
    let page = ActivationInput.safariPage
    func rule(_ entries: [String: PropertyList]) -> ActivationRule { .dictionary(ActivationDictionary(entries)) }
    let cases: [([String: PropertyList], ActivationInput, Bool)] = [
      (["NSExtensionActivationSupportsWebPageWithMaxCount": 1], page, true),
      (["NSExtensionActivationSupportsWebURLWithMaxCount": 1], page, true),
      (["NSExtensionActivationSupportsImageWithMaxCount": 1], page, false),
      // One attachment, both a page and a URL: strict matching and a one-attachment cap accept it.
      (["NSExtensionActivationSupportsWebPageWithMaxCount": 1, "NSExtensionActivationUsesStrictMatching": true], page, true),
      (["NSExtensionActivationSupportsWebURLWithMaxCount": 1, "NSExtensionActivationUsesStrictMatching": true], page, true),
      (["NSExtensionActivationSupportsWebPageWithMaxCount": 1, "NSExtensionActivationSupportsWebURLWithMaxCount": 1,
        "NSExtensionActivationUsesStrictMatching": true], page, true),
      (["NSExtensionActivationSupportsWebPageWithMaxCount": 1, "NSExtensionActivationSupportsAttachmentsWithMaxCount": 1], page, true),
      (["NSExtensionActivationSupportsWebPageWithMaxCount": 1, "NSExtensionActivationSupportsAttachmentsWithMinCount": 2], page, false),
      (["NSExtensionActivationSupportsWebPageWithMaxCount": 1, "NSExtensionActivationSupportsAttachmentsWithMinCount": 3], page, false),
      (["NSExtensionActivationSupportsWebPageWithMaxCount": 0], page, false),
      (["NSExtensionActivationSupportsImageWithMaxCount": 2], item(["public.jpeg"], ["public.png"]), true),
      (["NSExtensionActivationSupportsImageWithMaxCount": 1], item(["public.jpeg"], ["public.png"]), false),
      (["NSExtensionActivationSupportsText": true], item(["public.plain-text"]), true),
      (["NSExtensionActivationSupportsMovieWithMaxCount": 1], item(["public.movie"]), true),
      (["NSExtensionActivationSupportsFileWithMaxCount": 1], item(["public.file-url"]), true),
      (["NSExtensionActivationSupportsWebURLWithMaxCount": 1], item(["public.file-url"]), false),
    ]
    for (entries, input, expected) in cases {
      XCTAssertEqual(rule(entries).accepts(input), expected, "\(entries) on \(input)")
    }
  }
}
