"""Adversarial shapes × sizes through the real binary (issue 22, docs/bad-inputs.md rows 68–71).

Each shape is a document generated at 1, 5, 20 and 80 KB: Swift nested in every way SwiftParser
recurses (generics, brackets, closures, `try`/`await`/`any` and prefix chains, postfix chains, function
types, `#if`, interpolations, `<` in arguments), open or closed, as one deep snippet and as many snippets
each just under the limits; Markdown, HTML and plain text with deep lists and quotes, many headings and
many tiny steps. Every run must end without a signal, in bounded memory (512 MB), and with time that
grows about linearly with the size: the CPU time of the 80 KB document is at most 10× that of the
20 KB one (4× the size; a quadratic step gives 16×). Times under a quarter second are taken as a
quarter second, so start-up and noise on a busy machine do not count as growth. This is not a timed
assertion of one input: the growth is checked, and the table is printed (`pytest -s`) for the record.
Peak memory is the child's `ru_maxrss` from `wait4`, which on Linux starts from the size of the forked
test runner (about 50 MB): an upper bound, which is what the limit needs.
"""
import os
import signal
import subprocess
import threading
import time

import pytest

SIZES_KB = (1, 5, 20, 80)
MEMORY_LIMIT_MB = 512
GROWTH_LIMIT = 10.0  # CPU time at 80 KB over CPU time at 20 KB
TIME_FLOOR = 0.25
HANG = 60  # seconds: a run this long is a hang, whatever the growth


def markdown_step(number, code):
    return f"## Step {number}\n\nAdd the code.\n\n```swift file=A.swift\n{code}\n```\n\n"


