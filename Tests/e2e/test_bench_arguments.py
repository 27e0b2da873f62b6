"""tutorial-bench's command line: --help prints its flags, and a flag it does not know is an error, not a
run of every benchmark (a mistyped flag once ran the full bench for minutes)."""
import subprocess

from conftest import ROOT

BENCH = ROOT / ".build" / "debug" / "tutorial-bench"


def run(*arguments):
    return subprocess.run([str(BENCH), *arguments], capture_output=True, text=True, timeout=60)


def test_help_lists_every_flag_and_exits_0():
    result = run("--help")
    assert result.returncode == 0, result.stderr
    for flag in ("--quick", "--write-corpus DIR", "--floor-only [N]", "--keystroke-only", "--server-only N", "--help"):
        assert flag in result.stdout, flag


def test_an_unknown_flag_or_a_missing_value_is_a_usage_error():
    unknown = run("--keystrokes-only")
    assert unknown.returncode == 2 and unknown.stdout == ""
    assert unknown.stderr == "tutorial-bench: unknown argument --keystrokes-only (see --help)\n"
    missing = run("--server-only")
    assert missing.returncode == 2 and missing.stderr.startswith("tutorial-bench: --server-only needs N")
