"""End-to-end tests of `scripts/capture-outputs`, the evidence that a restructuring left every output as it
was: one file per command and input, two captures of the same tool equal under `diff -r`, and a changed
output seen as a difference."""
import json
import subprocess

from conftest import ROOT

SCRIPT = ROOT / "scripts" / "capture-outputs"

# Step 2 leaves an expression out: a swift-syntax-error finding, so lint has something to say.
TUTORIAL = """# Counting taps

## Section 1: Show a counter

### Step 1

Create Counter.swift with a type that holds a number.

```swift file=Counter.swift
struct Counter {
    var count = 0
}
```

### Step 2

Add a method that counts a tap.

```swift file=Counter.swift
struct Counter {
    var count = 0

    mutating func tap() {
        count =
    }
}
```
"""


# swift-syntax-error is off by default; the tutorial's folder turns it on, as a team would.
SYNTAX_ERRORS_ON = '{"rules": {"swift-syntax-error": "on"}}\n'


def capture(binary, out, *paths):
    return subprocess.run(
        [str(SCRIPT), str(out), "--tool", binary, "--no-bundled", "--jobs", "1", *map(str, paths)],
        capture_output=True, text=True, timeout=600)


def test_a_capture_holds_one_file_per_command_and_input_and_repeats_exactly(binary, tmp_path):
    tutorials = tmp_path / "tutorials"
    tutorials.mkdir()
    (tutorials / "counter.md").write_text(TUTORIAL, encoding="utf-8")
    (tutorials / ".tutorial-check.json").write_text(SYNTAX_ERRORS_ON, encoding="utf-8")
    first = capture(binary, tmp_path / "first", tutorials)
    assert first.returncode == 0, first.stderr
    second = capture(binary, tmp_path / "second", tutorials)
    assert second.returncode == 0, second.stderr
    compared = subprocess.run(["diff", "-r", tmp_path / "first", tmp_path / "second"], capture_output=True, text=True)
    assert compared.returncode == 0, compared.stdout

    captured = next((tmp_path / "first" / "inputs").rglob("counter.md"))
    names = {path.name for path in captured.iterdir()}
    for command in ["outline-text", "outline-json", "lint-text", "lint-json", "lint-sarif", "lint-github",
                    "lint-junit", "diff-unified", "diff-json", "diff-markdown", "diff-html", "report-page",
                    "report-site"]:
        assert command in names and command + ".status" in names, (command, sorted(names))
    lint = json.loads((captured / "lint-json").read_text(encoding="utf-8"))
    assert "swift-syntax-error" in json.dumps(lint)
    assert (captured / "lint-json.status").read_text(encoding="utf-8").startswith("exit ")
    assert (captured / "report-site.files" / "index.html").is_file()
    explained = {path.name for path in (tmp_path / "first" / "explain").iterdir() if "." not in path.name}
    assert "swift-syntax-error" in explained and "coordinator-not-wired" in explained, explained
    assert all((tmp_path / "first" / "explain" / (rule + ".status")).read_text().startswith("exit 0") for rule in explained)


def test_a_changed_output_shows_in_diff_of_two_captures(binary, tmp_path):
    tutorial = tmp_path / "counter.md"
    tutorial.write_text(TUTORIAL, encoding="utf-8")
    (tmp_path / ".tutorial-check.json").write_text(SYNTAX_ERRORS_ON, encoding="utf-8")
    assert capture(binary, tmp_path / "before", tutorial).returncode == 0
    # Step 2's expression is written out: its swift-syntax-error finding goes.
    tutorial.write_text(TUTORIAL.replace("count =\n", "count += 1\n"), encoding="utf-8")
    assert capture(binary, tmp_path / "after", tutorial).returncode == 0
    compared = subprocess.run(
        ["diff", "-rq", tmp_path / "before", tmp_path / "after"], capture_output=True, text=True)
    assert compared.returncode == 1
    assert "lint-json" in compared.stdout and "diff-json" in compared.stdout, compared.stdout


def test_a_capture_refuses_a_folder_that_holds_files(binary, tmp_path):
    out = tmp_path / "out"
    out.mkdir()
    (out / "kept").write_text("mine", encoding="utf-8")
    result = capture(binary, out, tmp_path)
    assert result.returncode == 2 and "not empty" in result.stderr
    assert (out / "kept").read_text(encoding="utf-8") == "mine"
