"""The HTML reader on a page copied out of a code viewer (chrome text, a column of line numbers, then
the page's source from <!DOCTYPE html> on), through the real binary.

By default the test reads the project's own small page of that shape,
Fixtures/outline/html/code-viewer.txt. Set TUTORIAL_SEEDS to a folder holding a real copy
(004_f8d86de4802b158c.txt, a book chapter with 9 Swift code blocks) or to that file, and the same
checks run on it with that page's expected lines.
"""
import json
import os
import pathlib

from conftest import ROOT, run

SEED_NAME = "004_f8d86de4802b158c.txt"
# 1-based lines of the text as given where each code block's first character stands.
EXPECTED_START_LINES = {
    SEED_NAME: [1460, 1470, 1480, 1489, 1515, 1518, 1527, 1532, 1549],
    "code-viewer.txt": [29, 34],
}


def page() -> pathlib.Path:
    configured = os.environ.get("TUTORIAL_SEEDS")
    if not configured:
        return ROOT / "Fixtures" / "outline" / "html" / "code-viewer.txt"
    path = pathlib.Path(configured)
    return path / SEED_NAME if path.is_dir() else path


def snippets(binary: str, path: pathlib.Path) -> list:
    result = run(binary, "outline", "--format", "json", str(path))
    assert result.returncode == 0, result.stderr
    documents = json.loads(result.stdout)["documents"]
    assert len(documents) == 1
    # The text is a page: it is read as HTML, and says so.
    assert documents[0]["format"] == "html"
    return [snippet for section in documents[0]["sections"] for step in section["steps"] for snippet in step["snippets"]]


def test_every_code_block_on_its_line_of_the_text(binary):
    path = page()
    found = snippets(binary, path)
    assert [snippet["range"]["start"]["line"] for snippet in found] == EXPECTED_START_LINES[path.name]
    assert all(snippet["language"] == "swift" for snippet in found)


def test_ranges_cover_the_code_characters(binary):
    path = page()
    lines = path.read_text(encoding="utf-8").split("\n")
    for snippet in snippets(binary, path):
        start, end = snippet["range"]["start"], snippet["range"]["end"]
        # The block's lines of code span its lines of the page (the markup around the code aside).
        assert end["line"] - start["line"] + 1 == snippet["lines"]
        # The range starts on a `<pre>` line, past the tags that open the block.
        first = lines[start["line"] - 1]
        assert "<pre" in first
        prefix = first.encode("utf-16-le")[: 2 * (start["column"] - 1)].decode("utf-16-le")
        assert prefix.endswith(">")
