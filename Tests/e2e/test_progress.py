"""The progress line of long runs: on a terminal only (stderr a pseudo-terminal here, from Python's `pty`),
documents done of the total and the last one done, rewritten in place and erased before the results;
nothing of it through a pipe or with `--quiet`, and stdout is the same either way."""
import json
import os
import pty
import re
import subprocess
import tempfile

import pytest

from conftest import ROOT

INPUTS = ["Tutorials", "Fixtures/lint/coordinator-not-wired"]
COMMANDS = {
    "lint": ["lint", "--format", "json"],
    "report": ["report"],
    "diff": ["diff", "--format", "html"],
}


def run_with_terminal_stderr(binary, arguments) -> tuple[int, bytes, bytes]:
    """Runs with stderr on a pseudo-terminal and stdout in a file (a pipe nobody reads could fill up and
    block it); the exit code, stdout and what the terminal got."""
    controller, terminal = pty.openpty()
    stdout_file = tempfile.TemporaryFile()
    process = subprocess.Popen([binary, *arguments], cwd=ROOT, stdin=subprocess.DEVNULL, stdout=stdout_file, stderr=terminal)
    os.close(terminal)
    seen = b""
    while True:
        try:
            chunk = os.read(controller, 65536)
        except OSError:  # the terminal's other end closed
            break
        if not chunk:
            break
        seen += chunk
    os.close(controller)
    code = process.wait(timeout=120)
    stdout_file.seek(0)
    return code, stdout_file.read(), seen


def document_count(binary) -> int:
    result = subprocess.run([binary, "lint", "--format", "json", *INPUTS], cwd=ROOT, capture_output=True, timeout=120)
    return len(json.loads(result.stdout)["documents"])


@pytest.mark.parametrize("command", COMMANDS)
def test_progress_on_a_terminal(binary, command):
    total = document_count(binary)
    code, stdout, seen = run_with_terminal_stderr(binary, COMMANDS[command] + INPUTS)
    assert code in (0, 1), seen
    lines = re.findall(rb"\r\x1b\[K([^\r]*)", seen)
    updates = [line for line in lines if line]
    # One update per document, counting up to the total, each naming a document.
    counts = [int(re.match(rb"%s: (\d+)/(\d+) documents " % command.encode(), line).group(1)) for line in updates]
    assert sorted(counts) == list(range(1, total + 1)), updates
    assert all(b"/%d documents " % total in line for line in updates)
    assert all(len(line.decode()) < 80 for line in updates), "a line wider than the terminal would wrap"
    assert any(b"interfacing-with-uikit" in line for line in updates)
    # Erased at the end: after the last update comes an erase with nothing on the line.
    after = seen[seen.rindex(updates[-1]) + len(updates[-1]):]
    assert after == b"\r\x1b[K", after
    # The results on stdout are those of a run without a terminal.
    plain = subprocess.run([binary, *COMMANDS[command], *INPUTS], cwd=ROOT, capture_output=True, timeout=120)
    if command == "lint":
        assert stdout == plain.stdout
    else:
        assert len(stdout) > 1000 and stdout.startswith(b"<!DOCTYPE html>")


@pytest.mark.parametrize("command", COMMANDS)
def test_no_progress_through_a_pipe(binary, command):
    result = subprocess.run([binary, *COMMANDS[command], *INPUTS], cwd=ROOT, capture_output=True, timeout=120)
    assert result.returncode in (0, 1)
    assert b"\r" not in result.stderr and b"documents" not in result.stderr and b"\x1b" not in result.stderr


@pytest.mark.parametrize("command", COMMANDS)
def test_no_progress_with_quiet(binary, command):
    code, _, seen = run_with_terminal_stderr(binary, COMMANDS[command] + ["--quiet"] + INPUTS)
    assert code in (0, 1)
    assert b"\r" not in seen and b"documents" not in seen and b"\x1b" not in seen
