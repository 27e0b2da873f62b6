"""Bad documents through the real binary: each test is one row of docs/bad-inputs.md.

Every case must end with the documented exit code (0 clean, 1 error findings, 2 input error with a
one-line message on stderr), within a time limit (no hang) and a memory limit (bounded memory), and
never with a crash (a signal). Big inputs are generated here into pytest's tmp dirs, never committed.
"""
import json
import os
import signal
import subprocess
import sys
import threading
import time

import pytest

from conftest import ROOT

BAD = ROOT / "Fixtures" / "bad-inputs"


class Outcome:
    def __init__(self, code, stdout, stderr, seconds, max_rss_mb):
        self.code, self.stdout, self.stderr, self.seconds, self.max_rss_mb = code, stdout, stderr, seconds, max_rss_mb

    def json(self):
        return json.loads(self.stdout)

    def __repr__(self):
        return f"exit {self.code} after {self.seconds:.1f}s, {self.max_rss_mb:.0f} MB: {self.stderr[-400:]!r}"


# Linux carries a process's peak memory across exec (and a forked child starts with its parent's pages), so
# a binary started from the test runner reports at least the runner's own peak: pytest grows past 200 MB over
# the suite. A small launcher forks the binary instead and passes on its wait4 figures through a pipe.
LAUNCHER = """
import os, sys
report = int(sys.argv[1])
pid = os.fork()
if pid == 0:
    os.close(report)
    try:
        os.execv(sys.argv[2], sys.argv[2:])
    finally:
        os._exit(127)
_, status, usage = os.wait4(pid, 0)
os.write(report, f"{status} {usage.ru_maxrss}".encode())
"""


