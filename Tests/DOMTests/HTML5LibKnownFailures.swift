/// html5lib tree-construction cases that fail with gumbo 0.10.1, each with its reason. Keep sorted.
///
/// Keys are `file.dat#N`, N being the 0-based index of the case in its file.
let html5libKnownFailures: [String: String] = [:]

/// The keys of `html5libKnownFailures` in source order, for the sortedness check.
let html5libKnownFailureOrder: [String] = []
