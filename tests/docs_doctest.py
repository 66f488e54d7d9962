"""Runs the Python examples of README.md and docs/*.md through doctest.

An example is a fenced code block whose first line starts with ">>> "; its expected output is
compared exactly, as doctest does by default (no ELLIPSIS, no whitespace normalisation). The
blocks of one file share one namespace, in order, as a reader's session would. Commands run in
the repository root, so paths such as examples/models/contact.adm read the repository's files.

    python3 tests/docs_doctest.py [SOURCE_DIR]

with the fexpr package importable (PYTHONPATH=<build>/python). Exits 1 on any failure, and when
a ">>> " line stands in a block that does not start with one (it would never run).
"""

import doctest
import os
import pathlib
import sys


def blocks(text):
    """(line of the block's first text line, counted from 0; its lines) for each fenced block."""
    lines = text.split("\n")
    i = 0
    while i < len(lines):
        if not lines[i].startswith("```"):
            i += 1
            continue
        start = i + 1
        end = start
        while end < len(lines) and not lines[end].startswith("```"):
            end += 1
        yield start, lines[start:end]
        i = end + 1


def main():
    root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else pathlib.Path(__file__).resolve().parent.parent)
    os.chdir(root)
    files = [pathlib.Path("README.md")] + sorted(pathlib.Path("docs").glob("*.md"))
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(verbose=False)
    mistakes = 0
    for path in files:
        namespace = {"__name__": "__docs__"}
        for start, lines in blocks(path.read_text(encoding="utf-8")):
            if lines and lines[0].startswith(">>> "):
                name = f"{path}:{start + 1}"
                test = parser.get_doctest("\n".join(lines) + "\n", namespace, name, str(path), start)
                runner.run(test, clear_globs=False)
                namespace = test.globs  # a DocTest runs in a copy of the names it is given
            else:
                for k, line in enumerate(lines):
                    if line.startswith(">>> "):
                        print(f'{path}:{start + k + 1}: a ">>> " example in a block that does not start with one '
                              "is never run; start the block with it")
                        mistakes += 1
    failed, attempted = runner.failures, runner.tries
    print(f"{attempted - failed} passed, {failed + mistakes} failed")
    return 1 if failed or mistakes or attempted == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
