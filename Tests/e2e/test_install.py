"""scripts/install into a temporary prefix: the installed binary runs, its man page is the one the
binary generates from its --help text (docs/tutorial-check.1 is never stale) and renders cleanly, and
the installed completions complete in real bash (bash-completion), zsh (compinit) and fish."""
import os
import pathlib
import re
import shutil
import subprocess

import pexpect
import pytest

from conftest import ROOT, run

COMMANDS = ["outline", "diff", "compare", "lint", "init", "rules", "explain", "lsp", "report", "completions", "manpage"]


@pytest.fixture(scope="module")
def prefix(tmp_path_factory) -> pathlib.Path:
    prefix = tmp_path_factory.mktemp("prefix")
    result = subprocess.run([str(ROOT / "scripts" / "install"), str(prefix)], capture_output=True, text=True,
                            timeout=1800)
    assert result.returncode == 0, result.stderr[-3000:]
    return prefix


def test_installed_binary_runs(prefix):
    installed = prefix / "bin" / "tutorial-check"
    assert os.access(installed, os.X_OK)
    version = run(str(installed), "--version")
    assert version.returncode == 0 and re.fullmatch(r"tutorial-check \d+\.\d+\.\d+\n", version.stdout)
    lint = run(str(installed), "lint", "--format", "json", str(ROOT / "Tests/e2e/lsp/fixtures/delegate-missing.md"))
    assert lint.returncode == 0 and '"coordinator-not-wired"' in lint.stdout, lint.stderr
    # The rules' protocol table (which coordinator-not-wired reads) is compiled in: the installed binary
    # needs no resource bundle beside it nor the build folder it was built in.
    assert b"_TutorialRules.resources" not in installed.read_bytes()
    for path in ["share/man/man1/tutorial-check.1", "share/bash-completion/completions/tutorial-check",
                 "share/zsh/site-functions/_tutorial-check", "share/fish/vendor_completions.d/tutorial-check.fish"]:
        assert (prefix / path).stat().st_size > 0, path


def test_man_page_in_the_repository_is_what_the_binary_generates(binary):
    generated = run(binary, "manpage")
    assert generated.returncode == 0, generated.stderr
    committed = (ROOT / "docs" / "tutorial-check.1").read_text(encoding="utf-8")
    assert generated.stdout == committed, "docs/tutorial-check.1 is stale: tutorial-check manpage > docs/tutorial-check.1"


def test_man_page_says_what_help_says(binary, prefix):
    environment = dict(os.environ, MANPATH=str(prefix / "share" / "man"), MANWIDTH="200", MAN_KEEP_FORMATTING="0")
    page = subprocess.run(["man", "tutorial-check"], env=environment, capture_output=True, text=True, timeout=60)
    assert page.returncode == 0, page.stderr
    text = re.sub(r".\x08", "", page.stdout)
    for command in COMMANDS:
        usage = run(binary, command, "--help")
        assert usage.returncode == 0, (command, usage.stderr)
        for option in re.findall(r"^  (--[\w-]+)", usage.stdout, re.M):
            assert option in text, (command, option)
        assert f"tutorial-check {command}" in text, command
    warnings = subprocess.run(["groff", "-man", "-Tutf8", "-ww", "-z", str(prefix / "share/man/man1/tutorial-check.1")],
                              capture_output=True, text=True, timeout=60)
    assert warnings.returncode == 0 and warnings.stderr == "", warnings.stderr


def shell_environment(prefix: pathlib.Path, home: pathlib.Path) -> dict:
    return {
        "PATH": f"{prefix / 'bin'}:/usr/bin:/bin",
        "HOME": str(home),
        "TERM": "dumb",
        "XDG_DATA_DIRS": f"{prefix / 'share'}:/usr/share",
        "LANG": "C.UTF-8",
    }


def completes(shell: str, arguments: list, environment: dict, typed: str, expected: str) -> None:
    """Types `typed` (ending in a TAB) at a fresh interactive shell's prompt and waits for `expected`:
    one shell per check, so no check depends on how the previous one left the line editor."""
    session = pexpect.spawn(shell, arguments, env=environment, encoding="utf-8", timeout=60, dimensions=(24, 200))
    try:
        session.expect_exact("READY> ")
        session.send(typed)
        session.expect_exact(expected)
    finally:
        session.terminate(force=True)


def test_bash_completes_the_command_with_bash_completion(prefix, tmp_path):
    rc = tmp_path / "bashrc"
    # bash-completion finds completions for a command lazily in $XDG_DATA_DIRS/bash-completion/completions.
    rc.write_text("source /usr/share/bash-completion/bash_completion\nPS1='READY> '\n")
    bash = ["--noprofile", "--rcfile", str(rc), "-i"]
    environment = shell_environment(prefix, tmp_path)
    completes("bash", bash, environment, "tutorial-check li\t", "tutorial-check lint ")
    completes("bash", bash, environment, "tutorial-check lint --for\t", "--format ")
    completes("bash", bash, environment, "tutorial-check lint --format ju\t", "--format junit ")
    completes("bash", bash, environment, "tutorial-check explain coordinator-not-w\t", "coordinator-not-wired ")


def test_zsh_completes_the_command_with_compinit(prefix, tmp_path):
    (tmp_path / ".zshrc").write_text(
        f"fpath=({prefix / 'share/zsh/site-functions'} $fpath)\nautoload -Uz compinit\ncompinit -u\nPS1='READY> '\n")
    environment = dict(shell_environment(prefix, tmp_path), ZDOTDIR=str(tmp_path))
    completes("zsh", ["-i"], environment, "tutorial-check li\t", "tutorial-check lint ")
    completes("zsh", ["-i"], environment, "tutorial-check diff --form\t", "--format")
    completes("zsh", ["-i"], environment, "tutorial-check completions f\t", "completions fish")


def test_fish_completes_the_command(prefix, tmp_path):
    fish = shutil.which("fish")
    assert fish, "fish is installed by scripts/setup --test"
    environment = shell_environment(prefix, tmp_path)
    # fish reads vendor completions from $XDG_DATA_DIRS/fish/vendor_completions.d.
    result = subprocess.run([fish, "-c", "complete -C 'tutorial-check li'"], env=environment,
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split("\t")[0].strip() == "lint", result.stdout
    result = subprocess.run([fish, "-c", "complete -C 'tutorial-check lint --format '"],
                            env=environment, capture_output=True, text=True, timeout=60)
    assert {line.split("\t")[0] for line in result.stdout.splitlines()} >= {"text", "json", "sarif", "github", "junit"}
