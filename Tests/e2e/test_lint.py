"""End-to-end tests of `tutorial-check lint`, `rules` and `explain` on the built binary.

Fixtures/lint/<rule-id>/ holds broken variants of the bundled tutorials, each with the expected
`lint --format json` output next to it (`<document>.lint.json`, paths relative to Fixtures/lint).
"""
import json
import pathlib
import re

import pytest
import sarif_pydantic

from conftest import ROOT, run

FIXTURES = ROOT / "Fixtures" / "lint"
EXPECTED = sorted(FIXTURES.rglob("*.lint.json"))
# The rule ids in catalog order, as docs/rules.md (generated from the registry, checked current by
# test_rules_and_explain) lists them: the registry is the one list, no copy of it is kept here.
def rule_ids_of_the_reference() -> list:
    # Fences as CommonMark reads them: an example's own fences stand inside a longer one.
    ids, fence = [], None
    for line in (ROOT / "docs" / "rules.md").read_text(encoding="utf-8").splitlines():
        run = re.match(r"(`{3,}|~{3,})(.*)", line)
        if fence is None and run:
            fence = run.group(1)
        elif fence is not None and run and run.group(1)[0] == fence[0] and len(run.group(1)) >= len(fence) and not run.group(2).strip():
            fence = None
        elif fence is None and line.startswith("## "):
            ids.append(line[3:].strip())
    return ids


RULE_IDS = rule_ids_of_the_reference()


def document_of(expected: pathlib.Path) -> str:
    return str(expected.relative_to(FIXTURES))[: -len(".lint.json")]


def test_every_rule_has_a_broken_fixture():
    covered = {path.relative_to(FIXTURES).parts[0] for path in EXPECTED}
    assert covered == set(RULE_IDS)


@pytest.mark.parametrize("expected", EXPECTED, ids=[document_of(path) for path in EXPECTED])
def test_broken_fixture_fails_with_exactly_its_findings(binary, expected):
    document = document_of(expected)
    result = run(binary, "lint", "--format", "json", document, cwd=FIXTURES)
    assert json.loads(result.stdout) == json.loads(expected.read_text(encoding="utf-8")), result.stderr
    rule = expected.relative_to(FIXTURES).parts[0]
    diagnostics = json.loads(result.stdout)["documents"][0]["diagnostics"]
    # The fixture's own rule is there, unresolved, and at warning level or above (a folder config
    # raises the information and hint rules, as a CI setup would).
    assert any(d["rule"] == rule and d["resolvedAt"] is None and d["severity"] in ("error", "warning") for d in diagnostics)
    strict = run(binary, "lint", "--strict", document, cwd=FIXTURES)
    assert strict.returncode == 1, strict.stdout + strict.stderr


def test_bundled_tutorials_lint_clean(binary, root):
    result = run(binary, "lint", "--strict", "--format", "json", "Tutorials", cwd=root)
    assert result.returncode == 0, result.stdout
    report = json.loads(result.stdout)
    assert report["summary"]["documents"] >= 4
    assert report["summary"]["errors"] == 0 and report["summary"]["warnings"] == 0
    # Apple's correct tutorial: nothing at all by default (its build order is no defect) ...
    assert report["documents"] and all(document["diagnostics"] == [] for document in report["documents"])
    # ... and, asked for, only build order: hints, each completed by a later step.
    shown = json.loads(run(binary, "lint", "--format", "json", "--include-build-order", "Tutorials", cwd=root).stdout)
    hints = [diagnostic for document in shown["documents"] for diagnostic in document["diagnostics"]]
    assert hints and all(d["severity"] == "hint" and d["resolvedAt"] for d in hints), hints


def test_text_format_is_compiler_style_with_the_step(binary):
    result = run(binary, "lint", "wiring-in-update/interfacing-with-uikit.md", cwd=FIXTURES)
    assert result.returncode == 0  # warnings only, not --strict
    line = next(l for l in result.stdout.splitlines() if "[wiring-in-update]" in l)
    assert line.startswith("wiring-in-update/interfacing-with-uikit.md:631:9: warning: ")
    assert line.endswith("[wiring-in-update] (step 3.5)")
    assert "0 errors, 1 warning" in result.stdout.splitlines()[-1]


def test_error_findings_exit_1(binary):
    result = run(binary, "lint", "binding-passed-by-value/interfacing-with-uikit.md", cwd=FIXTURES)
    assert result.returncode == 1


def test_github_annotations(binary):
    # Build order shown (as hints) exercises the notice level too.
    result = run(
        binary, "lint", "--format", "github", "--include-build-order", "coordinator-not-wired/interfacing-with-uikit.md",
        cwd=FIXTURES)
    lines = result.stdout.splitlines()
    warning = next(l for l in lines if l.startswith("::warning "))
    assert warning.startswith("::warning file=coordinator-not-wired/interfacing-with-uikit.md,line=635,col=66,")
    assert ",title=coordinator-not-wired::" in warning and "(step 3.5)" in warning
    assert any(l.startswith("::notice ") for l in lines)


def test_sarif_validates_against_the_2_1_0_object_model(binary):
    documents = [document_of(path) for path in EXPECTED if path.suffixes[-3:-2] != [".tutorial"]][:6]
    result = run(binary, "lint", "--format", "sarif", "--include-build-order", *documents, cwd=FIXTURES)
    log = sarif_pydantic.Sarif.model_validate(json.loads(result.stdout))
    assert log.version == "2.1.0"
    run_ = log.runs[0]
    assert run_.tool.driver.name == "tutorial-check"
    assert [rule.id for rule in run_.tool.driver.rules] == RULE_IDS
    assert run_.results
    for item in run_.results:
        assert item.rule_id in RULE_IDS
        region = item.locations[0].physical_location.region
        assert region.start_line >= 1 and region.start_column >= 1
        assert item.locations[0].physical_location.artifact_location.uri.endswith((".md", ".txt", ".html"))
    levels = {item.level.value if hasattr(item.level, "value") else item.level for item in run_.results}
    assert {"error", "warning", "note"} <= levels


