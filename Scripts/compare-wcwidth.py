#!/usr/bin/env python3
"""Compare the engine's cell widths (policy clk-width-2) with Python's wcwidth, cluster by
cluster, over emoji-test.txt and the corpus; print every kind of difference with examples.

  pip install wcwidth==0.7.0
  swift build && python3 Scripts/compare-wcwidth.py [path/to/chat-layout]

README.md "Cell width policy" lists the differences this finds, each a documented choice.
"""
import collections, json, os, subprocess, sys, unicodedata

import wcwidth

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIXTURES = os.path.join(ROOT, "Tests", "ChatLayoutICUTests", "Fixtures")
BINARY = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, ".build", "debug", "chat-layout")


def emoji_lines():
    for line in open(os.path.join(FIXTURES, "emoji-test.txt"), encoding="utf-8"):
        if ";" in line and not line.startswith("#"):
            codes, status = line.split("#")[0].split(";")
            yield "".join(chr(int(c, 16)) for c in codes.split()), status.strip()


def corpus_lines():
    for line in open(os.path.join(FIXTURES, "corpus.jsonl"), encoding="utf-8"):
        for part in json.loads(line).split("\n"):
            if part:
                yield part, "corpus"


HARD_CASES = ["⌚\ufe0e", "❤\ufe0e", "\u00ad", "\u1161", "\u0301", "\t", "\u200b", "\u3164", "\uffa0", "\u115f", "e\u0301",
              "\u1100\u1161\u11a8", "α", "…", "क्ष", "का", "🇯", "\u2066", "\u202e"]


def hard_case_lines():
    for text in HARD_CASES:
        yield text, "hard cases"


def kind(cluster):
    names = [unicodedata.category(c) for c in cluster]
    if "\ufe0e" in cluster:
        return "VS15 text presentation"
    if len(cluster) == 1 and 0x1F1E6 <= ord(cluster) <= 0x1F1FF:
        return "lone regional indicator"
    if "\u20e3" in cluster:
        return "keycap"
    if any(c == "Mc" for c in names):
        return "spacing mark (Mc) in a cluster"
    if any(0x1160 <= ord(c) <= 0x11FF for c in cluster):
        return "Hangul jamo"
    if cluster in ("\u3164", "\uffa0", "\u115f"):
        return "Hangul filler"
    if cluster == "\u00ad":
        return "soft hyphen"
    if cluster == "\t":
        return "tab"
    if any(c in ("Cc",) for c in names):
        return "control"
    if len(cluster) > 1:
        return "other multi-code-point cluster"
    return "single code point: " + unicodedata.category(cluster)


def main():
    samples = list(emoji_lines()) + list(corpus_lines()) + list(hard_case_lines())
    texts = [text for text, _ in samples]
    result = subprocess.run([BINARY, "text", "graphemes", "--widths"], input="\n".join(texts) + "\n",
                            capture_output=True, text=True, check=True)
    outputs = result.stdout.splitlines()
    assert len(outputs) == len(texts), (len(outputs), len(texts))
    differences = collections.defaultdict(collections.Counter)
    examples = {}
    clusters_checked = 0
    for (text, source), output in zip(samples, outputs):
        for cluster, ours in json.loads(output):
            clusters_checked += 1
            theirs = wcwidth.wcswidth(cluster)
            if theirs != ours:
                key = (kind(cluster), ours, theirs)
                differences[key][source] += 1
                examples.setdefault(key, []).append(cluster)
    print("clusters compared: %d (wcwidth %s)" % (clusters_checked, wcwidth.__version__))
    for (label, ours, theirs), sources in sorted(differences.items(), key=lambda item: -sum(item[1].values())):
        sample = " ".join(dict.fromkeys(examples[(label, ours, theirs)]))[:60]
        print("%-34s ours %d, wcwidth %2d  %5d  %s   e.g. %s" % (
            label, ours, theirs, sum(sources.values()), dict(sources), sample))


if __name__ == "__main__":
    main()
