"""`tutorial-check lint --fix`: the language server's fix engine on files, written atomically."""
import os
import shutil
import subprocess

from lsp_support import BINARY, FIXTURES


def lint(*arguments):
    return subprocess.run([BINARY, "lint", *arguments], capture_output=True, text=True, timeout=120)


def test_fix_mends_every_step_reports_it_and_leaves_no_finding(tmp_path):
    path = tmp_path / "delegate-missing.md"
    shutil.copy(FIXTURES / "delegate-missing.md", path)
    before = lint(str(path))
    assert "[coordinator-not-wired]" in before.stdout
    fixed = lint("--fix", str(path))
    assert fixed.returncode == 0
    assert f"fixed {path}: Set .delegate = context.coordinator in makeUIViewController [coordinator-not-wired], 3 edits" in fixed.stderr
    assert "[coordinator-not-wired]" not in fixed.stdout
    assert path.read_text().count("        pageViewController.delegate = context.coordinator\n") == 3
    assert sorted(os.listdir(tmp_path)) == ["delegate-missing.md"], "no temporary file left behind"
    again = lint("--fix", str(path))
    assert again.stderr == "" and again.returncode == 0

