"""`Scripts/bench batch`'s WebKit peer and instruction counts. Imported by Scripts/bench_batch.py.

WebKit: WebKitGTK 2.50 (Debian's gir1.2-webkit2-4.1, Safari's engine) through the reference host that ships beside the
project, ../shared/reference/webkit_host.py (read in place, never copied): one reused WebView per process under its own
Xvfb, page scripts blocked by CSP, network dead. It runs page-info's Action.js: run(), then finalize() with fixed
arguments (`{annotate: true, readingTimeMinutes: 3, wordCount: 600}`; WebKit has no native side to compute them, and
finalize's work, one inserted aside, does not depend on the numbers), then serializes documentElement.outerHTML and
writes it, as webaction writes its page. Its rate counts page time only (the host's page_total: load, inject, run,
finalize, serialize, write), not the WebView's launch, so the ratio against webaction, whose batch time includes its
start, is if anything in WebKit's favour. At -j N, N hosts at once with the pages dealt out by size (as the floor's);
the rate is the pages over the slowest host's page time.

Instructions: valgrind's callgrind counts every instruction a process runs (all its threads). JavaScriptCore's
concurrent compiler and collector threads make that count depend on how the threads interleave (a row, the difference
of two processes' counts, moved by 5% between runs of one binary on 2026-12-05), so every counted process runs with
JSC_useConcurrentJIT=false and JSC_useConcurrentGC=false: the same compilations and collections happen on the main
thread, and runs of one binary agree within 0.5%, whatever else the machine does, so a change of 2% shows where
wall-clock ratios on a shared 2-core machine cannot. The floor's C walk uses JavaScriptCore too and runs the same way.
Counted on a fixed twentieth of the corpus (every twentieth page by size, 10
pages of 2 KB to 1.1 MB, 2.1 MB in all) in one process each: the floor and the floor's C walk (floor.c), and
`webaction run` with the no-op and the word-count extensions. valgrind 3.19 cannot read the Swift toolchain's DWARF,
so webaction is counted from a copy without debug sections (objcopy --strip-debug; the code is the same bytes).
"""
import json
import os
import re
import subprocess
import sys
import tempfile

WEBKIT_PACKAGES = ["gir1.2-webkit2-4.1", "python3-gi", "xvfb"]
INSTRUCTION_PACKAGES = ["valgrind", "binutils"]
WEBKIT_FINALIZE = {"annotate": True, "readingTimeMinutes": 3, "wordCount": 600}


def ensure_packages(packages, log):
    """Installs the Debian packages of `packages` that are missing (apt-get; root or sudo)."""
    missing = [p for p in packages if subprocess.run(["dpkg-query", "-W", "-f=${Status}", p], capture_output=True,
                                                      text=True).stdout != "install ok installed"]
    if not missing:
        return
    log("bench: installing %s..." % " ".join(missing))
    sudo = [] if os.geteuid() == 0 else ["sudo"]
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    for cmd in (["apt-get", "update", "-qq"], ["apt-get", "install", "-y", "-qq", "--no-install-recommends"] + missing):
        subprocess.run(sudo + cmd, check=True, env=env, stdout=subprocess.DEVNULL)


def webkit_host(root):
    """The reference host's path; a clear stop when the checkout has no ../shared beside it."""
    path = os.path.normpath(os.path.join(root, "..", "shared", "reference", "webkit_host.py"))
    if not os.path.exists(path):
        raise SystemExit("bench batch: the WebKit reference host is missing: %s (it ships beside the project, in "
                         "../shared/reference)" % path)
    return path


def deal_by_size(pages, processes):
    """`pages` dealt out to `processes` shares, largest first, each to the least loaded (as `webaction batch`)."""
    shares = [[] for _ in range(processes)]
    loads = [0] * processes
    for page in (sorted(pages, key=os.path.getsize, reverse=True) if processes > 1 else pages):
        i = loads.index(min(loads))
        shares[i].append(page)
        loads[i] += os.path.getsize(page)
    return shares