def one_snippet(opening, middle, closing):
    """One step whose snippet repeats `opening` and `closing` around `middle` until the document
    reaches its size."""

    def build(size):
        depth = max(1, (size - 60) // max(1, len(opening) + len(closing)))
        return "# T\n\n" + markdown_step(1, "let a = " + opening * depth + middle + closing * depth)

    return build


def many_snippets(code):
    """Steps each holding `code` (a snippet just under the parse limits, `N` replaced by the step's
    number so that no two file states are the same text) until the size is reached."""

    def build(size):
        text, number = "# T\n\n", 0
        while len(text) < size:
            number += 1
            text += markdown_step(number, code.replace("N", str(number)))
        return text

    return build


def repeated(head, unit):
    def build(size):
        return head + unit * max(1, (size - len(head)) // len(unit))

    return build


def numbered(head, unit):
    def build(size):
        text, number = head, 0
        while len(text) < size:
            number += 1
            text += unit.format(n=number)
        return text

    return build


SHAPES = {
    # One deep Swift snippet (refused by the nesting scan beyond its limits).
    "generic A<A<…>>": one_snippet("A<", "Int", ">"),
    "generic A<A<… open": one_snippet("A<", "", ""),
    "try try …": one_snippet("try ", "f()", ""),
    "await await …": one_snippet("await ", "f()", ""),
    "any any …": one_snippet("any ", "P", ""),
    "#if nested": one_snippet("\n#if A\n", "let b = 1", "\n#endif\n"),
    "f(a < b, …)": one_snippet("", "f(" + "a < b, " * 1 + "", ""),  # widened below
    "\"\\(f(\\(f( open": one_snippet("\\(f(", "", ""),
    "\"\\(\"\\( closed": one_snippet("\"\\(", "x", ")\""),
    "(((… closed": one_snippet("(", "1", ")"),
    "(((… open": one_snippet("(", "", ""),
    "{{{… closures": one_snippet("{ ", "x", " }"),
    "[[[… closed": one_snippet("[", "1", "]"),
    "! ! ! prefix": one_snippet("! ", "b", ""),
    "- - - prefix": one_snippet("- ", "b", ""),
    "a + a + … flat": one_snippet("a + ", "a", ""),
    "a.b.c… members": one_snippet("", "b", ".c"),
    "f()()… calls": one_snippet("", "f", "()"),
    ".c().c()… chain": one_snippet("", "b", ".c()"),
    "Int??? optionals": one_snippet("", "Int", "?"),
    "() -> () -> … types": one_snippet("() -> ", "Int", ""),
    "[A: [A: … types": one_snippet("[A: ", "B", "]"),
    "a ? b : a ? … ternary": one_snippet("a ? b : ", "c", ""),
    # Many snippets, each just under the limits.
    "steps of \\(f( 4 open": many_snippets('let aN = "' + "\\(f(" * 4),
    "steps of A< 12 deep": many_snippets("let aN: " + "A<" * 12 + "Int" + ">" * 12),
    "steps of 8 ( open": many_snippets("let aN = " + "(" * 8),
    "steps of 12 { ( open, elided": many_snippets("var bodyN: some View {\n" + "    f { x in (\n        ...\n" * 6),
    "12 { open ahead of code": lambda size: "# T\n\n" + markdown_step(1, "if a { " * 12 + "\n" + "let x = 1\n" * max(1, (size - 150) // 10)),
    "mismatched ( } lines": lambda size: "# T\n\n" + markdown_step(1, "f( a }\n" * max(1, (size - 60) // 7)),
    "steps of #if 60 deep": many_snippets("#if A\n" * 60 + "let bN = 1\n" + "#endif\n" * 60),
    "steps of any 60": many_snippets("let aN: " + "any " * 60 + "P"),
    "steps of ( 60 closed": many_snippets("let aN = " + "(" * 60 + "1" + ")" * 60),
    "steps of .c() 30": many_snippets("let aN = b" + ".c()" * 30),
    "steps of try 60": many_snippets("let aN = " + "try " * 60 + "f()"),
    # Markdown, HTML and plain text.
    "markdown: deep list": repeated("# T\n\n", "- "),
    "markdown: deep quote": repeated("# T\n\n", "> "),
    "markdown: many headings": numbered("# T\n\n", "## Heading {n}\n"),
    "markdown: tiny steps": numbered("# T\n\n", "## Step {n}\n\nx\n\n"),
    "markdown: tiny steps with code": numbered("# T\n\n", "## Step {n}\n\n```swift file=A.swift\nlet a{n} = 1\n```\n"),
    # Leading blank lines, then many single-mark paragraphs: whether a line opens the document is asked of each.
    "markdown: blank lines, then #Word lines": lambda size: "\n" * (size // 2) + "#Word\n\n" * max(1, size // 14),
    "html: deep divs": repeated("<h2>Step 1</h2>", "<div>"),
    "html: tiny steps": numbered("", "<h2>Step {n}</h2><p>x</p>\n"),
    "html: steps with code": numbered("", '<h2>Step {n}</h2><pre><code class="language-swift">let a{n} = 1</code></pre>\n'),
    "text: tiny steps": numbered("Tutorial\n\n", "Step {n}: Add it.\n\nlet a{n} = 1\n\n"),
}
SHAPES["f(a < b, …)"] = lambda size: "# T\n\n" + markdown_step(1, "f(" + "a < b, " * max(1, (size - 60) // 7) + "c)")
EXTENSIONS = {"html": ".html", "text": ".txt"}


def run(binary, command, path):
    """CPU seconds, peak resident MB and exit code of one run (wait4's rusage of the child)."""
    started = time.monotonic()
    process = subprocess.Popen([binary, command, str(path)], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    output = {}
    threads = [threading.Thread(target=lambda n=n, s=s: output.__setitem__(n, s.read())) for n, s in (("out", process.stdout), ("err", process.stderr))]
    for thread in threads:
        thread.start()
    timer = threading.Timer(HANG, process.kill)
    timer.start()
    _, status, usage = os.wait4(process.pid, 0)
    timer.cancel()
    for thread in threads:
        thread.join()
    code = os.waitstatus_to_exitcode(status)
    assert time.monotonic() - started < HANG, f"{command} {path.name}: hung, killed after {HANG}s"
    assert code >= 0, f"{command} {path.name}: signal {signal.Signals(-code).name}: {output['err'][-1000:]!r}"
    assert code in (0, 1), f"{command} {path.name}: exit {code}: {output['err'][-1000:]!r}"
    return usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, output["out"].decode(errors="replace")


@pytest.mark.parametrize("command", ["lint", "outline"])
@pytest.mark.parametrize("shape", list(SHAPES))
def test_time_grows_linearly_and_memory_stays_bounded(binary, tmp_path, shape, command):
    extension = EXTENSIONS.get(shape.split(":")[0], ".md")
    rows = []
    for kilobytes in SIZES_KB:
        path = tmp_path / f"shape-{kilobytes}{extension}"
        path.write_text(SHAPES[shape](kilobytes * 1024))
        seconds, megabytes, _ = run(binary, command, path)
        rows.append((kilobytes, seconds, megabytes))
        assert megabytes < MEMORY_LIMIT_MB, f"{shape} at {kilobytes} KB: {megabytes:.0f} MB"
    print(f"\n{command:7} {shape:32} " + "  ".join(f"{k:>2} KB {s:6.2f} s {m:4.0f} MB" for k, s, m in rows))
    growth = max(rows[3][1], TIME_FLOOR) / max(rows[2][1], TIME_FLOOR)
    assert growth <= GROWTH_LIMIT, f"{shape}: {command} time grows {growth:.1f}× from 20 to 80 KB: {rows}"


DEEP = {
    "generic A<A<…>> 500 deep": "let a: " + "A<" * 500 + "Int" + ">" * 500,
    "try × 5000": "let a = " + "try " * 5000 + "f()",
    "#if × 3000 nested": "#if A\n" * 3000 + "let b = 1\n" + "#endif\n" * 3000,
    "f(a < b, …) × 2000": "f(" + "a < b, " * 2000 + "c)",
    "\"\\(f( unclosed 200 deep": 'let a = "' + "\\(f(" * 200,
    "\"\\( × 8000 closed": 'let a = "' + '\\("' * 8000 + "x" + '")' * 8000 + '"',
    "any × 20000": "let a: " + "any " * 20000 + "P",
}


@pytest.mark.parametrize("name", list(DEEP))
def test_the_shapes_of_issue_22_get_one_input_error_each(binary, tmp_path, name):
    """The reported inputs: each snippet is refused before it is parsed, with one `input-error` that
    says why, in `lint`, `diff` and `report`, without a signal."""
    path = tmp_path / "deep.md"
    path.write_text("# T\n\n" + markdown_step(1, DEEP[name]))
    _, _, output = run(binary, "lint", path)
    assert output.count("input-error") == 1, output
    assert "not parsed" in output or "skip it" in output, output
    for command in ("diff", "report"):
        run(binary, command, path)


def test_the_language_server_answers_the_shapes_of_issue_22_and_keeps_serving():
    """Each reported document opened in the editor (`didOpen` of the 500-deep generics killed the server):
    its pulled diagnostics hold the `input-error`, and the server still outlines a good document."""
    import pathlib
    import sys

    sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent / "lsp"))
    from lsp_support import BINARY
    from rpc import RawServer
    from test_bad_jsonrpc import assert_still_serving

    server = RawServer(BINARY)
    try:
        server.initialize()
        for number, code in enumerate(DEEP.values()):
            uri = f"file:///deep-{number}.md"
            text = "# T\n\n" + markdown_step(1, code)
            server.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "markdown", "version": 1, "text": text}})
            pulled = server.response(server.request("textDocument/diagnostic", {"textDocument": {"uri": uri}}))["result"]
            assert [d.get("code") for d in pulled["items"]].count("input-error") == 1, pulled
        assert_still_serving(server)
    finally:
        server.close()


def over_the_composition_budget():
    """A file created once, then 400 steps that each add a method in an extension: each fragment is
    placed into the file's latest state, which composition parses whole, so the states it reads grow as
    the square of the steps and pass the 256 KiB budget near step 108 (42 KB of Markdown)."""
    text = "# T\n\n## Step 1\n\nCreate the file.\n\n```swift file=A.swift\nimport SwiftUI\n\nstruct A {\n    var name = \"\"\n}\n```\n\n"
    for number in range(2, 400):
        text += f"## Step {number}\n\nAdd `f{number}` to `A`.\n\n```swift file=A.swift\nextension A {{\n    func f{number}() -> Int {{ {number} }}\n}}\n```\n\n"
    return text


def test_the_composition_budget_is_one_input_error_in_every_output(binary, tmp_path):
    """Going over the per-document work budget is one `input-error` finding at the first fragment left
    out, saying what limit and how much was skipped: in every lint format and in the report (the fragments
    themselves keep their reason in `diff`)."""
    import json

    path = tmp_path / "budget.md"
    path.write_text(over_the_composition_budget())
    _, _, text = run(binary, "lint", path)
    assert text.count("input-error") == 1, text
    assert "over 256 KiB of earlier file states" in text and "291 more after it" in text, text
    outputs = {}
    for output_format in ("json", "sarif", "github", "junit"):
        result = subprocess.run([binary, "lint", "--format", output_format, str(path)], capture_output=True, text=True)
        assert result.returncode in (0, 1), result.stderr
        outputs[output_format] = result.stdout
        assert result.stdout.count("work budget") == 1, (output_format, result.stdout[-2000:])
    findings = [f for document in json.loads(outputs["json"])["documents"] for f in document["diagnostics"]]
    assert [(f["rule"], f["step"]) for f in findings] == [("input-error", "1.108")], findings
    diff = subprocess.run([binary, "diff", str(path)], capture_output=True, text=True).stdout
    assert diff.count("not composed: this document's fragments would have the Swift parser read over 256 KiB") == 292
    site = tmp_path / "site"
    subprocess.run([binary, "report", "--quiet", "--output", str(site), str(path)], capture_output=True, check=True)
    page = (site / "tutorials" / "budget-md.html").read_text()
    assert page.count("went over its work budget") == 1


def test_the_language_server_reports_the_composition_budget_once():
    """The same document in the editor: its diagnostics hold the one `input-error`, at step 1.108's snippet."""
    import pathlib
    import sys

    sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent / "lsp"))
    from lsp_support import BINARY
    from rpc import RawServer
    from test_bad_jsonrpc import assert_still_serving

    server = RawServer(BINARY)
    try:
        server.initialize()
        text = over_the_composition_budget()
        uri = "file:///budget.md"
        server.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "markdown", "version": 1, "text": text}})
        pulled = server.response(server.request("textDocument/diagnostic", {"textDocument": {"uri": uri}}))["result"]
        budget = [d for d in pulled["items"] if d.get("code") == "input-error"]
        assert len(budget) == 1 and "work budget" in budget[0]["message"], pulled
        assert budget[0]["range"]["start"]["line"] == text.splitlines().index("## Step 108") + 5, budget
        assert_still_serving(server)
    finally:
        server.close()


def test_every_case_of_issue_22_is_a_row_of_the_bad_inputs_table():
    """docs/bad-inputs.md maps the ten cases of issue 22 to rows; each row named exists and names a test
    (that the tests exist is checked by test_bad_inputs.py's table test)."""
    import pathlib
    import re

    table = (pathlib.Path(__file__).resolve().parents[2] / "docs" / "bad-inputs.md").read_text()
    cases = table.split("### Issue 22, case by case")[1].split("###")[0]
    mapped = re.findall(r"^\| (\d+)\. .* \| ([\d, ]+) \|$", cases, re.MULTILINE)
    assert [int(case) for case, _ in mapped] == list(range(1, 11)), mapped
    rows = {int(n): line for n, line in re.findall(r"^\| (\d+) \|(.*)$", table, re.MULTILINE)}
    for case, numbers in mapped:
        for number in (int(n) for n in numbers.split(",")):
            assert number in rows, f"case {case}: no row {number}"
            assert re.search(r"`[A-Za-z_.]+?(?:::|\.)test\w+`", rows[number]), f"case {case}: row {number} names no test"
