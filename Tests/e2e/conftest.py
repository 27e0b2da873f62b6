"""Shared fixtures for the end-to-end tests: the built binary and the repository's folders."""
import os
import pathlib
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def binary() -> str:
    path = os.environ.get("TUTORIAL_CHECK") or str(ROOT / ".build" / "release" / "tutorial-check")
    assert os.access(path, os.X_OK), f"build tutorial-check first: {path}"
    return path


@pytest.fixture(scope="session")
def root() -> pathlib.Path:
    return ROOT


def run(binary: str, *arguments: str, cwd=None) -> subprocess.CompletedProcess:
    return subprocess.run([binary, *arguments], capture_output=True, text=True, cwd=cwd, timeout=120)
