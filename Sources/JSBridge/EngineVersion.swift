import CJavaScriptCore

/// The JavaScriptCore this process runs, as the library reports it (WebKitGTK's version: 2.50.6).
public enum JavaScriptEngine {
  public static var version: String { "\(jsc_get_major_version()).\(jsc_get_minor_version()).\(jsc_get_micro_version())" }
}
