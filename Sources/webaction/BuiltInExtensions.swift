import BackgroundExtension
import PageInfoExtension
import TranslateExtension
import ArgumentParser
import WebActionHost

/// The extensions compiled into this binary, by `--ext` name.
let builtInExtensions = ExtensionRegistry(builtIns: [
  .init(BackgroundExtension.self),
  .init(PageInfoExtension.self),
  .init(TranslateExtension.self),
])

extension CompletionKind {
  /// `--ext`'s shell completion: the names `--ext` finds and `.appex` folders (ExtensionRegistry.completions).
  static let extensions = CompletionKind.custom { _, _, prefix in builtInExtensions.completions(for: prefix) }
}
