"""End-to-end tests of `scripts/mutants` on a set laid out as the real one is (DIR/manifest-*.json,
DIR/corpus/<source>/<path>), holding the bundled tutorial: every mutant caught at its step, only tuning
documents flagged uikit used, held-out ones never opened."""
import json
import pathlib
import shutil
import subprocess

from conftest import ROOT

SCRIPT = ROOT / "scripts" / "mutants"
BUNDLED = ROOT / "Tutorials" / "markdown" / "interfacing-with-uikit.md"


def mutator_options(binary: str) -> list:
    """The tutorial-mutants built with the binary, else the script's default (this package's build)."""
    beside = pathlib.Path(binary).parent / "tutorial-mutants"
    return ["--mutator", str(beside)] if beside.exists() else []


def write_set(tmp_path: pathlib.Path) -> pathlib.Path:
    directory = tmp_path / "set"
    copy = directory / "corpus" / "demo" / "guide" / "pages.md"
    copy.parent.mkdir(parents=True)
    shutil.copy(BUNDLED, copy)
    # Not a copy anyone may read: a held-out document (its file is absent, so opening it would show as an
    # error) and a tuning document that does not interface UIKit.
    manifest = {"sources": [
        {"name": "demo", "repository": "example/demo", "commit": "0" * 40, "paths": ["guide"], "form": "markdown",
         "language": "en", "kind": "blog", "split": "tuning",
         "documents": [{"path": "guide/pages.md", "tutorial": True, "uikit": True},
                       {"path": "guide/other.md", "tutorial": True, "uikit": False}]},
        {"name": "secret", "repository": "example/secret", "commit": "1" * 40, "paths": ["notes"], "form": "markdown",
         "language": "en", "kind": "blog", "split": "held-out",
         "documents": [{"path": "notes/held.md", "tutorial": True, "uikit": True}]},
    ]}
    (directory / "manifest-demo.json").write_text(json.dumps(manifest), encoding="utf-8")
    return directory


def test_every_mutant_of_the_bundled_tutorial_is_caught_and_held_out_documents_are_not_opened(binary, tmp_path):
    directory = write_set(tmp_path)
    report = tmp_path / "report.json"
    done = subprocess.run(
        [str(SCRIPT), str(directory), binary, *mutator_options(binary), "--json", str(report)],
        capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("1 tuning tutorials flagged uikit; 1 read; 12 mutants generated"), done.stdout
    assert "error:" not in done.stdout and "missed:" not in done.stdout, done.stdout
    assert f"{binary}: 12 of 12 caught at the right step (100.0%)" in done.stdout, done.stdout
    data = json.loads(report.read_text(encoding="utf-8"))
    kinds = data["tools"][binary]["kinds"]
    assert set(kinds) == {"wiring-removed", "objc-dropped", "make-coordinator-removed", "nsobject-removed",
                          "required-method-removed", "wiring-moved-to-update"}
    assert all(counts["caught"] == counts["counted"] for counts in kinds.values()), kinds


def test_a_mutant_the_tool_misses_is_reported_with_what_the_tool_said(binary, tmp_path):
    """A rule switched off by a configuration: its mutants are missed, each named."""
    directory = write_set(tmp_path)
    config = tmp_path / "config.json"
    config.write_text(json.dumps({"rules": {"wiring-in-update": "off"}}), encoding="utf-8")
    done = subprocess.run([str(SCRIPT), str(directory), binary, *mutator_options(binary), "--config", str(config)],
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    assert "wiring-moved-to-update: 0 of 2" in done.stdout, done.stdout
    assert done.stdout.count("missed:") == 2, done.stdout
    assert "expected wiring-in-update at 2.6; said nothing" in done.stdout, done.stdout


def test_a_directory_without_the_mutator_is_a_usage_error(binary, tmp_path):
    done = subprocess.run([str(SCRIPT), str(tmp_path), binary, "--mutator", str(tmp_path / "none")],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert "tutorial-mutants" in done.stderr


def test_the_held_out_part_is_opened_only_with_final(binary, tmp_path):
    """`--split held-out` is the end-of-round measurement: refused without --final; with it, only the
    held-out documents flagged uikit are used (here one whose copy is absent: an error, not a tuning copy)."""
    directory = write_set(tmp_path)
    refused = subprocess.run([str(SCRIPT), str(directory), binary, *mutator_options(binary), "--split", "held-out"],
                             capture_output=True, text=True, timeout=60)
    assert refused.returncode == 2
    assert "--final" in refused.stderr
    done = subprocess.run(
        [str(SCRIPT), str(directory), binary, *mutator_options(binary), "--split", "held-out", "--final"],
        capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("1 held-out tutorials flagged uikit; 0 read"), done.stdout
    assert "held.md" in done.stdout and "pages.md" not in done.stdout, done.stdout
