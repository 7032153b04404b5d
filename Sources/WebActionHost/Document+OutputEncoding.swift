import DOM
import Foundation

extension Document {
  /// Makes the page's own charset declarations say UTF-8, the encoding webaction writes.
  ///
  /// A page decoded from windows-1252 (say) is serialized as UTF-8; left as it was, its
  /// `<meta charset=windows-1252>` or `<meta http-equiv=Content-Type content="…; charset=windows-1252">` would make a
  /// browser decode the written file wrongly. Every such declaration is rewritten to UTF-8, and a page that had none
  /// (its encoding came from --encoding or the default) gets `<meta charset="utf-8">` first in its head, so the file
  /// reads the same wherever it is opened. Pages that were UTF-8 already are left byte-for-byte alone.
  func declareUTF8ForOutput() {
    guard characterSet != "UTF-8" else { return }
    var declared = false
    for meta in (try? querySelectorAll("meta[charset]")) ?? [] {
      try? meta.setAttribute("charset", "utf-8")
      declared = true
    }
    for meta in (try? querySelectorAll("meta[http-equiv]")) ?? []
    where meta.getAttribute("http-equiv")?.lowercased() == "content-type" {
      try? meta.setAttribute("content", "text/html; charset=utf-8")
      declared = true
    }
    guard !declared, let head, let meta = try? createElement("meta") else { return }
    try? meta.setAttribute("charset", "utf-8")
    _ = try? head.insertBefore(meta, head.firstChild)
  }
}