def test_configuration_file_and_explicit_config(binary, tmp_path):
    source = (FIXTURES / "coordinator-not-wired" / "interfacing-with-uikit.md").read_text(encoding="utf-8")
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "page.md").write_text(source, encoding="utf-8")
    (tmp_path / ".tutorial-check.json").write_text('{"rules": {"coordinator-not-wired": "error"}}', encoding="utf-8")
    assert run(binary, "lint", "docs/page.md", cwd=tmp_path).returncode == 1
    (tmp_path / "off.json").write_text('{"rules": {"coordinator-not-wired": "off"}}', encoding="utf-8")
    result = run(binary, "lint", "--strict", "--config", "off.json", "docs/page.md", cwd=tmp_path)
    assert result.returncode == 0 and "coordinator-not-wired" not in result.stdout
    (tmp_path / ".tutorial-check.json").write_text('{"exclude": ["docs/**"]}', encoding="utf-8")
    result = run(binary, "lint", "--format", "json", "docs/page.md", cwd=tmp_path)
    assert json.loads(result.stdout)["summary"]["documents"] == 0
    (tmp_path / ".tutorial-check.json").write_text('{"rules": {"no-such-rule": "off"}}', encoding="utf-8")
    bad = run(binary, "lint", "docs/page.md", cwd=tmp_path)
    assert bad.returncode == 2 and "no-such-rule" in bad.stderr and len(bad.stderr.splitlines()) == 1


def test_inline_suppressions(binary, tmp_path):
    source = (FIXTURES / "coordinator-not-wired" / "interfacing-with-uikit.md").read_text(encoding="utf-8")
    marker = "### Step 5\n\nDeclare that the coordinator also adopts"
    assert marker in source
    page = tmp_path / "page.md"
    page.write_text(source.replace(marker, "<!-- tutorial-check-disable-next-step coordinator-not-wired -->\n\n" + marker), encoding="utf-8")
    assert "coordinator-not-wired" not in run(binary, "lint", str(page)).stdout
    page.write_text("<!-- tutorial-check-disable coordinator-not-wired -->\n" + source, encoding="utf-8")
    assert "coordinator-not-wired" not in run(binary, "lint", str(page)).stdout
    page.write_text("<!-- tutorial-check-disable step-numbering -->\n" + source, encoding="utf-8")
    assert "coordinator-not-wired" in run(binary, "lint", str(page)).stdout


def test_fix_writes_the_headings_and_the_fence_language_the_author_meant(binary, tmp_path):
    # Our own page: heading lines Markdown reads as text and a misspelt fence language, each an input-error
    # finding whose fix mends the page (nothing the author wrote is taken away), so `lint --fix` applies it.
    page = tmp_path / "jars.md"
    page.write_text("# Jars\n\n##Make a jar\n\n```Swfit\nlet jar = 1\n```\n\n\\### Close it\n\n####\u00a0Lid\n", encoding="utf-8")
    before = run(binary, "lint", str(page))
    assert before.stdout.count("[input-error]") == 4
    fixed = run(binary, "lint", "--fix", str(page))
    assert fixed.returncode == 0, fixed.stdout + fixed.stderr
    assert page.read_text(encoding="utf-8") == "# Jars\n\n## Make a jar\n\n```Swift\nlet jar = 1\n```\n\n### Close it\n\n#### Lid\n"
    assert "[input-error]" not in run(binary, "lint", str(page)).stdout


def test_usage_and_input_errors_exit_2(binary, tmp_path):
    for arguments in (["lint"], ["lint", "--format", "xml", "x.md"], ["lint", str(tmp_path / "missing.md")], ["explain", "no-such-rule"]):
        result = run(binary, *arguments)
        assert result.returncode == 2, arguments
        assert result.stderr.startswith("tutorial-check: ") and len(result.stderr.splitlines()) == 1


def test_rules_and_explain(binary, root):
    listing = run(binary, "rules")
    assert listing.returncode == 0
    assert [line.split()[0] for line in listing.stdout.splitlines()] == RULE_IDS
    explained = run(binary, "explain", "coordinator-not-wired")
    assert explained.returncode == 0 and "context ctx: Context" in explained.stdout and "Not reported" in explained.stdout
    markdown = run(binary, "rules", "--format", "markdown")
    assert markdown.stdout == (root / "docs" / "rules.md").read_text(encoding="utf-8")


def test_ranges_in_an_html_page_shown_as_text(binary):
    """In a page's source shown as text, the finding covers the call's characters, markup inside it included."""
    document = "initializer-mismatch/code-viewer.txt"
    result = run(binary, "lint", "--format", "json", document, cwd=FIXTURES)
    diagnostic = json.loads(result.stdout)["documents"][0]["diagnostics"][0]
    start, end = diagnostic["range"]["start"], diagnostic["range"]["end"]
    line = (FIXTURES / document).read_text(encoding="utf-8").split("\n")[start["line"] - 1]
    assert start["line"] == end["line"]
    assert line[start["column"] - 1 : end["column"] - 1] == 'Embedded(title: <span class="hljs-string">"&lt;p&gt;"</span>)'
