#!/bin/sh
# Makes webkit/ from real WebKit (WebKitGTK, ../shared/reference/webkit_host.py; Debian packages
# gir1.2-webkit2-4.1 python3-gi xvfb): geometry.js runs on the pages below in a 390x844 window (webaction's
# default viewport) and writes each element's layout geometry (the schema is at the top of geometry.js).
# Scripts/layout-report compares webaction's answers with these (issue 35). Run from anywhere; it rewrites
# webkit/ whole.
#
# The pages' file:// URLs are written file:///ROOT/<path from the repository root> in every answer (the report
# gives webaction the same URL with --url), so the fixtures do not depend on where the repository was checked
# out. _summary.json is kept without timings, memory and temporary paths, so that a re-run diffs only where
# WebKit's answers changed. The finalized pages are not kept (geometry.js changes nothing). Each answer is
# rewritten one element per line (sorted keys, compact rows), so a diff names the elements whose boxes moved.
# The pages: the differential test's, except its constructed-* pages (made for script behaviour, not layout).
#
# What WebKit lays out here: none of the pages' external style sheets exist in the checkout (webkit_host's
# _summary.json counts them as failed subresources), so only the user-agent sheet, <style> elements and style
# attributes apply, as in webaction run without --subresources. Text is measured with this machine's fonts
# (fontconfig: serif is DejaVu Serif, monospace Noto Sans Mono), so inline widths and line-height 'normal'
# depend on them; the report's tolerances (10% of a width, one line of a top) are meant to absorb small font differences.
set -eu
ROOT=$(cd "$(dirname "$0")/../../../.." && pwd)
HERE=Tests/webactionTests/Fixtures/layout
DIFF=Tests/webactionTests/Fixtures/webkit-differential
HOST="$ROOT/../shared/reference/webkit_host.py"
cd "$ROOT"

PAGES="Pages/article.html Pages/legacy-windows-1252.html Pages/coverage/rust-book/*.html Pages/coverage/nodejs-api/*.html"
for page in "$DIFF"/pages/*.html; do
  case "$(basename "$page")" in
    constructed-*) ;;
    *) PAGES="$PAGES $page" ;;
  esac
done

rm -rf "$HERE/webkit"
# shellcheck disable=SC2086 # the page list holds globs
/usr/bin/python3 "$HOST" --ext "$HERE/geometry.js" --window-size 390x844 --quiet --webkit-stderr /dev/null \
  --out "$HERE/webkit" $PAGES || true
rm -f "$HERE/webkit"/*.html
/usr/bin/python3 - "$HERE/webkit" "$ROOT" <<'PY'
import json, os, sys
folder, root = sys.argv[1], sys.argv[2]

def compact(value):
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), sort_keys=True)

for entry in sorted(os.listdir(folder)):
    if entry == "_summary.json" or not entry.endswith(".json"):
        continue
    path = os.path.join(folder, entry)
    with open(path, encoding="utf-8") as f:
        text = f.read().replace("file://" + root + "/", "file:///ROOT/")
    value = json.loads(text)
    with open(path, "w", encoding="utf-8") as f:
        if not isinstance(value, dict):
            f.write(compact(value) + "\n")
            continue
        f.write("{\n")
        keys = sorted(value)
        for n, key in enumerate(keys):
            item = value[key]
            if key == "e" and isinstance(item, list):
                body = "[\n" + ",\n".join("  " + compact(row) for row in item) + "\n ]" if item else "[]"
            else:
                body = compact(item)
            f.write(" " + json.dumps(key) + ": " + body + ("," if n + 1 < len(keys) else "") + "\n")
        f.write("}\n")

path = os.path.join(folder, "_summary.json")
with open(path, encoding="utf-8") as f:
    s = json.load(f)
for key in ("xdg_data_dirs", "wall_s", "pages_per_s", "pages_per_s_steady", "launch_ms", "close_ms", "median_ms",
            "sum_ms", "memory", "python"):
    s.pop(key, None)
s["ext"] = s["ext"].replace(root + "/", "")
for r in s.get("records", []):
    r.pop("ms", None)
text = json.dumps(s, indent=1, ensure_ascii=False, sort_keys=True).replace("file://" + root + "/", "file:///ROOT/")
with open(path, "w", encoding="utf-8") as f:
    f.write(text + "\n")
PY
