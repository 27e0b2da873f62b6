"""The JSON outputs of outline, lint and diff keep the shapes docs/json-output.md describes: every output
over the bundled tutorials and the fixtures validates against docs/schemas/, the committed golden
outputs do too, the page's examples are real output, and a renamed or retyped key is rejected."""
import copy
import functools
import json
import re
import shlex
from concurrent.futures import ThreadPoolExecutor

import pytest
from jsonschema import Draft202012Validator

from conftest import ROOT, run

COMMANDS = ("outline", "lint", "diff")
# What a directory walk reads; the fuzz corpus (files named by hash, no extension) is fuzzer input.
EXTENSIONS = {".md", ".markdown", ".html", ".htm", ".tutorial", ".txt"}
PAGE = ROOT / "docs" / "json-output.md"
TUTORIAL = "Tutorials/markdown/interfacing-with-uikit.md"


@functools.cache
def validator(command):
    schema = json.loads((ROOT / "docs" / "schemas" / f"{command}.schema.json").read_text(encoding="utf-8"))
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema)


def problems(command, value):
    return [f"{'/'.join(map(str, error.absolute_path))}: {error.message}" for error in validator(command).iter_errors(value)]


def documents():
    found = [path for top in ("Tutorials", "Fixtures") for path in (ROOT / top).rglob("*")
             if path.is_file() and path.suffix.lower() in EXTENSIONS]
    return sorted(str(path.relative_to(ROOT)) for path in found)


def json_output(binary, command, *paths):
    """One run's parsed stdout, after checking the exit code the contract gives it."""
    result = run(binary, command, "--format", "json", *paths, cwd=ROOT)
    assert result.returncode in (0, 1), (command, paths, result.stderr)
    output = json.loads(result.stdout)
    if command == "lint":
        assert result.returncode == (1 if output["summary"]["errors"] else 0), (paths, output["summary"])
    else:
        assert result.returncode == 0, (command, paths, result.stderr)
    return output


@pytest.fixture(scope="module")
def outputs(binary):
    """(command, what was read, output) for every document alone and for each top folder as a whole."""
    runs = [(command, (path,)) for path in documents() for command in COMMANDS]
    runs += [(command, (top,)) for top in ("Tutorials", "Fixtures") for command in COMMANDS]
    with ThreadPoolExecutor(max_workers=4) as pool:
        parsed = list(pool.map(lambda job: json_output(binary, job[0], *job[1]), runs))
    return [(command, paths, output) for (command, paths), output in zip(runs, parsed)]


def test_every_format_the_readers_know_is_read(outputs):
    formats = {document["format"] for command, _, output in outputs if command == "outline" for document in output["documents"]}
    assert formats == {"markdown", "html", "docc", "text"}
    assert len(documents()) > 60, documents()


def test_every_output_matches_its_schema(outputs):
    failures = {}
    for command, paths, output in outputs:
        found = problems(command, output)
        if found:
            failures[f"{command} {' '.join(paths)}"] = found[:3]
    assert not failures, failures


def test_the_outputs_reach_the_optional_parts_of_the_schemas(outputs):
    """Nulls and the keys that are only sometimes present occur, so the schemas are checked on them."""
    seen = set()
    for command, _, output in outputs:
        for document in output["documents"]:
            if command == "outline":
                seen.add(("title null", document["title"] is None))
                for step in (step for section in document["sections"] for step in section["steps"]):
                    seen.add(("label null", step["label"] is None))
                    seen.update(("file null", snippet["file"] is None) for snippet in step["snippets"])
            elif command == "lint":
                for diagnostic in document["diagnostics"]:
                    seen.add(("step null", diagnostic["step"] is None))
                    seen.add(("resolvedAt null", diagnostic["resolvedAt"] is None))
            else:
                for change in document["changes"]:
                    seen.add(("from null", change["from"] is None))
                    seen.add(("composed", "composed" in change))
                    seen.update(("highlights", "highlights" in line) for hunk in change["hunks"] for line in hunk["lines"])
                seen.update(("fragment file null", fragment["file"] is None) for fragment in document["fragments"])
    names = {name for name, _ in seen}
    assert {(name, flag) for name in names for flag in (True, False)} <= seen, sorted(seen)


GOLDEN = [(command, path) for command in COMMANDS for path in sorted((ROOT / "Fixtures").rglob(f"*.{command}.json"))]


def test_golden_outputs_match_the_schemas():
    assert {command for command, _ in GOLDEN} == set(COMMANDS)
    failures = {str(path.relative_to(ROOT)): problems(command, json.loads(path.read_text(encoding="utf-8")))[:3]
                for command, path in GOLDEN}
    assert not {path: found for path, found in failures.items() if found}


