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
    # Snippets that show part of a file: members placed into it, code left out kept, the rest listed.
    (FIXTURES, ["partial/page-controller-members.md"], "partial/page-controller-members.md.diff"),
    (FIXTURES, ["--format", "json", "partial/page-controller-members.md"], "partial/page-controller-members.md.diff.json"),
    (FIXTURES, ["--format", "markdown", "partial/page-controller-members.md"], "partial/page-controller-members.md.diff.md"),
    (FIXTURES, ["partial/elided.docc/elided.tutorial"], "partial/elided.docc/elided.tutorial.diff"),
    (FIXTURES, ["partial/conformance-in-prose.md"], "partial/conformance-in-prose.md.diff"),
    (FIXTURES, ["partial/type-shown-again.md"], "partial/type-shown-again.md.diff"),
    (FIXTURES, ["partial/command-menu.md"], "partial/command-menu.md.diff"),
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


def test_unplaced_snippets_are_listed_in_every_format(binary):
    """A snippet in no change set is listed with its reason by every renderer, never dropped silently."""
    reasons = ["shown for reference", "shows statements that match no code block"]
    for form in ["unified", "json", "markdown", "html"]:
        result = run(binary, "diff", "--format", form, "--color", "never", "partial/page-controller-members.md", cwd=FIXTURES)
        assert result.returncode == 0, result.stderr
        for reason in reasons:
            assert reason in result.stdout, (form, reason)
    document = json.loads(run(binary, "diff", "--format", "json", "partial/page-controller-members.md", cwd=FIXTURES).stdout)["documents"][0]
    assert [(f["step"], f["snippet"], f["file"]) for f in document["fragments"]] == [("2.5", 0, None), ("2.6", 0, None)]
    # Every other snippet is the new side of a change.
    assert sorted(c["to"] for c in document["changes"]) == ["1.1", "1.2", "1.3", "2.1", "2.2", "2.3", "2.4"]
    # --step selects fragments as it selects changes.
    selected = json.loads(run(binary, "diff", "--format", "json", "--step", "2.6", "partial/page-controller-members.md", cwd=FIXTURES).stdout)
    assert [f["step"] for f in selected["documents"][0]["fragments"]] == ["2.6"] and selected["documents"][0]["changes"] == []


def test_methods_shown_alone_resolve_findings_at_the_step_that_adds_them(binary):
    """The rules see the composed file: a representable's missing methods are resolved where they are added."""
    result = run(binary, "lint", "--format", "json", "--include-build-order", "partial/page-controller-members.md", cwd=FIXTURES)
    diagnostics = json.loads(result.stdout)["documents"][0]["diagnostics"]
    missing = sorted((d["message"].split(" has no ")[-1], d["resolvedAt"]) for d in diagnostics
                     if d["rule"] == "missing-required-method" and " has no " in d["message"])
    assert missing == [("makeUIViewController(context:)", "1.2"), ("updateUIViewController(_:context:)", "1.3")]
    assert all(d["severity"] == "hint" for d in diagnostics), diagnostics
    # Build order: nothing by default.
    default = run(binary, "lint", "--format", "json", "partial/page-controller-members.md", cwd=FIXTURES)
    assert json.loads(default.stdout)["documents"][0]["diagnostics"] == []


def test_a_type_whose_members_are_left_out_is_not_read_as_empty(binary):
    """`struct TaskList {\n    // ...\n}` keeps the members of the step before: no initializer-mismatch."""
    result = run(binary, "lint", "--format", "json", "partial/elided.docc/elided.tutorial", cwd=FIXTURES)
    assert json.loads(result.stdout)["documents"][0]["diagnostics"] == [], result.stdout


def test_a_conformance_adopted_in_the_text_alone_is_no_missing_protocol(binary):
    """The step's text adopts the delegate protocol and its snippet shows only the delegate method: the
    composed class adopts it, so assigning the delegate a step later is no coordinator-protocol-missing;
    the step between conformance and assignment is a state composed from a fragment, which proves no
    absence: coordinator-not-wired says nothing there, not even as build order."""
    result = run(binary, "lint", "--format", "json", "--include-build-order", "partial/conformance-in-prose.md", cwd=FIXTURES)
    diagnostics = json.loads(result.stdout)["documents"][0]["diagnostics"]
    assert diagnostics == []
    document = json.loads(run(binary, "diff", "--format", "json", "partial/conformance-in-prose.md", cwd=FIXTURES).stdout)["documents"][0]
    adopting = [c for c in document["changes"] if "adopts UITableViewDelegate" in (c.get("composed") or "")]
    assert [c["to"] for c in adopting] == ["1.2"]
    # The section whose text names a protocol the class already adopts changes only by its method.
    assert [c["composed"] for c in document["changes"] if c["to"] == "2.1"] == [
        "tableView(_:heightForRowAt:) added to TaskTable.Coordinator"]


def test_a_type_shown_again_resolves_the_missing_method_at_its_step(binary):
    """`struct MapView: UIViewRepresentable { func makeUIView… }` shown without imports after the whole
    file: placed, so makeUIView's absence is resolved at that step, not at a later whole file."""
    result = run(binary, "lint", "--format", "json", "--include-build-order", "partial/type-shown-again.md", cwd=FIXTURES)
    diagnostics = json.loads(result.stdout)["documents"][0]["diagnostics"]
    missing = sorted((d["message"].split(" has no ")[-1], d["severity"], d["resolvedAt"]) for d in diagnostics
                     if d["rule"] == "missing-required-method")
    assert missing == [("makeUIView(context:)", "hint", "1.2"), ("updateUIView(_:context:)", "hint", "1.3")]
    document = json.loads(run(binary, "diff", "--format", "json", "partial/type-shown-again.md", cwd=FIXTURES).stdout)["documents"][0]
    assert document["fragments"] == []


def test_members_of_a_command_set_go_where_their_declarations_fit(binary):
    """An app's `var body: some Scene` is never the command set's `var body: some Commands` (listed, not
    replacing it); a key a top-level extension names stays at the file's top level; the nested view's
    body is rewritten in place."""
    document = json.loads(run(binary, "diff", "--format", "json", "partial/command-menu.md", cwd=FIXTURES).stdout)["documents"][0]
    assert [(f["step"], f["reason"]) for f in document["fragments"]] == [
        ("1.2", "NoteCommands declares another var body: some Commands")]
    assert [(c.get("from"), c["to"], c.get("composed")) for c in document["changes"]] == [
        (None, "1.1", None),
        ("1.1", "2.1", "SelectedNoteKey added to NoteCommands.swift; extension FocusedValues added to NoteCommands.swift"),
        ("2.1", "2.2", "NoteCommands replaced in NoteCommands.swift"),
        ("2.2", "2.3", "var body replaced in NoteCommands.PinButton"),
        ("2.3", "2.4", "var body replaced in NoteCommands"),
    ]
