"""The project's sample tutorial tells one story in four forms (DocC, Markdown, HTML, Chinese plain
text): every reader must find the same sections, the same steps and the same files in the same order."""
import json
import subprocess
import sys

from conftest import ROOT, run

FORMS = {"docc", "markdown", "html", "text"}
FILES = ["PageViewController.swift", "PageView.swift", "PageControl.swift"]


def outline(binary):
    result = run(binary, "outline", "--format", "json", "Tutorials", cwd=ROOT)
    assert result.returncode == 0, result.stderr
    documents = json.loads(result.stdout)["documents"]
    by_format = {}
    for document in documents:
        assert document["format"] not in by_format, f"two {document['format']} documents in Tutorials/"
        by_format[document["format"]] = document
    return by_format


def shape(document):
    """Per section: per step, the (file, kind, lines) of each snippet."""
    return [
        [[(snippet["file"], snippet["kind"], snippet["lines"]) for snippet in step["snippets"]] for step in section["steps"]]
        for section in document["sections"]
    ]


def test_one_document_per_form(binary):
    assert set(outline(binary)) == FORMS


def test_docc_source_has_four_sections_of_whole_files(binary):
    docc = outline(binary)["docc"]
    assert docc["title"] == "Interfacing with UIKit"
    assert [len(section["steps"]) for section in docc["sections"]] == [6, 6, 6, 6]
    snippets = [snippet for section in docc["sections"] for step in section["steps"] for snippet in step["snippets"]]
    assert len(snippets) == 24
    assert all(snippet["kind"] == "file" and snippet["language"] == "swift" for snippet in snippets)
    assert sorted({snippet["file"] for snippet in snippets}) == sorted(FILES)


def test_every_form_tells_the_same_story(binary):
    documents = outline(binary)
    expected = shape(documents["docc"])
    for form in sorted(FORMS - {"docc"}):
        document = documents[form]
        assert len(document["sections"]) == 4, form
        assert [len(section["steps"]) for section in document["sections"]] == [6, 6, 6, 6], form
        assert shape(document) == expected, form


def test_step_labels_are_numbered_within_each_section(binary):
    documents = outline(binary)
    prefixes = {"markdown": "Step ", "html": "Step ", "text": "步骤"}
    for form, prefix in prefixes.items():
        for section in documents[form]["sections"]:
            labels = [step["label"] for step in section["steps"]]
            assert labels == [f"{prefix}{number}" for number in range(1, len(labels) + 1)], form


def test_generated_forms_are_up_to_date():
    result = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "generate-tutorials.py"), "--check"],
        capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
