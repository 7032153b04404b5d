#!/usr/bin/python3
"""Writes the pages of this fixture: markup that keeps hundreds of elements open on the parser's stack (past the
512-element nesting cap), where the tree builder's steps that walk the stack or the list of active formatting
elements are answered from indexes. Each page is one pattern, with N = 530.

    python3 make-pages.py    (in this folder), then the command in chromium.json
"""
N = 530
FONTS = "".join(f"<font color={i}>" for i in range(N))
PATTERNS = {
    "span-end-x": "<span>" * N + "a</x>b" * N,
    "div-span-end-x": "<x><div>" + "<span>" * N + "a</x>" * N + "b",
    "p-object-div": "<p><object>" + "<div>a" * N,
    "p-object-span-li": "<p><object>" + "<span>" * N + "<li>a" * N,
    "li-span": "<ul><li>" + "<span>" * N + "<li>a" * N,
    "select-optgroup-option": "<select>" + "<optgroup><option>a" * N,
    "fonts-then-p": FONTS + "x" + "<p>y" * N,
    "fonts-then-end-b": FONTS + "</b>a" * N,
    "fonts-then-b": FONTS + "<b>a" * N,
    "ruby": "<ruby>" + "<span>" * N + "<rt>a" * N,
    "svg-end-x": "<svg>" + "<g>" * N + "a</x>" * N + "</g>b",
    "svg-then-b": "<svg>" + "<g>" * N + "<b>a" * N,
    "math-span": "<math><mi>" + "<span>" * N + "a</mi>" * N,
    "span-tables": "<span>" * N + "<table></table>a" * N,
    "b-span-div-end-b": "<b>" + "<span>" * N + "<div>a</b>b",
    "divs-b-p-end-b": "<div>" * N + "<b><p>a</b>b" * N,
    "a-a": "<a>x" * N,
    "equal-b": "<b a=1 b=2>x" * N,
    "b-in-cells": "<b><table><td>x" * N,
    "caption-close": "<span>" * N + "<table><caption>x</table>" * N,
    "dl-dt-span": "<dl>" + "<dt><span>x" * N,
    "template-span": "<template>" + "<span>" * N + "</template>a" * N,
    "form-divs": "<form>" + "<div>" * N + "</form>a" + "<form>b",
    "headings": "<h1>" + "<span>" * N + "<h2>a" * N,
}
for name, body in PATTERNS.items():
    with open(f"{name}.html", "w") as page:
        page.write(f"<!DOCTYPE html><!-- {name}, N = {N}: made by make-pages.py --><title>{name}</title><body>{body}")
