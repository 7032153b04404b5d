// Debian's node-dompurify 2.4.1+dfsg+~2.4.0-2+deb12u1 backports the nesting-depth check into sanitize() as
// `shadowNode.__depth >= MAX_NESTING_DEPTH`, but `shadowNode` is not declared there, so every sanitize() of markup
// throws "ReferenceError: shadowNode is not defined", in Chromium as here. A global with depth 0 makes that one
// check pass, the same in both; the library itself runs unmodified.
var shadowNode = { __depth: 0 };
