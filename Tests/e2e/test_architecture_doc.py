"""docs/architecture.md names only files that exist, its module table is Package.swift's graph, and its query
table is the queries the sources declare."""
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


def package_targets():
    package = json.loads(
        subprocess.run(["swift", "package", "dump-package"], cwd=ROOT, capture_output=True, text=True, check=True).stdout)
    return package["targets"]


def dependencies(target):
    return {name for dependency in target.get("dependencies", []) for name in [list(dependency.values())[0][0]]}


IMPORT = re.compile(
    r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|internal|package|private|fileprivate)\s+)?import\s+"
    r"(?:(?:struct|class|enum|protocol|func|var|let|typealias)\s+)?(\w+)", re.MULTILINE)


def imported_modules(target):
    folder = ROOT / (target.get("path") or (("Tests/" if target["type"] == "test" else "Sources/") + target["name"]))
    assert folder.is_dir(), folder
    return {name for source in folder.rglob("*.swift") for name in IMPORT.findall(source.read_text(encoding="utf-8"))}


def test_each_target_imports_the_package_modules_its_manifest_lists():
    targets = package_targets()
    modules = {target["name"] for target in targets}
    mismatches = []
    for target in targets:
        if target["type"] == "system":
            continue
        imported = imported_modules(target) & modules
        listed = dependencies(target)
        if target["type"] == "test":
            if imported - listed:
                mismatches.append((target["name"], "imports unlisted", sorted(imported - listed)))
        elif imported != listed:
            mismatches.append((target["name"], "imports", sorted(imported - listed), "lists unused", sorted(listed - imported)))
    assert not mismatches, mismatches


def test_every_module_knows_only_modules_of_lower_layers():
    layers = {}
    for line in DOC.read_text(encoding="utf-8").split("## Layers", 1)[1].split("\n## ", 1)[0].splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) == 3 and cells[0].isdigit():
            for module in re.findall(r"`([^`]+)`", cells[1]):
                assert module not in layers, module
                layers[module] = int(cells[0])
    targets = [target for target in package_targets()
               if target["type"] in ("regular", "executable") and not target["name"].startswith("fuzz-")]
    assert set(layers) == {target["name"] for target in targets}
    upward = [(target["name"], dependency) for target in targets for dependency in dependencies(target)
              if dependency in layers and layers[dependency] >= layers[target["name"]]]
    assert not upward, upward
    # What the layers say in words: readers and facts know no rule, rules know no reader or pipeline.
    for module in ["TutorialReaders", "SwiftFacts", "StepDiff", "SnippetComposition"]:
        assert layers[module] < layers["TutorialRules"], module
    assert layers["TutorialRules"] < min(layers["TutorialAnalysis"], layers["Reports"])


def test_the_query_table_lists_every_query_the_sources_declare():
    """The "Queries" table of the architecture page names each query a database declares
    (`database.documentQuery("name")`, `contentQuery("name", …)`), no more and no fewer, and says how long
    each kind keeps its values: a per-document query its latest revision, a content-addressed one generations."""
    declared = {}
    for source in (ROOT / "Sources").rglob("*.swift"):
        text = source.read_text(encoding="utf-8")
        for kind, name in re.findall(r'\.(documentQuery|contentQuery)\(\s*"(\w+)"', text):
            declared[name] = kind
    assert declared, "no query declaration found: the pattern no longer matches the database's API"
    section = DOC.read_text(encoding="utf-8").split("\n## Queries\n", 1)[1].split("\n## ", 1)[0]
    rows = {}
    for line in section.splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        found = re.match(r"`(\w+)`", cells[0]) if line.startswith("| `") else None
        if found:
            rows[found.group(1)] = cells[-1]
    assert set(rows) == set(declared), (sorted(rows), sorted(declared))
    for name, kind in declared.items():
        expected = "revision" if kind == "documentQuery" else "generation"
        assert expected in rows[name], (name, rows[name])


def test_no_reader_or_model_file_names_a_rule(binary):
    """A reader reports a typed problem, never a rule id: no file of the readers or the model quotes an id of
    the rule catalog."""
    listed = subprocess.run([binary, "rules"], capture_output=True, text=True, timeout=60)
    ids = [line.split()[0] for line in listed.stdout.splitlines() if re.match(r"[a-z][a-z0-9-]+\s", line)]
    assert "input-error" in ids and "code-file-missing" in ids, listed.stdout
    for folder in ("TutorialReaders", "TutorialModel"):
        for source in (ROOT / "Sources" / folder).rglob("*.swift"):
            text = source.read_text(encoding="utf-8")
            quoted = [rule for rule in ids if f'"{rule}"' in text]
            assert not quoted, (str(source.relative_to(ROOT)), quoted)
