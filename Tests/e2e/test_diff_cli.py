"""`tutorial-check diff` through the real binary: the seed checks of issue 3, the formats, colour on a
terminal, and the usage-error contract.

The seed checks run on the project's own walkthrough (Fixtures/diff/text/walkthrough-zh.txt), which has
the shape of the real page. Set TUTORIAL_SEEDS to a folder holding 000_9c8438028b5b8e9f.txt (or to that
file) and the same checks run on the real page.
"""
import html.parser
import json
import os
import pathlib
import pty
import subprocess

from conftest import ROOT, run

SEED_NAME = "000_9c8438028b5b8e9f.txt"


def walkthrough() -> pathlib.Path:
    configured = os.environ.get("TUTORIAL_SEEDS")
    if not configured:
        return ROOT / "Fixtures" / "diff" / "text" / "walkthrough-zh.txt"
    path = pathlib.Path(configured)
    return path / SEED_NAME if path.is_dir() else path


def changes(binary, *arguments):
    result = run(binary, "diff", "--format", "json", *arguments)
    assert result.returncode == 0, result.stderr
    documents = json.loads(result.stdout)["documents"]
    assert len(documents) == 1
    return documents[0]["changes"]


def changed_lines(change, kind):
    return [line["text"] for hunk in change["hunks"] for line in hunk["lines"] if line["kind"] == kind]


def test_step_2_4_adds_exactly_the_data_source_line(binary):
    found = changes(binary, "--step", "2.4", str(walkthrough()))
    assert [c["file"] for c in found] == ["PageViewController.swift"]
    assert (found[0]["added"], found[0]["removed"]) == (1, 0)
    assert [t.strip() for t in changed_lines(found[0], "added")] == ["pageViewController.dataSource = context.coordinator"]


def test_step_3_4_removes_the_aspect_ratio_from_page_view(binary):
    found = changes(binary, "--step", "3.4", "--file", "PageView.swift", str(walkthrough()))
    assert len(found) == 1 and found[0]["from"] == "3.3"
    assert ".aspectRatio(3/2, contentMode: .fit)" in [t.strip() for t in changed_lines(found[0], "removed")]
    assert not any("aspectRatio" in t for t in changed_lines(found[0], "added"))


def test_the_experiment_snippet_is_a_no_change_step(binary):
    found = changes(binary, "--step", "3.3", str(walkthrough()))
    assert [(c["file"], c["noChange"]) for c in found] == [("PageView.swift", False), ("PageView.swift", True)]
    assert found[1]["hunks"] == [] and found[1]["from"] == "3.3"


def test_every_change_applies(binary):
    """Applying each change's hunks to its old state gives its new state (states rebuilt from the JSON)."""
    states = {}
    for change in changes(binary, "--context", "100000", str(walkthrough())):
        old = [] if change["from"] is None else states[change["file"]]
        new = list(old)
        for hunk in reversed(change["hunks"]):
            start = hunk["oldStart"] - 1 if hunk["oldLines"] else hunk["oldStart"]
            kept = [l["text"] for l in hunk["lines"] if l["kind"] != "added"]
            assert old[start:start + hunk["oldLines"]] == kept
            new[start:start + hunk["oldLines"]] = [l["text"] for l in hunk["lines"] if l["kind"] != "removed"]
        states[change["file"]] = new
    assert {"PageViewController.swift", "PageView.swift"} <= set(states)


def test_colour_only_on_a_terminal_and_never_with_no_color(binary):
    fixture = str(walkthrough())
    plain = run(binary, "diff", "--step", "2.4", fixture)
    assert "\x1b[" not in plain.stdout, "no colour into a pipe"
    assert "\x1b[32m+" in run(binary, "diff", "--color", "always", "--step", "2.4", fixture).stdout

    def on_terminal(environment):
        leader, follower = pty.openpty()
        process = subprocess.run([binary, "diff", "--step", "2.4", fixture], stdout=follower, stderr=subprocess.PIPE,
                                 env=environment, timeout=60)
        os.close(follower)
        output = b""
        while True:
            try:
                chunk = os.read(leader, 65536)
            except OSError:
                break
            if not chunk:
                break
            output += chunk
        os.close(leader)
        assert process.returncode == 0
        return output.decode()

    environment = {k: v for k, v in os.environ.items() if k != "NO_COLOR"}
    assert "\x1b[32m+" in on_terminal(environment)
    assert "\x1b[" not in on_terminal({**environment, "NO_COLOR": "1"})


def test_markdown_has_diff_blocks_per_step(binary):
    result = run(binary, "diff", "--format", "markdown", str(walkthrough()))
    assert result.returncode == 0
    # step-no-change is off by default: its repeated step shows as a change without lines, unflagged.
    assert "```diff\n" in result.stdout and "no change" in result.stdout and "step-no-change" not in result.stdout
    assert result.stdout.count("\n## ") >= 10


class References(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.external = []
        self.in_style = False

    def handle_starttag(self, tag, attrs):
        self.in_style = tag == "style"
        for name, value in attrs:
            if name in ("src", "href", "srcset", "data", "poster", "action") and not (value or "").startswith("#"):
                self.external.append((tag, name, value))
            if name == "style" and ("url(" in (value or "") or "@import" in (value or "")):
                self.external.append((tag, name, value))
        if tag in ("script", "link", "img", "iframe", "object", "embed"):
            self.external.append((tag, "", ""))

    def handle_data(self, data):
        if self.in_style and ("url(" in data or "@import" in data):
            self.external.append(("style", "", data[:80]))


def test_html_page_is_self_contained(binary):
    result = run(binary, "diff", "--format", "html", str(walkthrough()))
    assert result.returncode == 0
    page = result.stdout
    parser = References()
    parser.feed(page)
    assert parser.external == []
    assert page.startswith("<!DOCTYPE html>") and '<tr class="del">' in page and 'class="hl"' in page
    assert 'href="#d1-step-2-4"' in page and 'id="d1-step-2-4"' in page


def test_usage_errors_exit_2_with_one_line(binary, tmp_path):
    fixture = str(walkthrough())
    for arguments in (["--step", "two", fixture], ["--context", "-1", fixture], ["--format", "pdf", fixture],
                      [str(tmp_path / "missing.md")], []):
        result = run(binary, "diff", *arguments)
        assert result.returncode == 2, arguments
        assert result.stderr.count("\n") == 1, result.stderr
