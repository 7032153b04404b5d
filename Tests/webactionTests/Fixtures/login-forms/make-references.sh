#!/bin/sh
# Makes webkit/ from real WebKit (WebKitGTK, ../shared/reference/webkit_host.py; Debian packages
# gir1.2-webkit2-4.1 python3-gi xvfb): login-forms.js runs on every page of pages/ in a 390x844 window
# (webaction's default viewport), page scripts blocked (webkit_host's default --page-js csp). Run from
# anywhere; it rewrites webkit/ whole.
#
# The pages' file:// URLs are written file:///ROOT/<path from the repository root> in every answer (the report
# gives webaction the same URL with --url), so the fixtures do not depend on where the repository was checked
# out. _summary.json is kept without timings, memory and temporary paths, so that a re-run diffs only where
# WebKit's answers changed. The finalized pages (<page>.html) are dropped: login-forms.js changes nothing.
set -eu
ROOT=$(cd "$(dirname "$0")/../../../.." && pwd)
HERE=Tests/webactionTests/Fixtures/login-forms
HOST="$ROOT/../shared/reference/webkit_host.py"
cd "$ROOT"

rm -rf "$HERE/webkit"
/usr/bin/python3 "$HOST" --ext "$HERE/login-forms.js" --window-size 390x844 --quiet --webkit-stderr /dev/null \
  --out "$HERE/webkit" "$HERE"/pages/*.html || true
rm -f "$HERE/webkit"/*.html
/usr/bin/python3 - "$HERE/webkit" "$ROOT" <<'PY'
import json, os, sys
folder, root = sys.argv[1], sys.argv[2]
for entry in sorted(os.listdir(folder)):
    with open(os.path.join(folder, entry), encoding="utf-8") as f:
        text = f.read()
    if "file://" + root + "/" in text:
        with open(os.path.join(folder, entry), "w", encoding="utf-8") as f:
            f.write(text.replace("file://" + root + "/", "file:///ROOT/"))
path = os.path.join(folder, "_summary.json")
s = json.load(open(path))
for key in ("xdg_data_dirs", "wall_s", "pages_per_s", "pages_per_s_steady", "launch_ms", "close_ms", "median_ms", "sum_ms", "memory", "python"):
    s.pop(key, None)
s["ext"] = s["ext"].replace(root + "/", "")
for r in s.get("records", []):
    r.pop("ms", None)
with open(path, "w") as f:
    json.dump(s, f, indent=1, ensure_ascii=False, sort_keys=True)
    f.write("\n")
PY
