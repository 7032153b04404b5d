#if Gumbo
/// html5lib tree-construction cases that fail with gumbo 0.10.1, each with its reason. Keep sorted.
///
/// Keys are `file.dat#N`, N being the 0-based index of the case in its file. A case listed here that
/// starts passing fails the suite, so the list never rots.
let html5libKnownFailureList: KeyValuePairs<String, String> = [
  "adoption02.dat#2": HTML5LibFailureReason.adoption,
  "blocks.dat#12": HTML5LibFailureReason.dialog,
  "blocks.dat#13": HTML5LibFailureReason.dialog,
  "foreign-fragment.dat#0": HTML5LibFailureReason.foreignFragment,
  "foreign-fragment.dat#1": HTML5LibFailureReason.foreignFragment,
  "foreign-fragment.dat#38": HTML5LibFailureReason.foreignFragment,
  "foreign-fragment.dat#40": HTML5LibFailureReason.foreignFragment,
  "foreign-fragment.dat#47": HTML5LibFailureReason.foreignFragment,
  "foreign-fragment.dat#48": HTML5LibFailureReason.foreignFragment,
  "foreign-fragment.dat#57": HTML5LibFailureReason.foreignFragment,
  "foreign-fragment.dat#58": HTML5LibFailureReason.foreignFragment,
  "foreign-fragment.dat#59": HTML5LibFailureReason.breakout,
  "foreign-fragment.dat#60": HTML5LibFailureReason.breakout,
  "foreign-fragment.dat#63": HTML5LibFailureReason.foreignFragment,
  "foreign-fragment.dat#64": HTML5LibFailureReason.foreignFragment,
  "foreign-fragment.dat#65": HTML5LibFailureReason.foreignFragment,
  "isindex.dat#0": HTML5LibFailureReason.isindex,
  "isindex.dat#1": HTML5LibFailureReason.isindex,
  "isindex.dat#2": HTML5LibFailureReason.isindex,
  "isindex.dat#3": HTML5LibFailureReason.isindex,
  "menuitem-element.dat#0": HTML5LibFailureReason.menuitem,
  "menuitem-element.dat#13": HTML5LibFailureReason.menuitem,
  "menuitem-element.dat#15": HTML5LibFailureReason.menuitem,
  "menuitem-element.dat#16": HTML5LibFailureReason.menuitem,
  "menuitem-element.dat#17": HTML5LibFailureReason.menuitem,
  "menuitem-element.dat#18": HTML5LibFailureReason.menuitem,
  "menuitem-element.dat#19": HTML5LibFailureReason.menuitem,
  "menuitem-element.dat#2": HTML5LibFailureReason.menuitem,
  "menuitem-element.dat#3": HTML5LibFailureReason.menuitem,
  "menuitem-element.dat#4": HTML5LibFailureReason.menuitem,
  "menuitem-element.dat#5": HTML5LibFailureReason.menuitem,
  "menuitem-element.dat#7": HTML5LibFailureReason.menuitem,
  "menuitem-element.dat#8": HTML5LibFailureReason.menuitem,
  "menuitem-element.dat#9": HTML5LibFailureReason.menuitem,
  "quirks01.dat#2": HTML5LibFailureReason.quirks,
  "quirks01.dat#3": HTML5LibFailureReason.quirks,
  "search-element.dat#0": HTML5LibFailureReason.search,
  "search-element.dat#1": HTML5LibFailureReason.search,
  "tests1.dat#29": HTML5LibFailureReason.select,
  "tests1.dat#99": HTML5LibFailureReason.select,
  "tests10.dat#16": HTML5LibFailureReason.select,
  "tests10.dat#17": HTML5LibFailureReason.select,
  "tests10.dat#3": HTML5LibFailureReason.select,
  "tests10.dat#4": HTML5LibFailureReason.select,
  "tests16.dat#180": HTML5LibFailureReason.noscript,
  "tests16.dat#182": HTML5LibFailureReason.noscript,
  "tests16.dat#184": HTML5LibFailureReason.noscript,
  "tests16.dat#83": HTML5LibFailureReason.noscript,
  "tests16.dat#85": HTML5LibFailureReason.noscript,
  "tests16.dat#87": HTML5LibFailureReason.noscript,
  "tests18.dat#13": HTML5LibFailureReason.select,
  "tests18.dat#14": HTML5LibFailureReason.select,
  "tests19.dat#7": HTML5LibFailureReason.isindex,
  "tests26.dat#16": HTML5LibFailureReason.breakout,
  "tests26.dat#17": HTML5LibFailureReason.breakout,
  "tests26.dat#18": HTML5LibFailureReason.breakout,
  "tests26.dat#19": HTML5LibFailureReason.breakout,
  "tests5.dat#15": HTML5LibFailureReason.noscript,
  "tests7.dat#33": HTML5LibFailureReason.select,
  "tests9.dat#17": HTML5LibFailureReason.select,
  "tests9.dat#18": HTML5LibFailureReason.select,
  "tests9.dat#4": HTML5LibFailureReason.select,
  "tests9.dat#5": HTML5LibFailureReason.select,
  "tests_innerHTML_1.dat#76": HTML5LibFailureReason.select,
  "tests_innerHTML_1.dat#77": HTML5LibFailureReason.select,
  "webkit02.dat#1": HTML5LibFailureReason.noscript,
  "webkit02.dat#18": HTML5LibFailureReason.lt,
  "webkit02.dat#22": HTML5LibFailureReason.xmlbase,
  "webkit02.dat#25": HTML5LibFailureReason.select,
  "webkit02.dat#26": HTML5LibFailureReason.select,
  "webkit02.dat#27": HTML5LibFailureReason.select,
  "webkit02.dat#28": HTML5LibFailureReason.select,
  "webkit02.dat#29": HTML5LibFailureReason.select,
  "webkit02.dat#30": HTML5LibFailureReason.select,
  "webkit02.dat#31": HTML5LibFailureReason.select,
  "webkit02.dat#32": HTML5LibFailureReason.select,
  "webkit02.dat#33": HTML5LibFailureReason.select,
  "webkit02.dat#34": HTML5LibFailureReason.select,
  "webkit02.dat#35": HTML5LibFailureReason.select,
  "webkit02.dat#37": HTML5LibFailureReason.select,
  "webkit02.dat#38": HTML5LibFailureReason.select,
  "webkit02.dat#39": HTML5LibFailureReason.select,
  "webkit02.dat#40": HTML5LibFailureReason.select,
  "webkit02.dat#41": HTML5LibFailureReason.select,
  "webkit02.dat#42": HTML5LibFailureReason.select,
  "webkit02.dat#44": HTML5LibFailureReason.select,
  "webkit02.dat#45": HTML5LibFailureReason.select,
  "webkit02.dat#46": HTML5LibFailureReason.select,
  "webkit02.dat#47": HTML5LibFailureReason.select,
]

/// The reasons, grouped.
enum HTML5LibFailureReason {
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
let html5libKnownFailures: [String: String] = Dictionary(html5libKnownFailureList.map { ($0.key, $0.value) }, uniquingKeysWith: { a, _ in a })

/// The keys in source order, for the sortedness check.
let html5libKnownFailureOrder: [String] = html5libKnownFailureList.map(\.key)
#endif
