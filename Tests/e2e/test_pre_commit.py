"""The pre-commit hook (.pre-commit-hooks.yaml) run by the real `pre-commit` (PyPI) with `try-repo`:
it builds this repository with `language: swift`, fails a commit of a broken tutorial with the
finding printed, passes once the tutorial is fixed, and leaves files that are not tutorials alone."""
import os
import pathlib
import re
import shutil
import subprocess

import yaml

from conftest import ROOT

BROKEN = ROOT / "Tests" / "e2e" / "lsp" / "fixtures" / "missing-make-coordinator.md"
MAKE_COORDINATOR = "\n    func makeCoordinator() -> Coordinator {\n        Coordinator(self)\n    }\n"


def git(repository: pathlib.Path, *arguments: str) -> None:
    subprocess.run(["git", "-C", str(repository), *arguments], check=True, capture_output=True)


def try_repo(repository: pathlib.Path, store: pathlib.Path) -> subprocess.CompletedProcess:
    executable = ROOT / ".venv" / "bin" / "pre-commit"
    assert executable.exists(), "pre-commit is installed in .venv by scripts/setup --test"
    environment = dict(os.environ, PRE_COMMIT_HOME=str(store), PRE_COMMIT_COLOR="never")
    return subprocess.run([str(executable), "try-repo", str(ROOT), "tutorial-check", "--verbose"],
                          cwd=repository, env=environment, capture_output=True, text=True, timeout=3600)


def test_hook_definition_matches_the_tutorial_extensions():
    hooks = yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))
    hook = next(hook for hook in hooks if hook["id"] == "tutorial-check")
    assert hook["language"] == "swift" and hook["entry"] == "tutorial-check lint"
    pattern = re.compile(hook["files"])
    for name in ["a.md", "a.markdown", "a.mdown", "a.mkd", "a.html", "a.htm", "a.xhtml", "a.tutorial", "a.txt", "a.text"]:
        assert pattern.search(name), name
    for name in ["a.swift", "a.json", "a.mdx", "Package.resolved"]:
        assert not pattern.search(name), name


def test_try_repo_fails_on_a_broken_tutorial_and_passes_after_the_fix(tmp_path):
    repository = tmp_path / "tutorials"
    repository.mkdir()
    git(repository, "init", "-q")
    git(repository, "config", "user.email", "author@example.com")
    git(repository, "config", "user.name", "Author")
    tutorial = repository / "page-view.md"
    shutil.copy(BROKEN, tutorial)
    # A Swift file that would not parse as a tutorial: the hook must not be given it.
    (repository / "Notes.swift").write_text("let notes = [\n")
    git(repository, "add", ".")
    store = tmp_path / "pre-commit-store"

    failed = try_repo(repository, store)
    assert failed.returncode == 1, failed.stdout + failed.stderr
    assert "tutorial-check" in failed.stdout and "Failed" in failed.stdout
    assert "page-view.md:" in failed.stdout and "[missing-make-coordinator]" in failed.stdout, failed.stdout
    assert "Notes.swift" not in failed.stdout

    text = tutorial.read_text(encoding="utf-8")
    fixed = text.replace("    var pages: [Page]\n", "    var pages: [Page]\n" + MAKE_COORDINATOR)
    assert fixed != text
    tutorial.write_text(fixed, encoding="utf-8")
    git(repository, "add", ".")
    passed = try_repo(repository, store)
    assert passed.returncode == 0, passed.stdout + passed.stderr
    assert "Passed" in passed.stdout and "[missing-make-coordinator]" not in passed.stdout
