"""Golden step diffs: `tutorial-check diff` on whole tutorials, compared byte for byte with expected
output that was produced once with the tool and then read line by line (Fixtures/diff/).

When a tutorial or the diff changes on purpose, regenerate the expected file with the command in
GOLDEN below, read the change line by line, and commit it with the reason.
"""
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
