"""translate's coverage: how many segments of real English pages come out in Spanish, and how.

Sets (each page is translated by `webaction run --ext translate --arg to=es --arg cache=off`, and the finalize
argument's `coverage` is read back through --save-finalize-args):
  rust-book   Pages/coverage/rust-book/*.html (ten chapters of the Rust book, committed with their licence)
  nodejs-api  Pages/coverage/nodejs-api/*.html (five pages of Node.js's API reference, committed with their licence)
  wiki-style  encyclopedia-style articles generated here, deterministically, from the Rust book's paragraphs:
              a bold lead term, links with titles, citations <sup><a>[n]</a></sup>, nested emphasis, <abbr>,
              an infobox and a reference list (written into the git-ignored Benchmarks/coverage/)
  no lang     rust-book and nodejs-api again with their `lang` attributes removed and no from=: the language must be
              detected (English) on every page, and the coverage must hold
"""
import glob, html, json, os, random, re, subprocess

KEYS = ["sent", "translated", "flattened", "split", "plainText", "untranslated"]


def paragraphs(root):
    """The inner HTML of the Rust book's <main> paragraphs (with their own links, emphasis and code)."""
    found = []
    for page in sorted(glob.glob(os.path.join(root, "Pages/coverage/rust-book/*.html"))):
        text = open(page, encoding="utf-8").read()
        main = text[text.find("<main>"):text.find("</main>")]
        for inner in re.findall(r"<p>(.*?)</p>", main, re.S):
            if len(inner.split()) >= 12:
                found.append(" ".join(inner.split()))
    return found


def decorate(inner, rng, notes):
    """Adds encyclopedia markup to the text between a paragraph's own tags."""
    out = []
    for token in re.split(r"(<[^>]+>)", inner):
        if token.startswith("<") or not token.strip():
            out.append(token)
            continue
        words = token.split(" ")
        i = 0
        while i < len(words):
            word = words[i]
            bare = re.sub(r"[^A-Za-z]", "", word)
            roll = rng.random()
            if re.fullmatch(r"[A-Z]{2,}", bare) and roll < 0.5:
                words[i] = word.replace(bare, '<abbr title="%s">%s</abbr>' % (bare.lower(), bare))
            elif bare == word and len(bare) > 3 and roll < 0.06:
                span = " ".join(words[i:i + rng.choice([1, 2, 2, 3])])
                if re.fullmatch(r"[A-Za-z ]+", span):
                    target = span[0].upper() + span[1:]
                    count = len(span.split(" "))
                    words[i:i + count] = ['<a href="/wiki/%s" title="%s">%s</a>' % (target.replace(" ", "_"), target, span)]
            elif bare == word and len(bare) > 4 and roll < 0.08:
                words[i] = "<i>%s</i>" % word
            elif bare == word and len(bare) > 4 and roll < 0.09:
                words[i] = "<i><b>%s</b></i>" % word
            elif word.endswith(".") and roll < 0.35:
                notes.append(len(notes) + 1)
                n = notes[-1]
                words[i] = word + '<sup id="cite_ref-%d" class="reference"><a href="#cite_note-%d">[%d]</a></sup>' % (n, n, n)
            i += 1
        out.append(" ".join(words))
    return "".join(out)


