"""Golden step diffs: `tutorial-check diff` on whole tutorials, compared byte for byte with expected
output that was produced once with the tool and then read line by line (Fixtures/diff/).

When a tutorial or the diff changes on purpose, regenerate the expected file with the command in
GOLDEN below, read the change line by line, and commit it with the reason.
"""
import json

import pytest

from conftest import ROOT, run

FIXTURES = ROOT / "Fixtures" / "diff"

# (working directory, arguments after `diff`, expected output file relative to the working directory)
GOLDEN = [
    (FIXTURES, ["text/walkthrough-zh.txt"], "text/walkthrough-zh.txt.diff"),
    (FIXTURES, ["--format", "json", "text/walkthrough-zh.txt"], "text/walkthrough-zh.txt.diff.json"),
    (FIXTURES, ["markdown/settings-crlf.md"], "markdown/settings-crlf.md.diff"),
    (FIXTURES, ["--ignore-indentation", "--context", "1", "markdown/settings-crlf.md"],
     "markdown/settings-crlf.md.ignore-indentation.diff"),
    (FIXTURES, ["docc/counter.docc/counter.tutorial"], "docc/counter.docc/counter.tutorial.diff"),
    (FIXTURES, ["--format", "json", "docc/counter.docc/counter.tutorial"], "docc/counter.docc/counter.tutorial.diff.json"),
    (FIXTURES, ["--format", "markdown", "docc/counter.docc/counter.tutorial"], "docc/counter.docc/counter.tutorial.diff.md"),
    (ROOT, ["Tutorials/markdown/interfacing-with-uikit.md"], "Fixtures/diff/tutorials/interfacing-with-uikit.md.diff"),
]


@pytest.mark.parametrize("cwd,arguments,expected", GOLDEN, ids=[g[2] for g in GOLDEN])
def test_golden_diff(binary, cwd, arguments, expected):
    result = run(binary, "diff", "--color", "never", *arguments, cwd=cwd)
    assert result.returncode == 0, result.stderr
    assert result.stdout == (cwd / expected).read_text(encoding="utf-8"), (
        f"diff output changed; regenerate with: (cd {cwd.relative_to(ROOT) or '.'} && "
        f"tutorial-check diff {' '.join(arguments)} > {expected}) and review it line by line")


def test_the_four_forms_of_the_bundled_tutorial_change_alike(binary):
    """DocC, Markdown, HTML and plain text tell the same story, so every step changes the same lines."""
    forms = ["docc/InterfacingWithUIKit.docc/InterfacingWithUIKit.tutorial", "markdown/interfacing-with-uikit.md",
             "html/interfacing-with-uikit.html", "text/interfacing-with-uikit-zh.txt"]
    seen = []
    for form in forms:
        result = run(binary, "diff", "--format", "json", str(ROOT / "Tutorials" / form))
        assert result.returncode == 0, result.stderr
        changes = json.loads(result.stdout)["documents"][0]["changes"]
        seen.append([(c["file"], c["from"], c["to"], c["added"], c["removed"],
                      [(line["kind"], line["text"]) for hunk in c["hunks"] for line in hunk["lines"]]) for c in changes])
    assert len(seen[0]) == 24
    for form, changes in zip(forms[1:], seen[1:]):
        assert changes == seen[0], form
