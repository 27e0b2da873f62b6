"""End-to-end tests of `scripts/real-world` on a small corpus of our own, laid out as the real one is
(DIR/<source>/<path>): the structure it reports against hand counts, verdicts matched to findings,
precision, and true findings reported as lost when the tool stops reporting them; for round 2
(`--set new`), the split measured, the held-out part refused without `--final`, and recall on the
defects listed by hand."""
import hashlib
import json
import pathlib
import subprocess

from conftest import ROOT

SCRIPT = ROOT / "scripts" / "real-world"

# Two steps numbered 1 and 3: the tool reports step-numbering at the second label (line 13).
TUTORIAL = """# Counting taps

## Section 1: Show a counter

### Step 1

Create Counter.swift with a view that shows a number.

```swift file=Counter.swift
struct Counter {
    var count = 0
}
```

### Step 3

Add a method that counts a tap.

```swift file=Counter.swift
struct Counter {
    var count = 0

    mutating func tap() {
        count += 1
    }
}
```
"""
NUMBERING_LINE = TUTORIAL.splitlines().index("### Step 3") + 1


def write_corpus(tmp_path: pathlib.Path, hand_steps: int, verdicts: list) -> tuple[pathlib.Path, pathlib.Path]:
    corpus = tmp_path / "corpus"
    document = corpus / "demo" / "guide" / "counter.md"
    document.parent.mkdir(parents=True)
    document.write_text(TUTORIAL, encoding="utf-8")
    # step-numbering is off by default; the source's own configuration turns it on.
    (corpus / "demo" / ".tutorial-check.json").write_text('{"rules": {"step-numbering": "on"}}\n')
    data = {
        "sources": [{"name": "demo", "repo": "example/demo", "commit": "0" * 40, "paths": ["guide"],
                     "form": "Markdown", "language": "English"}],
        "documents": [{"source": "demo", "path": "guide/counter.md", "kind": "tutorial", "appleStyle": True,
                       "hand": {"sections": 1, "steps": hand_steps, "snippets": 2, "titleLine": 1}}],
        "verdicts": verdicts,
    }
    data_file = tmp_path / "data.json"
    data_file.write_text(json.dumps(data), encoding="utf-8")
    return corpus, data_file