def run_webkit(root, pages, action_js, processes, work, log):
    """(version, pages/s of page time, per-page ms) of page-info's Action.js in `processes` WebKit hosts at once."""
    host = webkit_host(root)
    arguments = os.path.join(work, "webkit-finalize.json")
    with open(arguments, "w") as f:
        json.dump(WEBKIT_FINALIZE, f)
    outs, children = [], []
    for index, share in enumerate(deal_by_size(pages, processes)):
        out = tempfile.mkdtemp(prefix="webkit-%d-" % index, dir=work)
        outs.append(out)
        children.append(subprocess.Popen(
            ["/usr/bin/python3", host, "--ext", action_js, "--finalize-args", "@" + arguments, "--out", out, "--quiet",
             "--webkit-stderr", os.path.join(out, "webkit-stderr.txt")] + share,
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True))
    errors = [child.communicate()[1] for child in children]
    summaries = []
    for out, child, error in zip(outs, children, errors):
        path = os.path.join(out, "_summary.json")
        if not os.path.exists(path):
            raise SystemExit("bench batch: the WebKit host failed (exit %d): %s" % (child.returncode, error.strip()))
        summaries.append(json.load(open(path)))
    failed = {page: why for s in summaries for page, why in s["failed"].items()}
    if failed:
        log("   webkit: %d pages failed, first: %s" % (len(failed), next(iter(failed.items()))))
    milliseconds = [r["ms"]["page_total"] for s in summaries for r in s["records"] if r["status"] == "ok"]
    slowest = max(sum(r["ms"]["page_total"] for r in s["records"]) for s in summaries) / 1000
    subprocess.run(["rm", "-rf"] + outs)
    return summaries[0]["webkit"], len(pages) / slowest, milliseconds


def instructions(cmd):
    """Instructions callgrind counted for `cmd` (every thread of the process)."""
    env = dict(os.environ, JSC_useConcurrentJIT="false", JSC_useConcurrentGC="false")
    result = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"] + cmd,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, env=env)
    found = re.search(r"Collected : (\d+)", result.stderr)
    if result.returncode or not found:
        raise SystemExit("bench batch: callgrind failed on %s: %s" % (cmd[0], result.stderr.strip()[-500:]))
    return int(found.group(1))


def instruction_rows(binary, floor, pages, action_js, bundles, finalize, work, log):
    """Counts for the floor, the C walk, the no-op and the word count on every twentieth page; prints their table
    and returns them by row name. Each is a process's count over the pages and their copies less its count over the
    pages alone: the pages' own instructions, without the process's start (JavaScriptCore's and the Swift runtime's
    set-up, 190 M for webaction, 20 M for the floor)."""
    subset = sorted(pages, key=os.path.getsize)[::20]
    copies = os.path.join(work, "instruction-copies")
    os.makedirs(copies, exist_ok=True)
    twice = subset + [os.path.join(copies, os.path.basename(p)) for p in subset]
    for page, copy in zip(subset, twice[len(subset):]):
        if not os.path.exists(copy):
            os.link(page, copy)
    stripped = os.path.join(work, "webaction-nodebug")
    subprocess.run(["objcopy", "--strip-debug", binary, stripped], check=True)
    out = os.path.join(work, "instructions-out")
    commands = {
        "floor": lambda p: [floor] + p,
        "floor-walk": lambda p: [floor, "--text-walk", action_js] + p,
        "no-op": lambda p: [stripped, "run", "-q", "--ext", bundles["no-op"]] + finalize + ["--output-dir", out] + p,
        "word count": lambda p: [stripped, "run", "-q", "--ext", bundles["word count"], "--output-dir", out] + p,
    }
    log("instructions: callgrind over %d pages (%.1f MB), once and twice, for four commands (a few minutes)..." % (
        len(subset), sum(os.path.getsize(p) for p in subset) / 1048576))
    counts = {}
    for name, command in commands.items():
        counts[name] = instructions(command(twice)) - instructions(command(subset))
        subprocess.run(["rm", "-rf", out])
    subprocess.run(["rm", "-rf", stripped, copies])
    print()
    print("| instructions for %d pages (every twentieth by size, %.1f MB), the process's start left out "
          "| instructions | vs floor |" % (len(subset), sum(os.path.getsize(p) for p in subset) / 1048576))
    print("| --- | ---: | ---: |")
    labels = {"floor": "floor", "floor-walk": "floor + C walk", "no-op": "webaction run, no-op",
              "word count": "webaction run, page-info's word count alone"}
    for name, count in counts.items():
        print("| %s | %.1f M | %.3f× |" % (labels[name], count / 1e6, count / counts["floor"]))
    print()
    print("The word count's extra instructions through webaction's DOM over the no-op: %.1f M; the C walk's over the "
          "floor: %.1f M (%.2f×)." % ((counts["word count"] - counts["no-op"]) / 1e6,
                                       (counts["floor-walk"] - counts["floor"]) / 1e6, extra_ratio(counts)))
    return counts


def extra_ratio(counts):
    """The word count's extra over the no-op, against the C walk's extra over the floor."""
    return (counts["word count"] - counts["no-op"]) / (counts["floor-walk"] - counts["floor"])


if __name__ == "__main__":
    sys.exit("bench_peers.py is imported by Scripts/bench batch")
