import BackgroundExtension
import PageInfoExtension
import TranslateExtension
import WebActionHost

/// The extensions compiled into this binary, by `--ext` name.
let builtInExtensions = ExtensionRegistry(builtIns: [
  .init(BackgroundExtension.self),
  .init(PageInfoExtension.self),
  .init(TranslateExtension.self),
])
