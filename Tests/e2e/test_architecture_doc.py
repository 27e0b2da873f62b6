"""docs/architecture.md names only files that exist, and its module table is Package.swift's graph."""
import json
import re
import subprocess

from conftest import ROOT

DOC = ROOT / "docs" / "architecture.md"


def named_paths(text):
    """Backticked repository paths: a top folder of the repository, then at least one more part."""
    tops = {path.name for path in ROOT.iterdir() if not path.name.startswith(".")}
    for token in re.findall(r"`([^`\s]+)`", text):
        parts = token.split("/")
        if len(parts) > 1 and parts[0] in tops and "<" not in token:
            yield token


def test_every_path_the_architecture_names_exists():
    paths = list(named_paths(DOC.read_text(encoding="utf-8")))
    assert len(paths) > 40, paths
    missing = [path for path in paths if not (ROOT / path).exists()]
    assert not missing, missing


def test_the_module_table_is_the_package_graph():
    rows = {}
    for line in DOC.read_text(encoding="utf-8").splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) == 4 and cells[0].startswith("`") and cells[3].startswith("`Sources/"):
            rows[cells[0].strip("`")] = set(re.findall(r"`([^`]+)`", cells[1]))
    package = json.loads(
        subprocess.run(["swift", "package", "dump-package"], cwd=ROOT, capture_output=True, text=True, check=True).stdout)
    graph = {
        target["name"]: {name for dependency in target.get("dependencies", []) for name in
                         [value[0] for value in dependency.values()]}
        for target in package["targets"]
        if target["type"] in ("regular", "executable") and not target["name"].startswith("fuzz-")
    }
    assert rows == graph


def test_each_module_opening_file_says_what_it_owns():
    for line in DOC.read_text(encoding="utf-8").splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) == 4 and cells[3].startswith("`Sources/"):
            opening = (ROOT / cells[3].strip("`")).read_text(encoding="utf-8").splitlines()
            module = cells[0].strip("`")
            assert any(f"{module} owns" in line for line in opening[:12]), (module, opening[:12])
