#!/usr/bin/env python3
"""Brings WebKitDifferentialExpectations.swift up to date with a report of the differential suite.

    WEBKIT_DIFFERENTIAL_REPORT=/tmp/report.json swift test --filter WebKitDifferentialTests
    Tests/webactionTests/Fixtures/webkit-differential/update-expectations.py /tmp/report.json

Listed differences that no longer occur are removed (and their entry when no page is left). Differences that are
not listed are printed, grouped by script and what differs, for a person to give a reason: they are never added
without one. Exits 1 when some are not listed.
"""
import json
import re
import sys
from pathlib import Path

EXPECTATIONS = Path(__file__).resolve().parents[2] / "WebKitDifferentialExpectations.swift"
CALL = re.compile(r'    expect\("(?P<script>[^"]+)", "(?P<what>(?:[^"\\]|\\.)*)", on: \[\n(?P<pages>.*?)\n    \],\n      (?P<reason>"(?:[^"\\]|\\.)*")\)\n', re.S)


def format_pages(pages):
    lines, line = [], "     "
    for page in pages:
        item = f' "{page}",'
        if len(line) + len(item) > 117:
            lines.append(line)
            line = "     "
        line += item
    lines.append(line)
    return "\n".join(lines)


def main():
    report = json.load(open(sys.argv[1]))
    text = EXPECTATIONS.read_text()
    listed = set()

    def update(match):
        script, what = match["script"], match["what"]
        pages = re.findall(r'"([^"]+)"', match["pages"])
        listed.update(f"{script} › {page} › {what}" for page in pages)
        kept = [page for page in pages if f"{script} › {page} › {what}" in report]
        if not kept:
            return ""
        return f'    expect("{script}", "{what}", on: [\n{format_pages(kept)}\n    ],\n      {match["reason"]})\n'

    text = CALL.sub(update, text)
    EXPECTATIONS.write_text(text)
    unlisted = {}
    for key, description in sorted(report.items()):
        if key in listed:
            continue
        script, page, what = key.split(" › ", 2)
        unlisted.setdefault((script, what), []).append((page, description))
    for (script, what), pages in unlisted.items():
        print(f"{script} › {what} on {len(pages)} page(s): {', '.join(page for page, _ in pages)}")
        print(f"    e.g. {pages[0][1][:600]}")
    return 1 if unlisted else 0


if __name__ == "__main__":
    sys.exit(main())
