#!/usr/bin/env python3
"""Copy the test fixtures into the repository, so that tests never read the machine.

- Unicode 15.0 conformance and emoji files from Debian's `unicode-data` package
  (`apt-get install unicode-data`): GraphemeBreakTest.txt, LineBreakTest.txt, emoji-test.txt.
- The shared multilingual chat corpus (../shared/corpus/chatterbot), as `corpus.jsonl`: every
  distinct message text, one JSON string a line, in a stable order.

Run from the repository root: `python3 Scripts/vendor-fixtures.py [SHARED_DIR]`.
"""
import glob, json, os, shutil, sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIXTURES = os.path.join(ROOT, "Tests", "ChatLayoutICUTests", "Fixtures")
SHARED = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "..", "shared")

UNICODE_FILES = {
    "GraphemeBreakTest.txt": "/usr/share/unicode/auxiliary/GraphemeBreakTest.txt",
    "LineBreakTest.txt": "/usr/share/unicode/auxiliary/LineBreakTest.txt",
    "emoji-test.txt": "/usr/share/unicode/emoji/emoji-test.txt",
}


def main():
    os.makedirs(FIXTURES, exist_ok=True)
    for name, source in UNICODE_FILES.items():
        shutil.copyfile(source, os.path.join(FIXTURES, name))
    seen, texts = set(), []
    for path in sorted(glob.glob(os.path.join(SHARED, "corpus", "chatterbot", "*.json"))):
        with open(path, encoding="utf-8") as handle:
            document = json.load(handle)
        for conversation in document["conversations"]:
            for text in conversation:
                if text not in seen:
                    seen.add(text)
                    texts.append(text)
    with open(os.path.join(FIXTURES, "corpus.jsonl"), "w", encoding="utf-8") as out:
        for text in texts:
            out.write(json.dumps(text, ensure_ascii=False) + "\n")
    print("vendored %d corpus texts and %d Unicode files into %s" % (len(texts), len(UNICODE_FILES), FIXTURES))


if __name__ == "__main__":
    main()
