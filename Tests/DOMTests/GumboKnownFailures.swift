#if Gumbo
/// html5lib tree-construction cases that fail with gumbo 0.10.1, each with its reason. Keep sorted.
///
/// Keys are `file.dat#N`, N being the 0-based index of the case in its file. A case listed here that
/// starts passing fails the suite, so the list never rots.
let gumboKnownFailureList: KeyValuePairs<String, String> = [
  "adoption02.dat#2": GumboFailureReason.adoption,
  "blocks.dat#12": GumboFailureReason.dialog,
  "blocks.dat#13": GumboFailureReason.dialog,
  "foreign-fragment.dat#0": GumboFailureReason.foreignFragment,
  "foreign-fragment.dat#1": GumboFailureReason.foreignFragment,
  "foreign-fragment.dat#38": GumboFailureReason.foreignFragment,
  "foreign-fragment.dat#40": GumboFailureReason.foreignFragment,
  "foreign-fragment.dat#47": GumboFailureReason.foreignFragment,
  "foreign-fragment.dat#48": GumboFailureReason.foreignFragment,
  "foreign-fragment.dat#57": GumboFailureReason.foreignFragment,
  "foreign-fragment.dat#58": GumboFailureReason.foreignFragment,
  "foreign-fragment.dat#59": GumboFailureReason.breakout,
  "foreign-fragment.dat#60": GumboFailureReason.breakout,
  "foreign-fragment.dat#63": GumboFailureReason.foreignFragment,
  "foreign-fragment.dat#64": GumboFailureReason.foreignFragment,
  "foreign-fragment.dat#65": GumboFailureReason.foreignFragment,
  "isindex.dat#0": GumboFailureReason.isindex,
  "isindex.dat#1": GumboFailureReason.isindex,
  "isindex.dat#2": GumboFailureReason.isindex,
  "isindex.dat#3": GumboFailureReason.isindex,
  "menuitem-element.dat#0": GumboFailureReason.menuitem,
  "menuitem-element.dat#13": GumboFailureReason.menuitem,
  "menuitem-element.dat#15": GumboFailureReason.menuitem,
  "menuitem-element.dat#16": GumboFailureReason.menuitem,
  "menuitem-element.dat#17": GumboFailureReason.menuitem,
  "menuitem-element.dat#18": GumboFailureReason.menuitem,
  "menuitem-element.dat#19": GumboFailureReason.menuitem,
  "menuitem-element.dat#2": GumboFailureReason.menuitem,
  "menuitem-element.dat#3": GumboFailureReason.menuitem,
  "menuitem-element.dat#4": GumboFailureReason.menuitem,
  "menuitem-element.dat#5": GumboFailureReason.menuitem,
  "menuitem-element.dat#7": GumboFailureReason.menuitem,
  "menuitem-element.dat#8": GumboFailureReason.menuitem,
  "menuitem-element.dat#9": GumboFailureReason.menuitem,
  "quirks01.dat#2": GumboFailureReason.quirks,
  "quirks01.dat#3": GumboFailureReason.quirks,
  "search-element.dat#0": GumboFailureReason.search,
  "search-element.dat#1": GumboFailureReason.search,
  "tests1.dat#29": GumboFailureReason.select,
  "tests1.dat#99": GumboFailureReason.select,
  "tests10.dat#16": GumboFailureReason.select,
  "tests10.dat#17": GumboFailureReason.select,
  "tests10.dat#3": GumboFailureReason.select,
  "tests10.dat#4": GumboFailureReason.select,
  "tests16.dat#180": GumboFailureReason.noscript,
  "tests16.dat#182": GumboFailureReason.noscript,
  "tests16.dat#184": GumboFailureReason.noscript,
  "tests16.dat#83": GumboFailureReason.noscript,
  "tests16.dat#85": GumboFailureReason.noscript,
  "tests16.dat#87": GumboFailureReason.noscript,
  "tests18.dat#13": GumboFailureReason.select,
  "tests18.dat#14": GumboFailureReason.select,
  "tests19.dat#7": GumboFailureReason.isindex,
  "tests26.dat#16": GumboFailureReason.breakout,
  "tests26.dat#17": GumboFailureReason.breakout,
  "tests26.dat#18": GumboFailureReason.breakout,
  "tests26.dat#19": GumboFailureReason.breakout,
  "tests5.dat#15": GumboFailureReason.noscript,
  "tests7.dat#33": GumboFailureReason.select,
  "tests9.dat#17": GumboFailureReason.select,
  "tests9.dat#18": GumboFailureReason.select,
  "tests9.dat#4": GumboFailureReason.select,
  "tests9.dat#5": GumboFailureReason.select,
  "tests_innerHTML_1.dat#76": GumboFailureReason.select,
  "tests_innerHTML_1.dat#77": GumboFailureReason.select,
  "webkit02.dat#1": GumboFailureReason.noscript,
  "webkit02.dat#18": GumboFailureReason.lt,
  "webkit02.dat#22": GumboFailureReason.xmlbase,
  "webkit02.dat#25": GumboFailureReason.select,
  "webkit02.dat#26": GumboFailureReason.select,
  "webkit02.dat#27": GumboFailureReason.select,
  "webkit02.dat#28": GumboFailureReason.select,
  "webkit02.dat#29": GumboFailureReason.select,
  "webkit02.dat#30": GumboFailureReason.select,
  "webkit02.dat#31": GumboFailureReason.select,
  "webkit02.dat#32": GumboFailureReason.select,
  "webkit02.dat#33": GumboFailureReason.select,
  "webkit02.dat#34": GumboFailureReason.select,
  "webkit02.dat#35": GumboFailureReason.select,
  "webkit02.dat#37": GumboFailureReason.select,
  "webkit02.dat#38": GumboFailureReason.select,
  "webkit02.dat#39": GumboFailureReason.select,
  "webkit02.dat#40": GumboFailureReason.select,
  "webkit02.dat#41": GumboFailureReason.select,
  "webkit02.dat#42": GumboFailureReason.select,
  "webkit02.dat#44": GumboFailureReason.select,
  "webkit02.dat#45": GumboFailureReason.select,
  "webkit02.dat#46": GumboFailureReason.select,
  "webkit02.dat#47": GumboFailureReason.select,
]