def page_examples():
    """(command line, example) for each `sh` block of the page followed by a `json` block."""
    pairs = re.findall(r"```sh\n(tutorial-check [^\n]+)\n```\n\n```json\n(.*?)\n```", PAGE.read_text(encoding="utf-8"), re.S)
    return [(shlex.split(line), json.loads(example)) for line, example in pairs]


def shortened(example, actual):
    """Whether `example` is `actual` with trailing array items left out, and nothing else changed."""
    if isinstance(example, dict):
        return isinstance(actual, dict) and example.keys() == actual.keys() and all(
            shortened(value, actual[key]) for key, value in example.items())
    if isinstance(example, list):
        return isinstance(actual, list) and len(example) <= len(actual) and all(
            shortened(value, other) for value, other in zip(example, actual))
    return type(example) is type(actual) and example == actual


def test_the_page_examples_are_real_output_and_match_the_schemas(binary):
    examples = page_examples()
    assert sorted(arguments[1] for arguments, _ in examples) == sorted(COMMANDS + ("compare",))
    for arguments, example in examples:
        assert arguments[0] == "tutorial-check" and "json" in arguments, arguments
        result = run(binary, *arguments[1:], cwd=ROOT)
        assert result.returncode == 0, (arguments, result.stderr)
        assert shortened(example, json.loads(result.stdout)), arguments
        assert not problems(arguments[1], example), arguments


def test_shortened_tells_a_changed_value_from_a_left_out_item():
    actual = {"a": [1, 2, 3], "b": {"c": None}}
    assert shortened({"a": [1], "b": {"c": None}}, actual)
    assert not shortened({"a": [2], "b": {"c": None}}, actual)
    assert not shortened({"a": [1], "b": {}}, actual)
    assert not shortened({"a": [1], "b": {"c": 0}}, actual)


def renamed(key, new):
    def mutate(node):
        node[new] = node.pop(key)
    return mutate


def replaced(key, value):
    def mutate(node):
        node[key] = value
    return mutate


def removed(key):
    def mutate(node):
        del node[key]
    return mutate


# (command, the path of an object in the output for the tutorial, what is done to it)
MUTATIONS = [
    ("outline", ["documents", 0], renamed("sections", "section")),
    ("outline", ["documents", 0, "sections", 0, "steps", 0], renamed("snippets", "snippet")),
    ("outline", ["documents", 0, "sections", 0, "steps", 0, "snippets", 0], replaced("lines", "6")),
    ("outline", ["documents", 0, "sections", 0, "steps", 0, "snippets", 0], replaced("kind", "whole")),
    ("outline", ["documents", 0, "sections", 0, "steps", 0], replaced("id", "1-1")),
    ("outline", ["documents", 0, "sections", 0, "range", "start"], replaced("column", 0)),
    ("outline", ["documents", 0], removed("title")),
    ("lint", ["summary"], replaced("errors", "0")),
    ("lint", ["summary"], renamed("hints", "hint")),
    ("lint", ["documents", 0, "diagnostics", 0], renamed("resolvedAt", "resolved_at")),
    ("lint", ["documents", 0, "diagnostics", 0], replaced("severity", "fatal")),
    ("lint", ["documents", 0, "diagnostics", 0], removed("step")),
    ("diff", ["documents", 0, "changes", 1], replaced("added", "7")),
    ("diff", ["documents", 0, "changes", 1], replaced("from", 1.1)),
    ("diff", ["documents", 0, "changes", 1, "hunks", 0], renamed("oldStart", "old_start")),
    ("diff", ["documents", 0, "changes", 1, "hunks", 0, "lines", 0], replaced("kind", "insert")),
    ("diff", ["documents", 0, "changes", 1, "hunks", 0, "lines", 0], removed("newLine")),
    ("diff", ["documents", 0, "changes", 1], replaced("noChange", "false")),
]


@pytest.fixture(scope="module")
def tutorial_outputs(binary):
    # lint shows the bundled (correct) tutorial's build order only when asked: a diagnostic to mutate.
    return {
        command: json_output(binary, command, *(["--include-build-order"] if command == "lint" else []), TUTORIAL)
        for command in COMMANDS
    }


@pytest.mark.parametrize("command,path,mutate", MUTATIONS)
def test_a_schema_rejects_a_changed_key(tutorial_outputs, command, path, mutate):
    output = tutorial_outputs[command]
    assert not problems(command, output)
    changed = copy.deepcopy(output)
    node = changed
    for part in path:
        node = node[part]
    mutate(node)
    assert changed != output
    assert problems(command, changed), (command, path)
