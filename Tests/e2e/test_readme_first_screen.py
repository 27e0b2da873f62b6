"""The README's first screen (its first 40 lines) shows a new user the one command that checks their own
tutorial, and says where the reports went; the command it shows exists and takes paths."""
import re

from conftest import ROOT


def test_first_screen_shows_the_command_and_where_the_reports_go():
    first_screen = "\n".join((ROOT / "README.md").read_text(encoding="utf-8").splitlines()[:40])
    command = re.search(r"^scripts/run (\S+)", first_screen, re.M)
    assert command, "no `scripts/run PATH` on the first screen"
    assert (ROOT / "scripts" / "run").is_file()
    assert "step-diff report" in first_screen and "review site" in first_screen
    assert "index.html" in first_screen
    assert re.search(r"paths? of the two reports", first_screen)
