// What `import MobileCoreServices` gives an extension on iOS: the `kUTType…` constants (and, since iOS 14, UTType).
@_exported import UniformTypeIdentifiers
@_exported import WebActionFoundation
@_exported import let WebActionKit.kUTTypePropertyList
@_exported import let WebActionKit.kUTTypeURL
@_exported import let WebActionKit.kUTTypePlainText

// On iOS these are `CFString`s; here they are `String`s, so `kUTTypeURL as String` and `String(kUTTypeURL)` both
// compile as written.

/// `public.item`.
public let kUTTypeItem = "public.item"
/// `public.content`.
public let kUTTypeContent = "public.content"
/// `public.data`.
public let kUTTypeData = "public.data"
/// `public.text`.
public let kUTTypeText = "public.text"
/// `public.utf8-plain-text`.
public let kUTTypeUTF8PlainText = "public.utf8-plain-text"
/// `public.html`.
public let kUTTypeHTML = "public.html"
/// `public.xml`.
public let kUTTypeXML = "public.xml"
/// `public.json`.
public let kUTTypeJSON = "public.json"
/// `public.file-url`.
public let kUTTypeFileURL = "public.file-url"
/// `com.apple.xml-property-list`.
public let kUTTypeXMLPropertyList = "com.apple.xml-property-list"
/// `com.apple.binary-property-list`.
public let kUTTypeBinaryPropertyList = "com.apple.binary-property-list"
/// `public.image`.
public let kUTTypeImage = "public.image"
/// `public.png`.
public let kUTTypePNG = "public.png"
/// `public.jpeg`.
public let kUTTypeJPEG = "public.jpeg"
/// `com.adobe.pdf`.
public let kUTTypePDF = "com.adobe.pdf"
/// `public.movie`.
public let kUTTypeMovie = "public.movie"
/// `public.audio`.
public let kUTTypeAudio = "public.audio"
/// `com.apple.webarchive`.
public let kUTTypeWebArchive = "com.apple.webarchive"