def measure(binary, *arguments, timeout=60, cwd=None) -> Outcome:
    """Runs the binary, killing it after `timeout` seconds; reports exit code, time and peak memory
    (the binary's own ru_maxrss from wait4, by way of `LAUNCHER`, not the test runner's)."""
    started = time.monotonic()
    read_end, write_end = os.pipe()
    process = subprocess.Popen(
        [sys.executable, "-c", LAUNCHER, str(write_end), binary, *map(str, arguments)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=cwd, pass_fds=(write_end,), start_new_session=True)
    os.close(write_end)
    output = {}

    def drain(name, stream):
        output[name] = stream.read()

    threads = [threading.Thread(target=drain, args=(n, s)) for n, s in (("out", process.stdout), ("err", process.stderr))]
    for thread in threads:
        thread.start()
    timer = threading.Timer(timeout, lambda: os.killpg(process.pid, signal.SIGKILL))
    timer.start()
    process.wait()
    timer.cancel()
    for thread in threads:
        thread.join()
    with os.fdopen(read_end, "rb") as report:
        figures = report.read().split()
    seconds = time.monotonic() - started
    assert seconds < timeout and figures, f"hung: killed after {timeout}s"
    status, max_rss_kb = (int(figure) for figure in figures)
    process.returncode = os.waitstatus_to_exitcode(status)
    assert process.returncode >= 0, f"crashed with signal {signal.Signals(-process.returncode).name}: {output['err'][-2000:]!r}"
    return Outcome(process.returncode, output["out"].decode(), output["err"].decode(), seconds, max_rss_kb / 1024)


def assert_input_error(outcome: Outcome, reason: str):
    assert outcome.code == 2, outcome
    assert outcome.stderr.count("\n") == 1 and reason in outcome.stderr, outcome


def lint_messages(outcome: Outcome) -> list:
    return [d["message"] for d in outcome.json()["documents"][0]["diagnostics"]]


def lint_rules(outcome: Outcome) -> list:
    return [d["rule"] for d in outcome.json()["documents"][0]["diagnostics"]]


# --- Encodings and degenerate documents -------------------------------------------------------------

def test_binary_file(binary, tmp_path):
    path = tmp_path / "image.md"
    path.write_bytes(bytes(range(256)) * 64)
    assert_input_error(measure(binary, "lint", path), "is binary data")


def test_invalid_utf8(binary, tmp_path):
    path = tmp_path / "latin1.md"
    path.write_bytes("## Step 1\nCafé au lait\n".encode("latin-1"))
    assert_input_error(measure(binary, "lint", path), "is not valid UTF-8")


def test_utf16_with_bom(binary, tmp_path):
    path = tmp_path / "utf16.md"
    path.write_bytes("## Step 1\n```swift\nlet a = 1\n```\n".encode("utf-16"))
    assert path.read_bytes()[:2] in (b"\xff\xfe", b"\xfe\xff")
    assert_input_error(measure(binary, "outline", path), "UTF-16")


def test_nul_byte_inside_text(binary, tmp_path):
    path = tmp_path / "nul.txt"
    path.write_bytes(b"Step 1\nlet a = 1\x00\n")
    assert_input_error(measure(binary, "outline", path), "is binary data")


def test_utf8_bom_is_accepted(binary, tmp_path):
    path = tmp_path / "bom.md"
    path.write_bytes(b"\xef\xbb\xbf# Title\n\n## Step 1\n\n```swift file=A.swift\nlet a = 1\n```\n")
    outcome = measure(binary, "outline", "--format", "json", path)
    assert outcome.code == 0, outcome
    assert outcome.json()["documents"][0]["sections"], outcome.stdout


@pytest.mark.parametrize("extension", ["md", "html", "tutorial", "txt"])
def test_empty_file(binary, tmp_path, extension):
    path = tmp_path / f"empty.{extension}"
    path.write_bytes(b"")
    outcome = measure(binary, "outline", "--format", "json", path)
    assert outcome.code == 0, outcome
    assert outcome.json()["documents"][0]["sections"] == []
    assert measure(binary, "lint", path).code in (0, 1)


def test_prose_only(binary, tmp_path):
    path = tmp_path / "prose.md"
    path.write_text("# Thoughts\n\nNo steps here, and no code either.\n\nJust paragraphs.\n" * 50)
    outcome = measure(binary, "lint", "--format", "json", path)
    assert outcome.code == 0, outcome
    assert lint_rules(outcome) == []
    steps = [s for sec in measure(binary, "outline", "--format", "json", path).json()["documents"][0]["sections"] for s in sec["steps"]]
    assert all(not step["snippets"] for step in steps)


def test_lone_carriage_returns(binary, tmp_path):
    path = tmp_path / "mac.md"
    path.write_bytes(b"# Title\r\r## Step 1\r\r```swift\rlet a = 1\r```\r")
    assert measure(binary, "lint", path).code in (0, 1)


# --- Size limits -------------------------------------------------------------------------------------

def test_50_mb_document_is_refused_without_reading_it(binary, tmp_path):
    path = tmp_path / "huge.md"
    block = b"## Step 1\n\nSome prose.\n\n```swift\nlet a = 1\n```\n\n"
    with open(path, "wb") as file:
        for _ in range(50 * 1024 * 1024 // len(block) + 1):
            file.write(block)
    assert path.stat().st_size >= 50 * 1024 * 1024
    outcome = measure(binary, "lint", path, timeout=30)
    assert_input_error(outcome, "over the limit of 16 MiB")
    assert outcome.max_rss_mb < 200, outcome


@pytest.mark.parametrize("extension", ["md", "txt", "html"])
def test_single_10_mb_line(binary, tmp_path, extension):
    path = tmp_path / f"line.{extension}"
    path.write_bytes(b"## Step 1\n\n" + b"let x = 1; " * (10 * 1024 * 1024 // 11) + b"\n")
    outcome = measure(binary, "lint", path, timeout=90)
    assert outcome.code in (0, 1), outcome
    assert outcome.max_rss_mb < 1500, outcome


# --- Structure gone wrong ----------------------------------------------------------------------------

def test_fence_left_open_at_end_of_file(binary, tmp_path):
    path = tmp_path / "open-fence.md"
    path.write_text("# T\n\n## Step 1\n\n```swift file=A.swift\nstruct A {}\nlet b = 2\n")
    outcome = measure(binary, "outline", "--format", "json", path)
    assert outcome.code == 0, outcome
    snippets = outcome.json()["documents"][0]["sections"][0]["steps"][0]["snippets"]
    assert snippets and snippets[0]["lines"] == 2, snippets
    assert measure(binary, "lint", path).code in (0, 1)


def test_fence_left_open_in_a_list_item_by_a_closing_line_indented_too_deep(binary, tmp_path):
    # cmark ends a fence left open in a list item where the item ends, with no mark of it: the warning
    # names the closing line that was indented too deep to close anything.
    path = tmp_path / "open-in-item.md"
    path.write_text("# T\n\n## Step 1\n\n- Add it:\n\n  ```swift\n  let a = 1\n       ```\n\n  Then run it.\n\n## Step 2\n\nDone.\n")
    outcome = measure(binary, "lint", "--format", "json", path)
    assert outcome.code in (0, 1), outcome
    messages = [d["message"] for d in outcome.json()["documents"][0]["diagnostics"] if d["rule"] == "input-error"]
    assert messages == ["code fence is never closed: its closing line 9 is indented too deep to close it, "
                        "so the code block runs to the end of its container"], messages


def test_fence_opened_inside_another_ones_code(binary, tmp_path):
    # A missing closing line makes the next fence's opening line code of the first block; the warning
    # stands at that line. A block shown inside a longer fence is no such case.
    path = tmp_path / "opened-inside.md"
    path.write_text("# T\n\n## Step 1\n\n```swift\nlet a = 1\n\nThen:\n\n```swift\nlet b = 2\n```\n\n"
                    "## Step 2\n\n````markdown\n```swift\nlet c = 3\n```\n````\n")
    outcome = measure(binary, "lint", "--format", "json", path)
    assert outcome.code in (0, 1), outcome
    found = [d for d in outcome.json()["documents"][0]["diagnostics"] if d["rule"] == "input-error"]
    assert [(d["message"][:45], d["range"]["start"]["line"]) for d in found] == [
        ("line 10 opens a code fence inside the code bl", 10)], found


def test_headings_markdown_reads_as_text(binary, tmp_path):
    # Each heading written with escaped marks, or with no space after two marks or more, is reported at its
    # line; a `\#` that starts no heading and a hashtag are not.
    path = tmp_path / "escaped.md"
    path.write_text("\\# Jar guide\n\nJars keep things.\n\n\\#\\# Step 1\n\n```swift\nstruct Jar {}\n```\n\n"
                    "\\#1 of the list: fill it.\n\n##Step 2\n\n#jars #swift\n")
    outcome = measure(binary, "lint", "--format", "json", path)
    assert outcome.code in (0, 1), outcome
    found = [d for d in outcome.json()["documents"][0]["diagnostics"] if d["rule"] == "input-error"]
    assert [(d["range"]["start"]["line"], d["severity"]) for d in found] == [
        (1, "warning"), (5, "warning"), (13, "warning")], found
    assert "escaped (\\#\\#)" in found[1]["message"] and "write ## without backslashes" in found[1]["message"], found
    assert "no space after its marks (##Step 2)" in found[2]["message"], found


def test_html_nested_10000_deep(binary, tmp_path):
    path = tmp_path / "deep.html"
    path.write_text("<html><body><h2>Step 1</h2>" + "<div>" * 10000 + "<p>deep</p>" + "</div>" * 10000 + "</body></html>")
    outcome = measure(binary, "lint", "--format", "json", path)
    assert outcome.code in (0, 1), outcome
    messages = [d["message"] for d in outcome.json()["documents"][0]["diagnostics"] if d["rule"] == "input-error"]
    assert any("nested deeper than" in message for message in messages), outcome.stdout


def test_html_pre_without_closing_tag(binary, tmp_path):
    path = tmp_path / "pre.html"
    path.write_text("<html><body><h2>Step 1</h2><p>Add this:</p><pre><code class=\"lang-swift\">struct A {}\nlet b = 2\n")
    outcome = measure(binary, "outline", "--format", "json", path)
    assert outcome.code == 0, outcome
    steps = [s for sec in outcome.json()["documents"][0]["sections"] for s in sec["steps"]]
    assert any(step["snippets"] for step in steps), outcome.stdout


def test_markdown_nested_10000_deep(binary, tmp_path):
    path = tmp_path / "deep.md"
    path.write_text("## Step 1\n\n" + ">" * 10000 + " deep\n\n" + "".join("  " * i + "- item\n" for i in range(2000)))
    assert measure(binary, "lint", path).code in (0, 1)


def test_docc_directives_nested_100000_deep(binary, tmp_path):
    # Any directive nested past 256 levels is read as text, with one error.
    path = tmp_path / "deep.tutorial"
    path.write_text("@Tutorial(time: 1) {\n" + "@Box {\n" * 100000 + "}\n" * 100001)
    outcome = measure(binary, "lint", "--format", "json", path, timeout=60)
    assert outcome.code == 1, outcome
    messages = [d["message"] for d in outcome.json()["documents"][0]["diagnostics"] if d["rule"] == "input-error"]
    assert sum("nested deeper than 256" in message for message in messages) == 1, messages[:3]
    # Structural directives cannot nest at all: each @Section closes the one before, with an error each.
    sections = tmp_path / "sections.tutorial"
    sections.write_text("@Tutorial(time: 1) {\n" + "@Section(title: \"s\") {\n" * 100000 + "}\n" * 100001)
    outcome = measure(binary, "lint", "--format", "json", sections, timeout=60)
    assert outcome.code == 1, outcome
    assert "is not closed before @Section" in outcome.stdout


def test_swift_snippet_that_trapped_the_parser_diagnostics(binary, tmp_path):
    # Found by fuzz-pipeline: SwiftParserDiagnostics trapped on an invalid character glued to `=`.
    path = tmp_path / "replacement-character.md"
    (tmp_path / ".tutorial-check.json").write_text('{"rules": {"swift-syntax-error": "on"}}\n')  # off by default
    path.write_text("## Step 1\n\n```swift file=A.swift\nimport SwiftUI\n\nstruct A {\n    var g \ufffd= 1\n}\n```\n\n## Step 2\n\n```swift\ng \ufffd= \n```\n")
    outcome = measure(binary, "lint", "--format", "json", path)
    assert outcome.code == 1, outcome
    assert "swift-syntax-error" in lint_rules(outcome)


# --- DocC resources ----------------------------------------------------------------------------------

def docc(tmp_path, body: str, resources: dict):
    catalog = tmp_path / "T.docc"
    (catalog / "Resources").mkdir(parents=True)
    for name, content in resources.items():
        target = catalog / "Resources" / name
        if content is None:
            target.mkdir()
        else:
            target.write_bytes(content)
    path = catalog / "T.tutorial"
    path.write_text("@Tutorial(time: 5) {\n  @Intro(title: \"T\") {}\n  @Section(title: \"S\") {\n    @Steps {\n" + body + "    }\n  }\n}\n")
    return path


def step(file: str) -> str:
    return f"      @Step {{\n        Do it.\n        @Code(name: \"A.swift\", file: \"{file}\")\n      }}\n"


def test_docc_unbalanced_braces(binary, tmp_path):
    path = docc(tmp_path, step("a-1.swift") + "      @Step {\n        Unclosed.\n", {"a-1.swift": b"let a = 1\n"})
    outcome = measure(binary, "lint", "--format", "json", path)
    assert outcome.code == 1, outcome
    assert "input-error" in lint_rules(outcome)


def test_docc_unknown_directive(binary, tmp_path):
    path = docc(tmp_path, "      @Frobnicate(level: 3) {\n        Hidden.\n      }\n" + step("a-1.swift"), {"a-1.swift": b"let a = 1\n"})
    outcome = measure(binary, "lint", "--format", "json", path)
    assert outcome.code in (0, 1), outcome
    messages = [d["message"] for d in outcome.json()["documents"][0]["diagnostics"]]
    assert any("unknown directive @Frobnicate" in message for message in messages), messages


def test_docc_missing_resource(binary, tmp_path):
    path = docc(tmp_path, step("a-1.swift") + step("a-2.swift"), {"a-1.swift": b"let a = 1\n"})
    outcome = measure(binary, "lint", "--format", "json", path)
    assert outcome.code == 1, outcome
    assert "code-file-missing" in lint_rules(outcome)


def test_docc_resource_is_a_directory(binary, tmp_path):
    path = docc(tmp_path, step("a-1.swift"), {"a-1.swift": None})
    outcome = measure(binary, "lint", "--format", "json", path)
    assert outcome.code == 1, outcome
    assert "code-file-missing" in lint_rules(outcome)


def test_docc_resource_with_invalid_utf8(binary, tmp_path):
    path = docc(tmp_path, step("a-1.swift"), {"a-1.swift": b"let caf\xe9 = 1\n"})
    outcome = measure(binary, "lint", "--format", "json", path)
    assert outcome.code == 1, outcome
    assert "code-file-missing" in lint_rules(outcome)
    assert "(Resources/a-1.swift in the catalog T.docc) is not valid UTF-8" in lint_messages(outcome)[0]


def test_docc_malformed_resource_argument(binary, tmp_path):
    body = step("a-1.swift").replace('file: "a-1.swift"', 'file: "a-1.swift", previousFile: file: a-0.swift')
    path = docc(tmp_path, body, {"a-1.swift": b"let a = 1\n", "a-0.swift": b"let a = 0\n"})
    outcome = measure(binary, "lint", "--format", "json", path)
    assert outcome.code == 1, outcome
    assert "@Code previousFile: is malformed" in lint_messages(outcome)[0]


# --- Hostile DocC resources (docs/security.md) ---------------------------------------------------------

SECRET = b"let secret = \"SECRET-e1c0\"\n"


def outside_file(tmp_path, name="secret.swift"):
    folder = tmp_path / "outside"
    folder.mkdir(exist_ok=True)
    (folder / name).write_bytes(SECRET)
    return folder / name


def assert_refused(binary, path, fragment: str):
    """Every output shows the refusal and no byte of the outside file."""
    for arguments in (("lint", "--format", "json"), ("diff", "--format", "html"), ("diff", "--format", "json"), ("outline",)):
        outcome = measure(binary, *arguments, path)
        assert b"SECRET-e1c0" not in (outcome.stdout + outcome.stderr).encode(), arguments
    outcome = measure(binary, "lint", "--format", "json", path)
    assert outcome.code == 1, outcome
    assert any(fragment in message for message in lint_messages(outcome)), lint_messages(outcome)


def test_docc_resource_climbing_out_of_the_catalog(binary, tmp_path):
    outside_file(tmp_path)
    path = docc(tmp_path, step("../../outside/secret.swift"), {})
    assert_refused(binary, path, "points outside the catalog T.docc")


def test_docc_resource_with_an_absolute_path(binary, tmp_path):
    secret = outside_file(tmp_path)
    path = docc(tmp_path, step(str(secret)), {})
    assert_refused(binary, path, "is an absolute path")


def test_docc_resource_linked_to_a_file_outside(binary, tmp_path):
    secret = outside_file(tmp_path)
    path = docc(tmp_path, step("a-1.swift"), {})
    os.symlink(secret, path.parent / "Resources" / "a-1.swift")
    assert_refused(binary, path, "is a symbolic link (Resources/a-1.swift) pointing outside")


def test_docc_resource_under_a_folder_linked_outside(binary, tmp_path):
    secret = outside_file(tmp_path)
    path = docc(tmp_path, step("Shared/secret.swift"), {})
    os.symlink(secret.parent, path.parent / "Shared")
    assert_refused(binary, path, "is a symbolic link (Shared/secret.swift) pointing outside")
    # Searched by its bare name, the catalog walk does not enter the linked folder either.
    bare = docc(tmp_path / "bare", step("secret.swift"), {})
    os.symlink(secret.parent, bare.parent / "Shared")
    assert_refused(binary, bare, "was not found")


def test_tutorial_at_a_repository_root_never_reads_git_config(binary, tmp_path):
    """A `.tutorial` in no catalog reads only non-hidden files of its own folder tree (bad-inputs row 80)."""
    (tmp_path / ".git").mkdir()
    (tmp_path / ".git" / "config").write_bytes(b"[http]\n\textraheader = AUTHORIZATION: basic SECRET-e1c0\n")
    body = ('@Tutorial(time: 5) {\n    @Section(title: "S") {\n        @Steps {\n'
            '            @Step {\n                Open the settings.\n\n'
            '                @Code(name: "Settings.swift", file: ".git/config")\n            }\n'
            '            @Step {\n                Again.\n\n'
            '                @Code(name: "Settings.swift", file: "Settings.swift")\n            }\n'
            '        }\n    }\n}\n')
    tutorial = tmp_path / "T.tutorial"
    tutorial.write_text(body)
    os.symlink(".git/config", tmp_path / "Settings.swift")
    for arguments in (("lint", "--format", "json"), ("lint", "--format", "github"), ("lint", "--format", "sarif"),
                      ("lint",), ("diff", "--format", "html"), ("diff", "--format", "json"),
                      ("diff", "--format", "unified"), ("diff", "--format", "markdown"), ("outline",)):
        outcome = measure(binary, *arguments, tutorial)
        assert "SECRET-e1c0" not in outcome.stdout + outcome.stderr, arguments
    outcome = measure(binary, "lint", "--format", "json", tutorial)
    assert outcome.code == 1, outcome
    messages = lint_messages(outcome)
    assert sum("leads to a hidden path (.git)" in message for message in messages) == 2, messages


def test_docc_resource_linked_inside_the_catalog(binary, tmp_path):
    path = docc(tmp_path, step("a-1.swift"), {"real.swift": b"let inside = 1\n"})
    os.symlink("real.swift", path.parent / "Resources" / "a-1.swift")
    outcome = measure(binary, "diff", "--format", "json", path)
    assert outcome.code == 0, outcome
    assert "let inside = 1" in outcome.stdout


def test_docc_resource_name_with_a_line_break(binary, tmp_path):
    outside_file(tmp_path)
    # A quoted DocC value ends at its line (and `\n` is no escape there): the name never reaches the
    # file system. CatalogResourcesTests.testNamesWithNULOrLineBreaksAreRefused covers the resolver.
    path = docc(tmp_path, step("a-1.swift\n../../outside/secret.swift"), {"a-1.swift": b"let a = 1\n"})
    assert_refused(binary, path, "this string is not closed")


def test_docc_resource_name_with_a_nul_byte(binary, tmp_path):
    path = docc(tmp_path, step("a-1.swift\x00.txt"), {"a-1.swift": b"let a = 1\n"})
    # The NUL makes the tutorial itself binary data: refused before any resource is looked up.
    assert_input_error(measure(binary, "lint", path), "is binary data")


def test_docc_resource_that_is_a_fifo(binary, tmp_path):
    path = docc(tmp_path, step("pipe.swift"), {})
    os.mkfifo(path.parent / "Resources" / "pipe.swift")
    outcome = measure(binary, "lint", "--format", "json", path, timeout=30)
    assert outcome.code == 1, outcome
    assert "is not a regular file" in lint_messages(outcome)[0]


def test_docc_catalog_with_100000_resources(binary, tmp_path):
    # The names are only found by searching the whole catalog (not beside the tutorial): the search
    # lists 100,000 files once, however many steps ask.
    steps = "".join(step(f"r-{n}.swift") for n in range(0, 100_000, 5_000)) + step("nowhere.swift")
    path = docc(tmp_path, steps, {})
    for folder in range(100):
        deep = path.parent / "Code" / f"f{folder:03}"
        deep.mkdir(parents=True)
        for n in range(folder * 1000, folder * 1000 + 1000):
            (deep / f"r-{n}.swift").write_bytes(b"let r = %d\n" % n)
    outcome = measure(binary, "lint", "--format", "json", path, timeout=120)
    assert outcome.code == 1, outcome
    messages = lint_messages(outcome)
    assert len(messages) == 1 and '"nowhere.swift" was not found' in messages[0], messages
    assert outcome.max_rss_mb < 500, outcome


def test_docc_catalog_search_with_a_link_loop(binary, tmp_path):
    path = docc(tmp_path, step("far.swift"), {})
    deep = path.parent / "Loop" / "A"
    deep.mkdir(parents=True)
    (deep / "far.swift").write_bytes(b"let far = 1\n")
    os.symlink(path.parent / "Loop", deep / "back")
    os.symlink(path.parent, deep / "catalog")
    outcome = measure(binary, "diff", "--format", "json", path, timeout=30)
    assert outcome.code == 0, outcome
    assert "let far = 1" in outcome.stdout


def test_walked_directory_with_a_link_leading_outside(binary, tmp_path):
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "stray.md").write_text("## Step 1\n\n```swift file=A.swift\nlet secret = \"SECRET-e1c0\"\n```\n")
    root = tmp_path / "docs"
    root.mkdir()
    (root / "t.md").write_text("## Step 1\n\n```swift file=A.swift\nlet a = 1\n```\n")
    os.symlink(outside, root / "linked-folder")
    os.symlink(outside / "stray.md", root / "linked.md")
    outcome = measure(binary, "diff", "--format", "json", root, timeout=30)
    assert outcome.code == 0, outcome
    assert [d["path"] for d in outcome.json()["documents"]] == [str(root / "t.md")]
    assert "SECRET-e1c0" not in outcome.stdout + outcome.stderr


# --- Paths -------------------------------------------------------------------------------------------

def test_file_name_with_spaces(binary, tmp_path):
    folder = tmp_path / "my tutorials"
    folder.mkdir()
    path = folder / "step by step.md"
    path.write_text("## Step 1\n\n```swift file=A.swift\nlet a = 1\n```\n")
    outcome = measure(binary, "outline", "--format", "json", path)
    assert outcome.code == 0, outcome
    assert outcome.json()["documents"][0]["path"].endswith("my tutorials/step by step.md")
    assert measure(binary, "lint", folder).code == 0


def test_path_with_dot_dot(binary, tmp_path):
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    (tmp_path / "b" / "t.md").write_text("## Step 1\n\n```swift file=A.swift\nlet a = 1\n```\n")
    outcome = measure(binary, "outline", "--format", "json", "../b/t.md", cwd=tmp_path / "a")
    assert outcome.code == 0, outcome
    assert outcome.json()["documents"][0]["path"] == "../b/t.md"


def test_symlink_loop_in_walked_directory(binary, tmp_path):
    root = tmp_path / "docs"
    (root / "sub").mkdir(parents=True)
    (root / "sub" / "t.md").write_text("## Step 1\n\n```swift file=A.swift\nlet a = 1\n```\n")
    os.symlink(root, root / "sub" / "loop")
    os.symlink(root / "sub", root / "sub" / "self")
    outcome = measure(binary, "outline", "--format", "json", root, timeout=30)
    assert outcome.code == 0, outcome
    paths = [d["path"] for d in outcome.json()["documents"]]
    assert len(paths) == 1 and paths[0].endswith("t.md"), paths


def test_committed_bad_inputs_never_crash(binary):
    """Fixtures/bad-inputs/: small hand-made documents; each is linted and must end with 0, 1 or 2."""
    files = sorted(p for p in BAD.rglob("*") if p.is_file())
    assert files
    for path in files:
        outcome = measure(binary, "lint", path)
        assert outcome.code in (0, 1, 2), (path, outcome)


# --- libxml2: no network, no external entities ---------------------------------------------------------

def test_html_external_entities_are_not_loaded(binary, tmp_path):
    secret = tmp_path / "secret.txt"
    secret.write_text("TOP-SECRET-CONTENT\n")
    path = tmp_path / "xxe.html"
    path.write_text(
        f'<!DOCTYPE html [<!ENTITY leak SYSTEM "file://{secret}">]>\n'
        '<html><body><h2>Step 1</h2><pre><code class="lang-swift">let s = "&leak;"\n</code></pre></body></html>\n')
    for command in ("outline", "lint", "diff"):
        outcome = measure(binary, command, "--format", "json", path)
        assert outcome.code in (0, 1), outcome
        assert "TOP-SECRET" not in outcome.stdout + outcome.stderr
    committed = BAD / "external-entity.html"
    outcome = measure(binary, "outline", "--format", "json", committed)
    assert outcome.code == 0 and "root:" not in outcome.stdout, outcome


def test_html_never_touches_the_network(binary, tmp_path):
    import socket

    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(8)
    listener.settimeout(0.5)
    port = listener.getsockname()[1]
    path = tmp_path / "remote.html"
    path.write_text(
        f'<!DOCTYPE html SYSTEM "http://127.0.0.1:{port}/strict.dtd" [\n'
        f'<!ENTITY % remote SYSTEM "http://127.0.0.1:{port}/evil.dtd">\n%remote;\n'
        f'<!ENTITY fetched SYSTEM "http://127.0.0.1:{port}/entity">\n]>\n'
        '<html><body><h2>Step 1</h2><pre><code>&fetched;</code></pre>'
        f'<img src="http://127.0.0.1:{port}/img.png"></body></html>\n')
    try:
        for command in ("outline", "lint"):
            assert measure(binary, command, path).code in (0, 1)
        with pytest.raises(socket.timeout):
            connection, _ = listener.accept()
            connection.close()
    finally:
        listener.close()


def test_the_table_in_docs_names_only_tests_that_exist():
    """docs/bad-inputs.md is the user-facing table: every row must name tests that exist, and there
    must be at least 30 rows."""
    import re

    table = (ROOT / "docs" / "bad-inputs.md").read_text()
    rows = [line for line in table.splitlines() if re.match(r"\| \d+ \|", line)]
    assert len(rows) >= 30, len(rows)
    sources = {
        "test_bad_inputs.py": (ROOT / "Tests/e2e/test_bad_inputs.py").read_text(),
        "test_bad_jsonrpc.py": (ROOT / "Tests/e2e/test_bad_jsonrpc.py").read_text(),
        "BadMessageTests": (ROOT / "Tests/LanguageServerTests/BadMessageTests.swift").read_text(),
        "FuzzRegressionTests": (ROOT / "Tests/FuzzRegressionTests/FuzzRegressionTests.swift").read_text(),
        "LineIndexFuzzRegressionTests": (ROOT / "Tests/TutorialModelTests/LineIndexFuzzRegressionTests.swift").read_text(),
        "FuzzRegressionFactsTests": (ROOT / "Tests/SwiftFactsTests/FuzzRegressionFactsTests.swift").read_text(),
        "TreeSpliceTests": (ROOT / "Tests/SwiftFactsTests/TreeSpliceTests.swift").read_text(),
        "IncrementalReadingTests": (ROOT / "Tests/TutorialReadersTests/IncrementalReadingTests.swift").read_text(),
        "FileTreeWalkNamesTests": (ROOT / "Tests/TutorialReadersTests/FileTreeWalkNamesTests.swift").read_text(),
        "DocumentLoaderSizeTests": (ROOT / "Tests/TutorialAnalysisTests/DocumentLoaderSizeTests.swift").read_text(),
        "DocumentLoaderWalkLimitTests": (ROOT / "Tests/TutorialAnalysisTests/DocumentLoaderSizeTests.swift").read_text(),
        "test_security.py": (ROOT / "Tests/e2e/test_security.py").read_text(),
        "CatalogResourcesTests": (ROOT / "Tests/TutorialReadersTests/CatalogResourcesTests.swift").read_text(),
        "DocCResourceFixTests": (ROOT / "Tests/TutorialFixesTests/FindingFixesTests.swift").read_text(),
        "BulkFixDeletesNothingTests": (ROOT / "Tests/TutorialFixesTests/FindingFixesTests.swift").read_text(),
        "FileFixerTests": (ROOT / "Tests/TutorialFixesTests/EditApplicationTests.swift").read_text(),
        "WorkspaceBoundaryTests": (ROOT / "Tests/LanguageServerTests/WorkspaceBoundaryTests.swift").read_text(),
        "ConfigurationTests": (ROOT / "Tests/TutorialRulesTests/ConfigurationTests.swift").read_text(),
        "test_lint_cache.py": (ROOT / "Tests/e2e/test_lint_cache.py").read_text(),
        "test_cli_inputs.py": (ROOT / "Tests/e2e/test_cli_inputs.py").read_text(),
        "test_ci_integration.py": (ROOT / "Tests/e2e/test_ci_integration.py").read_text(),
        "test_lsp_reads.py": (ROOT / "Tests/e2e/lsp/test_lsp_reads.py").read_text(),
        "test_hostile_shapes.py": (ROOT / "Tests/e2e/test_hostile_shapes.py").read_text(),
        "SwiftNestingTests": (ROOT / "Tests/TutorialModelTests/SwiftNestingTests.swift").read_text(),
        "SwiftParseLimitsTests": (ROOT / "Tests/TutorialModelTests/SwiftParseLimitsTests.swift").read_text(),
        "WorkBudgetFindingTests": (ROOT / "Tests/TutorialAnalysisTests/WorkBudgetFindingTests.swift").read_text(),
        "ParseGuardTests": (ROOT / "Tests/SwiftFactsTests/ParseGuardTests.swift").read_text(),
        "SyntaxTreesParseGuardTests": (ROOT / "Tests/StepDiffTests/SyntaxTreesTests.swift").read_text(),
    }
    for row in rows:
        named = re.findall(r"`([A-Za-z_.]+?)(?:::|\.)(test\w+)`", row)
        assert named, row
        for where, test in named:
            assert re.search(rf"def {test}\(|func {test}\(", sources[where]), f"{where}: no {test}"


# --- Configuration files (docs/security.md) -------------------------------------------------------------

def test_configuration_limits_and_lookup(binary, tmp_path):
    """Bad-inputs row 87: a configuration file over 1 MiB (sparse, 185 MB) or with too many globs is a
    one-line error, exit 2, refused before it is read; the lookup stops at the repository root, so a
    file above the checkout excludes nothing; a configuration linked outside the repository is refused."""
    checkout = tmp_path / "checkout"
    (checkout / ".git").mkdir(parents=True)
    document = checkout / "broken.md"
    document.write_text((ROOT / "Tests" / "e2e" / "lsp" / "fixtures" / "delegate-missing.md").read_text())
    (tmp_path / ".tutorial-check.json").write_text('{"exclude": ["**"]}')
    baseline = measure(binary, "lint", "--format", "json", document)
    assert baseline.code == 0 and baseline.json()["summary"]["documents"] == 1, baseline

    config = checkout / ".tutorial-check.json"
    with open(config, "wb") as handle:
        handle.truncate(185 << 20)
    outcome = measure(binary, "lint", document)
    assert outcome.code == 2 and outcome.stderr.splitlines() == [
        f"tutorial-check: {config}: is 185.0 MiB, over the limit of 1 MiB for a configuration file"], outcome
    # ru_maxrss carries the forking test runner's high-water mark over exec: compared with a run
    # without the file, reading 185 MB would show.
    assert outcome.max_rss_mb < baseline.max_rss_mb + 100, (outcome, baseline)

    config.write_text(json.dumps({"exclude": [f"d{i}/**" for i in range(300)]}))
    outcome = measure(binary, "lint", document)
    assert outcome.code == 2 and outcome.stderr.splitlines() == [
        f"tutorial-check: {config}: 'exclude' has 300 globs, over the limit of 256"], outcome

    config.unlink()
    (tmp_path / "shared.json").write_text('{"exclude": ["**"]}')
    os.symlink(tmp_path / "shared.json", config)
    outcome = measure(binary, "lint", document)
    assert outcome.code == 2 and len(outcome.stderr.splitlines()) == 1, outcome
    assert "is a symbolic link to" in outcome.stderr and "outside the repository" in outcome.stderr, outcome
