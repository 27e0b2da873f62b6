"""Emacs (Debian's `emacs-nox` with `elpa-eglot` and `elpa-markdown-mode`) as a real LSP client of
tutorial-check, in batch mode: the README's recipe, diagnostics in Flymake, a quick fix applied by
`eglot-code-actions`, the diagnostic clearing, and a hover through eldoc."""
import json
import os
import pathlib
import re
import shutil
import subprocess

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parents[2]
FIXTURE = HERE.parent / "lsp" / "fixtures" / "delegate-missing.md"


def readme_recipe(editor: str, language: str) -> str:
    """The code block that follows the README's bold editor name."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    match = re.search(rf"\*\*{editor}\*\*.*?```{language}\n(.*?)```", readme, re.S)
    assert match, f"README has no {language} recipe for {editor}"
    return match.group(1)


def test_emacs_eglot_reads_diagnostics_applies_a_quick_fix_and_hovers(binary, tmp_path):
    emacs = shutil.which("emacs")
    assert emacs, "Emacs is installed by scripts/setup --test"
    document = tmp_path / "delegate-missing.md"
    shutil.copy(FIXTURE, document)
    recipe = tmp_path / "recipe.el"
    recipe.write_text(readme_recipe("Emacs", "elisp"), encoding="utf-8")
    # The recipe names the program `tutorial-check`: find it on PATH as an installed one would be.
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    (bin_dir / "tutorial-check").symlink_to(binary)
    report_path = tmp_path / "report.json"
    environment = dict(
        os.environ,
        PATH=f"{bin_dir}{os.pathsep}{os.environ['PATH']}",
        HOME=str(tmp_path),
        EMACS_SMOKE_RECIPE=str(recipe),
        EMACS_SMOKE_DOCUMENT=str(document),
        EMACS_SMOKE_REPORT=str(report_path),
    )
    result = subprocess.run(
        [emacs, "--batch", "-l", str(HERE / "smoke.el")],
        env=environment, capture_output=True, text=True, timeout=180, stdin=subprocess.DEVNULL,
    )
    assert report_path.exists(), f"Emacs wrote no report: {result.stdout} {result.stderr}"
    report = json.loads(report_path.read_text())
    assert report["ok"] is True, (report, result.stderr[-3000:])
    assert result.returncode == 0
    assert report["mode"] == "markdown-mode"
    assert report["steps"] == ["started", "diagnostic", "applied", "cleared", "hover"]
    assert report["diagnostic"]["count"] == 1
    assert "coordinator-not-wired" in report["diagnostic"]["text"]
    assert report["action"].startswith("Set .delegate = context.coordinator")
    # The fix mends step 1 and the two later steps that repeat the mistake, in one edit.
    assert report["inserted"] == 3
    # Hovering a step heading shows what the step changed, as a diff.
    assert report["hover"].startswith("**Step 1 (1.1)**") and "```diff" in report["hover"]
    # The rule's documentation is a page an editor can open, not a private scheme.
    assert report["diagnostic"]["href"].startswith("https://")
    assert report["diagnostic"]["href"].endswith("/docs/rules.md#coordinator-not-wired")
