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


def per_form(binary, command, key):
    result = run(binary, command, "--format", "json", "Tutorials", cwd=ROOT)
    assert result.returncode == 0, result.stderr
    # Tutorials/<form>/…: each form lives in the folder named after it.
    return {document["path"].split("/")[1]: key(document) for document in json.loads(result.stdout)["documents"]}


def test_every_form_makes_the_same_changes(binary):
    changes = per_form(
        binary, "diff",
        lambda document: [(c["file"], c["from"], c["to"], c["added"], c["removed"]) for c in document["changes"]])
    assert set(changes) == FORMS
    assert len(changes["docc"]) == 24
    # Every step changes its file: no change set is empty.
    assert all(added + removed > 0 for _, _, _, added, removed in changes["docc"])
    for form in FORMS - {"docc"}:
        assert changes[form] == changes["docc"], form


def test_lint_is_clean_and_the_same_in_every_form(binary):
    findings = per_form(
        binary, "lint",
        lambda document: sorted((d["rule"], d["severity"], d["step"], d["resolvedAt"]) for d in document["diagnostics"]))
    assert set(findings) == FORMS
    for form, found in findings.items():
        # The tutorial may be incomplete on the way (information, resolved later) but ends clean.
        assert all(severity == "information" and resolved for _, severity, _, resolved in found), (form, found)
        assert found == findings["docc"], form


def test_generated_forms_are_up_to_date():
    result = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "generate-tutorials.py"), "--check"],
        capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