def wiki_pages(root, directory, count=12, per_page=24):
    """Writes `count` articles of `per_page` paragraphs; the same files every time."""
    os.makedirs(directory, exist_ok=True)
    source = paragraphs(root)
    rng = random.Random(17)
    pages = []
    for n in range(count):
        notes = []
        chosen = [source[(n * per_page + k) % len(source)] for k in range(per_page)]
        body = ['<p><b>Rust ownership, part %d</b> is a topic of the <a href="/wiki/Rust_(programming_language)" '
                'title="Rust (programming language)">Rust programming language</a>.</p>' % (n + 1),
                '<table class="infobox"><tr><th>Paradigm</th><td><a href="/wiki/Multi-paradigm" title="Multi-paradigm">'
                'Multi-paradigm</a>: <a href="/wiki/Concurrent" title="Concurrent">concurrent</a>, '
                '<a href="/wiki/Functional" title="Functional">functional</a></td></tr>'
                '<tr><th>First appeared</th><td>2015<sup class="reference"><a href="#cite_note-0">[a]</a></sup></td></tr></table>']
        for k, inner in enumerate(chosen):
            if k % 6 == 5:
                body.append("<h2>Section %d<span class=\"mw-editsection\"><a href=\"#edit-%d\">edit</a></span></h2>" % (k // 6 + 1, k))
            body.append("<p>%s</p>" % decorate(inner, rng, notes))
        refs = "".join(
            '<li id="cite_note-%d"><a href="#cite_ref-%d">^</a> Klabnik, Steve; Nichols, Carol (2023). '
            '<i>The Rust Programming Language</i>. No Starch Press. p. %d.</li>' % (i, i, 10 + i) for i in notes)
        page = ('<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Rust ownership, part %d - Wiki</title>'
                '</head><body><h1>Rust ownership, part %d</h1>%s<h2>References</h2><ol class="references">%s</ol>'
                '</body></html>\n' % (n + 1, n + 1, "\n".join(body), refs))
        path = os.path.join(directory, "article-%02d.html" % (n + 1))
        with open(path, "w", encoding="utf-8") as f:
            f.write(page)
        pages.append(path)
    return pages


def without_lang(pages, directory):
    """Copies of `pages` with every `lang` and `xml:lang` attribute and content-language <meta> removed: pages that
    declare no language, as most saved pages do."""
    os.makedirs(directory, exist_ok=True)
    copies = []
    for page in pages:
        text = open(page, encoding="utf-8").read()
        text = re.sub(r'\s(?:xml:)?lang="[^"]*"', "", text)
        text = re.sub(r'<meta[^>]*http-equiv="content-language"[^>]*>', "", text, flags=re.I)
        copy = os.path.join(directory, os.path.basename(os.path.dirname(page)) + "-" + os.path.basename(page))
        with open(copy, "w", encoding="utf-8") as f:
            f.write(text)
        copies.append(copy)
    return copies


def coverage_section(root, binary, work, log):
    real = sorted(glob.glob(os.path.join(root, "Pages/coverage/rust-book/*.html"))) + \
        sorted(glob.glob(os.path.join(root, "Pages/coverage/nodejs-api/*.html")))
    sets = [
        ("rust-book", sorted(glob.glob(os.path.join(root, "Pages/coverage/rust-book/*.html")))),
        ("nodejs-api", sorted(glob.glob(os.path.join(root, "Pages/coverage/nodejs-api/*.html")))),
        ("wiki-style", wiki_pages(root, os.path.join(root, "Benchmarks/coverage"))),
    ]
    totals = dict.fromkeys(KEYS, 0)
    rows = []
    for name, pages in sets:
        counts = dict.fromkeys(KEYS, 0)
        for page in pages:
            reply = os.path.join(work, "reply.json")
            subprocess.run([binary, "run", page, "--ext", "translate", "--arg", "to=es", "--arg", "cache=off", "-q",
                            "--save-finalize-args", reply, "-o", "/dev/null"], check=True, cwd=root)
            coverage = json.load(open(reply))["coverage"]
            for key in KEYS:
                counts[key] += coverage[key]
        log("   %s: %d pages, %s" % (name, len(pages), counts))
        for key in KEYS:
            totals[key] += counts[key]
        rows.append(("%s (%d pages)" % (name, len(pages)), counts))
    rows.append(("all", totals))

    # The real pages again with no language declared and no from=: translate must detect English on every one.
    undeclared = dict.fromkeys(KEYS, 0)
    detected = 0
    pages = without_lang(real, os.path.join(work, "no-lang"))
    for page in pages:
        reply = os.path.join(work, "reply.json")
        subprocess.run([binary, "run", page, "--ext", "translate", "--arg", "to=es", "--arg", "cache=off", "-q",
                        "--save-finalize-args", reply, "-o", "/dev/null"], check=True, cwd=root)
        answer = json.load(open(reply))
        note = answer.get("note", "")
        if "declares no language; its text reads as en (" in note:
            detected += 1
        else:
            log("   no lang: %s: %s" % (os.path.basename(page), note or "no detection note"))
        for key in KEYS:
            undeclared[key] += answer["coverage"][key]
    log("   no lang, no from=: %d pages, English detected on %d, %s" % (len(pages), detected, undeclared))
    rows.append(("real pages without `lang`, no `from=` (%d pages, English detected on %d)" % (len(pages), detected),
                 undeclared))

    def share(counts, *keys):
        return "%.2f%%" % (100.0 * sum(counts[k] for k in keys) / max(1, counts["sent"]))

    print()
    print("| pages | segments | first time | flattened | split | plain text | left in English | all markup kept |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for label, counts in rows:
        print("| %s | %d | %s | %s | %s | %s | %s | %s |" % (
            label, counts["sent"], share(counts, "translated"), share(counts, "flattened"), share(counts, "split"),
            share(counts, "plainText"), share(counts, "untranslated"), share(counts, "translated", "split")))
