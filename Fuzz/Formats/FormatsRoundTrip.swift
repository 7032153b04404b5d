import Foundation
import FuzzSupport
import WebActionHost

/// The fuzz property for the saved-page formats `webaction batch` reads from anywhere: MHTML, WARC (a `.warc.gz`
/// too: gzip is recognised by its magic bytes) and Safari web archives. The first byte picks the format; the rest is
/// the file. Any file ends in its pages or in an input error (exit 3) that names it. A file that reads:
/// - written back with no new page, is the file as read, byte for byte (MHTML, WARC), or reads again to the same
///   pages (a web archive, whose property list is written anew);
/// - written back with every page replaced by its own bytes, then by a small new page, reads again to as many pages,
///   each with the bytes it was given and the URL it had.
///
/// Decompression is held to 1 MB (`--max-page-size`), so a small input cannot make the target run out of memory.
///
/// Built two ways from this one file (see FuzzSupport): a libFuzzer target with `-D FUZZING` (Scripts/fuzz), else
/// `fuzz-formats FILE...`, which replays inputs.
enum FormatsRoundTrip: FuzzTarget {
  static let usage = "fuzz-formats FILE...  (replays each file: first byte 0 MHTML, 1 WARC, 2 web archive; then the file)"

  /// Each format, its file name, and whether a file written back with no new page is the file as read, byte for
  /// byte, and a page written into it is read back byte for byte, or with its line breaks made CRLF: MHTML's
  /// quoted-printable writes every line break of a page as CRLF, as Chromium does, and HTML's input stream turns
  /// them back into the same text.
  static let formats: [(name: String, format: any PageFormat, keepsBytes: Bool, keepsLineBreaks: Bool)] = [
    ("fuzz.mhtml", MHTMLFormat(), true, false),
    ("fuzz.warc", WARCFormat().limited(to: 1 << 20), true, true),
    ("fuzz.webarchive", WebArchiveFormat(), false, true),
  ]

  static func check(_ bytes: UnsafeBufferPointer<UInt8>, name: String, verbose: Bool) -> Bool {
    guard let selector = bytes.first else { return true }
    let (file, format, keepsBytes, keepsLineBreaks) = formats[Int(selector) % formats.count]
    let data = Data(bytes.dropFirst())
    let problem: String?
    do {
      let saved = try format.read(data, name: file, fileURL: nil)
      problem = try checkWriting(saved, data, format, file, keepsBytes: keepsBytes, keepsLineBreaks: keepsLineBreaks)
      if verbose, problem == nil { print("\(name): \(file), \(saved.pages.count) page(s), written back as read") }
    } catch {
      problem = checkError(error, file)
      if verbose, problem == nil { print("\(name): \(file): \(error)") }
    }
    return problem.map { violation(name, file, data, $0) } ?? true
  }

  /// nil when `error` is an input error naming `file`.
  static func checkError(_ error: any Error, _ file: String) -> String? {
    guard let error = error as? WebActionError else { return "not a WebActionError: \(error)" }
    guard error.kind == .input else { return "a \(error.kind) error, not an input error: \(error)" }
    guard error.message.hasPrefix(file) else { return "the message does not start with the file's name: \(error)" }
    return nil
  }

  static func checkWriting(
    _ saved: SavedFile, _ data: Data, _ format: any PageFormat, _ file: String, keepsBytes: Bool, keepsLineBreaks: Bool
  ) throws -> String? {
    let unchanged = try saved.write(saved.pages.map { _ in nil })
    if keepsBytes, unchanged != data {
      return "written back with no new page, the file differs from the one read (\(unchanged.count) bytes against \(data.count))"
    }
    let reread: SavedFile
    do {
      reread = try format.read(unchanged, name: file, fileURL: nil)
    } catch {
      return "the file written back with no new page does not read again: \(error)"
    }
    guard reread.pages.map(\.data) == saved.pages.map(\.data), reread.pages.map(\.url) == saved.pages.map(\.url) else {
      return "the file written back with no new page reads to other pages"
    }
    let newPage = Data("<!doctype html><p>new page</p>".utf8)
    for (outputs, what) in [(saved.pages.map(\.data), "its own bytes"), (saved.pages.map { _ in newPage }, "a new page")] {
      let written = try saved.write(outputs)
      let pages: [SavedPage]
      do {
        pages = try format.read(written, name: file, fileURL: nil).pages
      } catch {
        return "the file written with new pages does not read again: \(error)"
      }
      guard pages.count == saved.pages.count else {
        return "written with \(outputs.count) new page(s), the file reads to \(pages.count)"
      }
      for (index, (page, output)) in zip(pages, outputs).enumerated() {
        let (read, written) = keepsLineBreaks ? (page.data, output) : (unixLineBreaks(page.data), unixLineBreaks(output))
        if read != written {
          let at = zip(read, written).enumerated().first { $0.element.0 != $0.element.1 }?.offset
            ?? min(read.count, written.count)
          return "page \(index + 1), written as \(what), reads back as other bytes: from byte \(at), "
            + "\(excerpt(read.dropFirst(at))) instead of \(excerpt(written.dropFirst(at)))"
        }
        if page.url != saved.pages[index].url {
          return "page \(index + 1)'s URL was \(saved.pages[index].url ?? "none"), reads back as \(page.url ?? "none")"
        }
      }
    }
    return nil
  }

  /// `bytes` with CRLF and lone CR made LF (https://html.spec.whatwg.org/#preprocessing-the-input-stream).
  static func unixLineBreaks(_ bytes: Data) -> Data {
    var out = Data(capacity: bytes.count)
    var previousWasCR = false
    for byte in bytes {
      if byte == 0x0A && previousWasCR { previousWasCR = false; continue }
      previousWasCR = byte == 0x0D
      out.append(byte == 0x0D ? 0x0A : byte)
    }
    return out
  }

  private static func excerpt(_ bytes: Data) -> String {
    String(reflecting: String(decoding: bytes.prefix(40), as: UTF8.self)) + (bytes.count > 40 ? "..." : "")
  }

  private static func violation(_ name: String, _ file: String, _ data: Data, _ problem: String) -> Bool {
    Fuzzing.report("""
      \(name): formats violation (\(file)): \(problem)
      --- input (\(data.count) bytes, as UTF-8)
      \(String(decoding: data.prefix(4096), as: UTF8.self))
      ---

      """)
    return false
  }
}

#if FUZZING
  /// The program's entry point (see `Fuzzing.runLibFuzzer`).
  @_cdecl("fuzz_formats_main")
  public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    Fuzzing.runLibFuzzer(argc, argv, FormatsRoundTrip.self)
  }
#else
  @main
  struct ReplayCommand {
    static func main() { Fuzzing.replay(FormatsRoundTrip.self) }
  }
#endif
