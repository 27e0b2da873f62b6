"""`report` shows what `lint` found: the step diffs mark a step that changes nothing as `step-no-change`
exactly when the document's own configuration turns the rule on and no suppression comment silences it
(the report renders the analysis, it does not run the step rules again with the defaults)."""
import json

from conftest import run

# Step 1.2 shows Counter.swift as step 1.1 left it, though its prose asks for an edit.
TUTORIAL = """# Counting taps

## Section 1: Show a counter

### Step 1

Create Counter.swift with a type that holds a number.

```swift file=Counter.swift
struct Counter {
    var count = 0
}
```

{suppression}### Step 2

Add a method that counts a tap.

```swift file=Counter.swift
struct Counter {
    var count = 0
}
```
"""

MARKED = "no change · step-no-change"


def lint_and_report(binary, folder, configuration, suppression=""):
    folder.mkdir()
    (folder / ".tutorial-check.json").write_text(json.dumps(configuration), encoding="utf-8")
    (folder / "counter.md").write_text(TUTORIAL.replace("{suppression}", suppression), encoding="utf-8")
    lint = run(binary, "lint", "--format", "json", "counter.md", cwd=folder)
    report = run(binary, "report", "counter.md", cwd=folder)
    assert report.returncode == 0, report.stderr
    rules = [diagnostic["rule"] for diagnostic in json.loads(lint.stdout)["documents"][0]["diagnostics"]]
    return rules, report.stdout


def test_the_report_marks_no_change_when_the_documents_configuration_turns_the_rule_on(binary, tmp_path):
    rules, page = lint_and_report(binary, tmp_path / "on", {"rules": {"step-no-change": "on"}})
    assert rules == ["step-no-change"]
    assert MARKED in page


def test_the_report_does_not_mark_what_the_configuration_leaves_off(binary, tmp_path):
    rules, page = lint_and_report(binary, tmp_path / "off", {"rules": {"step-no-change": "off"}})
    assert rules == []
    assert MARKED not in page and "no change" in page


def test_the_report_does_not_mark_what_a_suppression_comment_silences(binary, tmp_path):
    rules, page = lint_and_report(
        binary, tmp_path / "suppressed", {"rules": {"step-no-change": "on"}},
        suppression="<!-- tutorial-check-disable-next-step step-no-change -->\n\n")
    assert rules == []
    assert MARKED not in page and "no change" in page
