"""The plain-text reader on a Chinese walkthrough copied out of a web page, through the real binary.

The page has 4 sections (第一节…), 22 numbered steps (步骤1…), 20 code snippets of three files, one of
them under an aside (实验) in step 3.3, and tables of contents with page chrome at the end.

By default the test reads the project's own page of that shape, Fixtures/outline/text/walkthrough-zh.txt.
Set TUTORIAL_SEEDS to a folder holding a real copy (000_9c8438028b5b8e9f.txt) or to that file, and the
same expectations are checked on it.
"""
import json
import os
import pathlib

from conftest import ROOT, run

SEED_NAME = "000_9c8438028b5b8e9f.txt"
STEPS_PER_SECTION = [6, 5, 6, 5]
FILES = {"PageViewController.swift", "PageView.swift", "PageControl.swift"}


def walkthrough() -> pathlib.Path:
    configured = os.environ.get("TUTORIAL_SEEDS")
    if not configured:
        return ROOT / "Fixtures" / "outline" / "text" / "walkthrough-zh.txt"
    path = pathlib.Path(configured)
    return path / SEED_NAME if path.is_dir() else path


def outline(binary: str, path: pathlib.Path) -> dict:
    result = run(binary, "outline", "--format", "json", str(path))
    assert result.returncode == 0, result.stderr
    documents = json.loads(result.stdout)["documents"]
    assert len(documents) == 1
    assert documents[0]["format"] == "text"
    return documents[0]


def test_sections_and_numbered_steps(binary):
    document = outline(binary, walkthrough())
    sections = document["sections"]
    assert [len(section["steps"]) for section in sections] == STEPS_PER_SECTION
    for section_number, section in enumerate(sections, start=1):
        for step_number, step in enumerate(section["steps"], start=1):
            assert step["id"] == f"{section_number}.{step_number}"
            assert step["label"] == f"步骤{step_number}"
            assert step["title"], step


def test_snippets_with_their_files_and_the_aside(binary):
    document = outline(binary, walkthrough())
    steps = [step for section in document["sections"] for step in section["steps"]]
    snippets = [snippet for step in steps for snippet in step["snippets"]]
    assert len(snippets) == 20
    assert {snippet["file"] for snippet in snippets} == FILES
    assert all(snippet["language"] == "swift" for snippet in snippets)
    # The code under 实验 stays in step 3.3, after the step's own snippet.
    step_3_3 = document["sections"][2]["steps"][2]
    assert [snippet["file"] for snippet in step_3_3["snippets"]] == ["PageView.swift", "PageView.swift"]
    # Steps without code: 1.6, 2.5 and 4.5 (a closing instruction each).
    empty = [step["id"] for step in steps if not step["snippets"]]
    assert empty == ["1.6", "2.5", "4.5"]


def test_snippet_ranges_are_the_code_lines(binary):
    path = walkthrough()
    lines = path.read_text(encoding="utf-8").split("\n")
    document = outline(binary, path)
    for section in document["sections"]:
        for step in section["steps"]:
            for snippet in step["snippets"]:
                start, end = snippet["range"]["start"], snippet["range"]["end"]
                assert start["column"] == 1
                assert end["line"] - start["line"] + 1 == snippet["lines"]
                assert end["column"] == len(lines[end["line"] - 1].encode("utf-16-le")) // 2 + 1
                # A lone file-name line, then a blank line, then the code.
                assert lines[start["line"] - 3].strip() == snippet["file"]
                assert lines[start["line"] - 2].strip() == ""
                assert lines[start["line"] - 1].strip() != ""


def test_table_of_contents_at_the_end_adds_nothing(binary):
    path = walkthrough()
    lines = path.read_text(encoding="utf-8").split("\n")
    document = outline(binary, path)
    last_step = document["sections"][-1]["steps"][-1]
    last_line = last_step["range"]["end"]["line"]
    # After the last step come only page chrome and repeated labels, which belong to no step.
    rest = [line for line in lines[last_line:] if line.strip()]
    assert any(line.startswith("步骤") for line in rest)
    assert document["sections"][-1]["range"]["end"]["line"] == last_line