def run_script(binary: str, corpus: pathlib.Path, data_file: pathlib.Path, tmp_path: pathlib.Path):
    output = tmp_path / "out.json"
    done = subprocess.run([str(SCRIPT), str(corpus), "--tool", binary, "--data", str(data_file), "--json", str(output)],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    return done.stdout, json.loads(output.read_text(encoding="utf-8"))


def verdict(line: int, is_true: bool, **extra) -> dict:
    return {"source": "demo", "path": "guide/counter.md", "rule": "step-numbering", "line": line,
            "verdict": is_true, "reason": "ours", **extra}


def test_structure_equal_to_hand_counts_and_a_true_finding(binary, tmp_path):
    corpus, data_file = write_corpus(tmp_path, hand_steps=2, verdicts=[verdict(NUMBERING_LINE, True)])
    text, measured = run_script(binary, corpus, data_file, tmp_path)
    row = measured["documents"][0]
    assert row["tool"] == {"sections": 1, "steps": 2, "snippets": 2}
    assert row["structureMatches"] and row["titleMatches"]
    assert [(finding["rule"], finding["line"], finding["verdict"]) for finding in measured["findings"]] == [
        ("step-numbering", NUMBERING_LINE, True)]
    assert measured["lost"] == []
    assert "structure equal to the hand counts: 1 of 1 documents" in text
    assert any(line.split()[:1] == ["all"] and line.split()[-1] == "1.00" for line in text.splitlines())
    # Both snippets are diffed: the first creates Counter.swift, the second changes it.
    assert row["snippetCoverage"] == [2, 2]


def test_a_different_hand_count_and_a_false_verdict_show(binary, tmp_path):
    corpus, data_file = write_corpus(tmp_path, hand_steps=3, verdicts=[verdict(NUMBERING_LINE, False)])
    text, measured = run_script(binary, corpus, data_file, tmp_path)
    assert not measured["documents"][0]["structureMatches"]
    assert "2/3 ✗" in text
    assert measured["findings"][0]["verdict"] is False
    assert any(line.split()[:1] == ["all"] and line.split()[-1] == "0.00" for line in text.splitlines())


def test_a_true_finding_the_tool_no_longer_reports_is_lost(binary, tmp_path):
    # A true verdict on a line where the tool reports nothing: the script must say it was lost.
    corpus, data_file = write_corpus(tmp_path, hand_steps=2,
                                     verdicts=[verdict(NUMBERING_LINE, True), verdict(NUMBERING_LINE + 1, True)])
    text, measured = run_script(binary, corpus, data_file, tmp_path)
    assert [entry["line"] for entry in measured["lost"]] == [NUMBERING_LINE + 1]
    assert "true findings no longer reported: 1" in text


def test_unjudged_findings_are_listed(binary, tmp_path):
    corpus, data_file = write_corpus(tmp_path, hand_steps=2, verdicts=[])
    text, measured = run_script(binary, corpus, data_file, tmp_path)
    assert measured["findings"][0]["verdict"] is None
    assert f"demo:guide/counter.md:{NUMBERING_LINE} [step-numbering]" in text


def test_paths_check_finds_no_difference_where_resources_sit_next_to_the_tutorial(binary, tmp_path):
    # A catalog whose resource lies next to its tutorial is read alike from every path form: the
    # check must not invent differences (the forms it compares are listed in docs/real-world.md).
    catalog = tmp_path / "corpus" / "demo" / "Demo.docc" / "Tutorials"
    catalog.mkdir(parents=True)
    (catalog / "Counter.tutorial").write_text(
        '@Tutorial(time: 5) {\n  @Intro(title: "Counting") {\n    Count taps.\n  }\n'
        '  @Section(title: "Show a counter") {\n    @ContentAndMedia {\n      A counter.\n    }\n'
        '    @Steps {\n      @Step {\n        Create the counter.\n\n'
        '        @Code(name: "Counter.swift", file: counter-1.swift)\n      }\n'
        '      @Step {\n        Count a tap.\n\n'
        '        @Code(name: "Counter.swift", file: counter-2.swift)\n      }\n    }\n  }\n}\n',
        encoding="utf-8")
    (catalog / "counter-1.swift").write_text("struct Counter {\n    var count = 0\n}\n", encoding="utf-8")
    (catalog / "counter-2.swift").write_text(
        "struct Counter {\n    var count = 0\n\n    mutating func tap() {\n        count += 1\n    }\n}\n", encoding="utf-8")
    data = {"sources": [{"name": "demo", "repo": "example/demo", "commit": "0" * 40, "paths": ["Demo.docc"],
                         "form": "DocC", "language": "English"}],
            "documents": [{"source": "demo", "path": "Demo.docc/Tutorials/Counter.tutorial", "kind": "tutorial",
                           "hand": {"sections": 1, "steps": 2, "snippets": 2}}],
            "verdicts": []}
    data_file = tmp_path / "data.json"
    data_file.write_text(json.dumps(data), encoding="utf-8")
    output = tmp_path / "out.json"
    done = subprocess.run([str(SCRIPT), str(tmp_path / "corpus"), "--tool", binary, "--data", str(data_file),
                           "--json", str(output), "--paths"], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    measured = json.loads(output.read_text(encoding="utf-8"))
    assert measured["documents"][0]["structureMatches"]
    assert measured["pathDifferences"] == {}
    assert "every way of writing a DocC tutorial's path gives the same findings and diffs" in done.stdout


def test_the_title_of_an_html_page_is_its_heading_element(binary, tmp_path):
    # A blog page built from Markdown: the post's title is an <h1> that runs over three lines, before
    # the article's own headings; the hand count names its first line.
    page = ('<html><head><title>Counting taps | Notes</title></head><body>\n'
            '<h1 class="post-title">\n    Counting &amp; taps\n</h1>\n'
            '<h3>Section 1: Show a counter</h3>\n<p><strong>Step 1.</strong> Create Counter.swift.</p>\n'
            '<pre><code class="swift">struct Counter {\n    var count = 0\n}\n</code></pre>\n</body></html>\n')
    document = tmp_path / "corpus" / "blog" / "2020" / "counter" / "index.html"
    document.parent.mkdir(parents=True)
    document.write_text(page, encoding="utf-8")
    data = {"sources": [{"name": "blog", "repo": "example/blog", "commit": "0" * 40, "paths": ["2020"],
                         "form": "HTML", "language": "English"}],
            "documents": [{"source": "blog", "path": "2020/counter/index.html", "kind": "tutorial",
                           "hand": {"sections": 1, "steps": 1, "snippets": 1, "titleLine": 2}}],
            "verdicts": []}
    data_file = tmp_path / "data.json"
    data_file.write_text(json.dumps(data), encoding="utf-8")
    text, measured = run_script(binary, tmp_path / "corpus", data_file, tmp_path)
    row = measured["documents"][0]
    assert row["title"] == "Counting & taps"
    assert row["titleMatches"] and row["structureMatches"], row


# Round 2 (`--set new`): the set split by repository, measured per split with default options.

def new_set(tmp_path: pathlib.Path, verdicts: list, defects: list) -> tuple[pathlib.Path, pathlib.Path]:
    """One tuning source holding TUTORIAL and one held-out source holding the same text elsewhere."""
    corpus = tmp_path / "corpus"
    for source in ("tune", "hold"):
        (corpus / source / "guide").mkdir(parents=True)
        (corpus / source / "guide" / "counter.md").write_text(TUTORIAL, encoding="utf-8")
        (corpus / source / ".tutorial-check.json").write_text('{"rules": {"step-numbering": "on"}}\n')
    title = hashlib.sha256("Counting taps".encode()).hexdigest()

    def source(name, split, document_verdicts):
        return {"name": name, "repository": f"example/{name}", "commit": "0" * 40, "paths": ["guide"],
                "form": "markdown", "language": "en", "kind": "blog", "split": split,
                "documents": [{"path": "guide/counter.md", "tutorial": True, "titleSha256": title,
                               "sections": 1, "steps": 2, "snippets": 2, "uikit": False, "defects": defects,
                               "verdicts": document_verdicts, "notes": "ours"}]}

    data_file = tmp_path / "set.json"
    data_file.write_text(json.dumps({"sources": [source("tune", "tuning", verdicts), source("hold", "held-out", [])]}),
                         encoding="utf-8")
    return corpus, data_file


def run_new(binary: str, corpus: pathlib.Path, data_file: pathlib.Path, tmp_path: pathlib.Path, *extra: str):
    output = tmp_path / "out.json"
    done = subprocess.run([str(SCRIPT), str(corpus), "--set", "new", "--tool", binary, "--data", str(data_file),
                           "--json", str(output), "--jobs", "2", *extra], capture_output=True, text=True, timeout=300)
    measured = json.loads(output.read_text(encoding="utf-8")) if output.exists() else None
    return done, measured


def new_verdict(line: int, is_true: bool) -> dict:
    return {"line": line, "rule": "step-numbering", "severity": "warning", "step": "1.2", "verdict": is_true,
            "why": "ours"}


def test_the_held_out_part_is_refused_without_final(binary, tmp_path):
    corpus, data_file = new_set(tmp_path, verdicts=[], defects=[])
    for split in ("held-out", "both"):
        done, measured = run_new(binary, corpus, data_file, tmp_path, "--split", split)
        assert done.returncode == 2 and "--final" in done.stderr
        assert measured is None


def test_the_tuning_part_alone_is_measured_by_default(binary, tmp_path):
    defects = [{"line": NUMBERING_LINE + 2, "step": "1.2", "rule": "step-numbering", "what": "ours"},
               {"line": 1, "step": None, "rule": "swift-syntax-error", "what": "ours"}]
    corpus, data_file = new_set(tmp_path, verdicts=[new_verdict(NUMBERING_LINE, True)], defects=defects)
    done, measured = run_new(binary, corpus, data_file, tmp_path)
    assert done.returncode == 0, done.stderr
    assert [column["label"] for column in measured["columns"]] == ["tool, tuning"]
    column = measured["columns"][0]
    assert [row["id"] for row in column["rows"]] == ["tune:guide/counter.md"]
    summary = column["summary"]
    assert (summary["tutorials"], summary["structureExact"], summary["titles"]) == (1, 1, [1, 1])
    assert (summary["findings"], summary["true"], summary["false"], summary["unjudged"]) == (1, 1, 0, 0)
    # The step-numbering finding lands 2 lines from the first defect; the second names another rule.
    assert summary["defects"] == [1, 2]
    assert summary["crashes"] == 0 and summary["lost"] == 0
    assert "1 / 1 = 1.00" in done.stdout


def test_both_parts_and_a_baseline_give_four_columns_with_unjudged_and_lost_findings(binary, tmp_path):
    # The tuning verdict is on the wrong line: the finding is unjudged and the true verdict is lost.
    corpus, data_file = new_set(tmp_path, verdicts=[new_verdict(NUMBERING_LINE + 1, True)], defects=[])
    markdown = tmp_path / "tables.md"
    done, measured = run_new(binary, corpus, data_file, tmp_path, "--split", "both", "--final",
                             "--baseline", binary, "--markdown", str(markdown))
    assert done.returncode == 0, done.stderr
    labels = ["baseline, tuning", "tool, tuning", "baseline, held-out", "tool, held-out"]
    assert [column["label"] for column in measured["columns"]] == labels
    tuning = measured["columns"][1]["summary"]
    assert (tuning["unjudged"], tuning["lost"]) == (1, 1)
    assert f"tune:guide/counter.md:{NUMBERING_LINE} [step-numbering]" in done.stdout
    assert f"hold:guide/counter.md:{NUMBERING_LINE} [step-numbering]" in done.stdout
    assert "| measure | " + " | ".join(labels) + " |" in markdown.read_text(encoding="utf-8")


# Round 3: the sources collected in round 3 carry "round": 3; a source without the field is of round 2.

def rounds_set(tmp_path: pathlib.Path) -> tuple[pathlib.Path, pathlib.Path]:
    """Three sources holding TUTORIAL, without a configuration of their own (step-numbering stays off
    by default): one of round 2 (no round field), one of round 3 on each side."""
    corpus = tmp_path / "corpus"
    title = hashlib.sha256("Counting taps".encode()).hexdigest()
    sources = []
    for name, split, collected in (("second", "tuning", None), ("third", "tuning", 3), ("third-held", "held-out", 3)):
        (corpus / name / "guide").mkdir(parents=True)
        (corpus / name / "guide" / "counter.md").write_text(TUTORIAL, encoding="utf-8")
        source = {"name": name, "repository": f"example/{name}", "commit": "0" * 40, "paths": ["guide"],
                  "form": "markdown", "language": "en", "kind": "blog", "split": split,
                  "documents": [{"path": "guide/counter.md", "tutorial": True, "titleSha256": title,
                                 "sections": 1, "steps": 2, "snippets": 2, "uikit": False, "defects": [],
                                 "verdicts": [new_verdict(NUMBERING_LINE, False)], "notes": "ours"}]}
        if collected is not None:
            source["round"] = collected
        sources.append(source)
    data_file = tmp_path / "set.json"
    data_file.write_text(json.dumps({"sources": sources}), encoding="utf-8")
    return corpus, data_file


def measured_ids(measured) -> list:
    return [[row["id"] for row in column["rows"]] for column in measured["columns"]]


def test_round_selects_the_sources_of_that_round(binary, tmp_path):
    corpus, data_file = rounds_set(tmp_path)
    done, measured = run_new(binary, corpus, data_file, tmp_path, "--round", "3")
    assert done.returncode == 0, done.stderr
    assert measured_ids(measured) == [["third:guide/counter.md"]]
    # A source without a round field is of round 2.
    done, measured = run_new(binary, corpus, data_file, tmp_path, "--round", "2")
    assert done.returncode == 0, done.stderr
    assert measured_ids(measured) == [["second:guide/counter.md"]]
    done, measured = run_new(binary, corpus, data_file, tmp_path)
    assert measured_ids(measured) == [["second:guide/counter.md", "third:guide/counter.md"]]


def test_the_held_out_part_of_round_3_still_needs_final(binary, tmp_path):
    corpus, data_file = rounds_set(tmp_path)
    done, measured = run_new(binary, corpus, data_file, tmp_path, "--round", "3", "--split", "held-out")
    assert done.returncode == 2 and "--final" in done.stderr
    assert measured is None
    done, measured = run_new(binary, corpus, data_file, tmp_path, "--round", "3", "--split", "held-out", "--final")
    assert done.returncode == 0, done.stderr
    assert [column["label"] for column in measured["columns"]] == ["tool, held-out"]
    assert measured_ids(measured) == [["third-held:guide/counter.md"]]


def test_all_rules_measures_a_rule_that_is_off_by_default_in_a_table_of_its_own(binary, tmp_path):
    corpus, data_file = rounds_set(tmp_path)
    markdown = tmp_path / "tables.md"
    done, measured = run_new(binary, corpus, data_file, tmp_path, "--round", "3", "--all-rules",
                             "--markdown", str(markdown))
    assert done.returncode == 0, done.stderr
    summary = measured["columns"][0]["summary"]
    # By default step-numbering is off: nothing is shown; with every rule on, the skipped number is
    # reported and judged by the verdict recorded for its rule and line.
    assert summary["findings"] == 0 and summary["perRule"] == {}
    assert summary["perRuleAllRules"]["step-numbering"] == {"false": 1}
    row = measured["columns"][0]["rows"][0]
    assert [(finding["rule"], finding["line"]) for finding in row["allRulesFindings"]] == [
        ("step-numbering", NUMBERING_LINE)]
    assert "every rule on: findings per rule" in done.stdout
    assert "| every rule on: findings per rule (true / judged) | tool, tuning |" in markdown.read_text(encoding="utf-8")
    # Without --all-rules the table and the extra findings are absent.
    done, measured = run_new(binary, corpus, data_file, tmp_path, "--round", "3")
    assert "perRuleAllRules" not in measured["columns"][0]["summary"]
    assert "every rule on" not in done.stdout


def test_a_document_the_tool_refuses_is_counted_apart_from_a_crash(binary, tmp_path):
    """Exit 2 with the contract's one stderr line is the tool refusing an input it cannot read (another
    encoding): counted as refused, not as a crash; any other exit is a crash."""
    corpus, data_file = new_set(tmp_path, verdicts=[], defects=[])
    (corpus / "tune" / "guide" / "counter.md").write_bytes("# 计数\n\n```swift\nlet a = 1\n```\n".encode("gbk"))
    done, measured = run_new(binary, corpus, data_file, tmp_path)
    assert done.returncode == 0, done.stderr
    summary = measured["columns"][0]["summary"]
    assert (summary["refused"], summary["crashes"], summary["structureExact"]) == (1, 0, 0)
    assert "refused: tune:guide/counter.md" in done.stdout
    crashing = tmp_path / "crashing-tool"
    crashing.write_text("#!/bin/sh\necho 'tutorial-check: oops' >&2\nexit 3\n", encoding="utf-8")
    crashing.chmod(0o755)
    done, measured = run_new(str(crashing), corpus, data_file, tmp_path)
    summary = measured["columns"][0]["summary"]
    assert (summary["refused"], summary["crashes"]) == (0, 1)
