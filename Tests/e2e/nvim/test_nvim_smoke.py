"""Headless Neovim (Debian's `neovim`) as a real LSP client of tutorial-check: diagnostics, a quick fix
applied by Neovim itself, and the diagnostics clearing afterwards."""
import json
import os
import pathlib
import shutil
import subprocess

import pytest

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parents[2]
FIXTURE = HERE.parent / "lsp" / "fixtures" / "delegate-missing.md"


def test_neovim_reads_diagnostics_and_applies_the_quick_fix(binary, tmp_path):
    nvim = shutil.which("nvim")
    assert nvim, "Neovim is installed by scripts/setup --test"
    document = tmp_path / "delegate-missing.md"
    shutil.copy(FIXTURE, document)
    report_path = tmp_path / "report.json"
    environment = dict(
        os.environ,
        TUTORIAL_CHECK=binary,
        NVIM_SMOKE_DOCUMENT=str(document),
        NVIM_SMOKE_REPORT=str(report_path),
        HOME=str(tmp_path),
        XDG_CONFIG_HOME=str(tmp_path / "config"),
        XDG_DATA_HOME=str(tmp_path / "data"),
        XDG_STATE_HOME=str(tmp_path / "state"),
    )
    result = subprocess.run(
        [nvim, "--headless", "-u", "NONE", "-i", "NONE", "-n", "-c", f"luafile {HERE / 'smoke.lua'}"],
        env=environment, capture_output=True, text=True, timeout=120, stdin=subprocess.DEVNULL,
    )
    assert report_path.exists(), f"Neovim wrote no report: {result.stdout} {result.stderr}"
    report = json.loads(report_path.read_text())
    assert report["ok"], report
    assert result.returncode == 0, result
    assert report["steps"] == ["started", "diagnostic", "applied", "cleared", "hover"]
    assert report["diagnostic"]["count"] == 1
    assert report["action"].startswith("Set .delegate = context.coordinator")
    assert report["inserted"] == 3
    assert "```diff" in report["hover"]
