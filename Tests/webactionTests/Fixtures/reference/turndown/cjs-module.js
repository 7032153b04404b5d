// A CommonJS `module` for a library's CommonJS build, loaded as a plain browser script after this one (it ends
// with `module.exports = ...`).
var module = { exports: {} };
var exports = module.exports;