/// The reasons, grouped.
enum GumboFailureReason {
  static let select = "gumbo 0.10.1: <select> parsed by the old spec (no customizable-select relaxations)"
  static let noscript = "scripting flag unsupported in gumbo: noscript content is parsed as markup (scripting off)"
  static let foreignFragment = "gumbo 0.10.1: foreign fragment context (no HTML breakout / context adjustments)"
  static let isindex = "gumbo 0.10.1: old <isindex> expansion (removed from the spec)"
  static let menuitem = "gumbo 0.10.1: old <menuitem> parsing (removed from the spec)"
  static let search = "gumbo 0.10.1: no <search> element"
  static let dialog = "gumbo 0.10.1: <dialog> does not close <p>"
  static let quirks = "gumbo 0.10.1: quirks-mode doctype table differs (<p> left open around <table>)"
  static let breakout = "gumbo 0.10.1: </p> and </br> in foreign content follow the old spec"
  static let adoption = "gumbo: <nobr> reconstruction around a table differs (adoption agency)"
  static let lt = "gumbo tokenizer: a tag name containing < is dropped"
  static let xmlbase = "gumbo 0.10.1: xml:base still adjusted as a foreign attribute (removed from the spec)"
}

/// The known failures by case id.
let gumboKnownFailures: [String: String] = Dictionary(gumboKnownFailureList.map { ($0.key, $0.value) }, uniquingKeysWith: { a, _ in a })

/// The keys in source order, for the sortedness check.
let gumboKnownFailureOrder: [String] = gumboKnownFailureList.map(\.key)
#endif
