"""A tutorial is untrusted input: through the real binary, a DocC catalog whose steps point at files
outside it (`..`, absolute paths, links to a file or a folder outside) never gets a byte of those files
into any output format, and `lint --fix` leaves them byte-identical (docs/security.md).

The outside files hold Swift code that the rules would repair (a coordinator that is never wired up),
so a resolver that read them would also try to write them.
"""
import json
import os
import pathlib
import re
import subprocess

import pytest

from conftest import ROOT, run

MARKER = "SECRET-7f3a9c"
DELEGATE = ROOT / "Tests" / "e2e" / "lsp" / "fixtures" / "delegate-missing.md"


def delegate_states() -> list[str]:
    """The three states of PageViewController.swift in the delegate fixture (the delegate is never set)."""
    text = DELEGATE.read_text(encoding="utf-8")
    return re.findall(r"```swift file=PageViewController.swift\n(.*?)```", text, flags=re.S)


def hostile_catalog(base: pathlib.Path) -> dict:
    """`base/project/Pages.docc` with one legitimate step and one step per way out of the catalog, and
    `base/outside/` with the files those steps name. Returns the paths the tests need."""
    states = delegate_states()
    outside = base / "outside"
    outside.mkdir()
    secret = states[1].replace("import UIKit", f"import UIKit // {MARKER}")
    names = ["dotdot", "absolute", "file-link", "folder-link", "previous"]
    for name in names:
        (outside / f"secret-{name}.swift").write_text(secret, encoding="utf-8")
    catalog = base / "project" / "Pages.docc"
    (catalog / "Resources").mkdir(parents=True)
    (catalog / "Resources" / "01-PageViewController.swift").write_text(states[0], encoding="utf-8")
    os.symlink(outside / "secret-file-link.swift", catalog / "Resources" / "02-PageViewController.swift")
    os.symlink("../../outside", catalog / "Shared")

    def step(text: str, code: str) -> str:
        return f"            @Step {{\n                {text}\n\n                {code}\n            }}\n\n"

    steps = [
        step("Create the page view controller.", '@Code(name: "PageViewController.swift", file: "01-PageViewController.swift")'),
        step("Climb out with dot-dot.", '@Code(name: "PageViewController.swift", file: "../../outside/secret-dotdot.swift")'),
        step("Name an absolute path.", f'@Code(name: "PageViewController.swift", file: "{outside}/secret-absolute.swift")'),
        step("Follow a link to a file outside.", '@Code(name: "PageViewController.swift", file: "02-PageViewController.swift")'),
        step("Follow a link to a folder outside.", '@Code(name: "PageViewController.swift", file: "Shared/secret-folder-link.swift")'),
        step(
            "Continue from a previous file outside.",
            '@Code(name: "PageViewController.swift", file: "01-PageViewController.swift", '
            'previousFile: "../../outside/secret-previous.swift")',
        ),
    ]
    tutorial = catalog / "Pages.tutorial"
    tutorial.write_text(
        "@Tutorial(time: 5) {\n    @Intro(title: \"Pages\") {\n        A page view.\n    }\n\n"
        "    @Section(title: \"Wrap the page view controller\") {\n        @Steps {\n"
        + "".join(steps)
        + "        }\n    }\n}\n",
        encoding="utf-8",
    )
    return {"catalog": catalog, "tutorial": tutorial, "outside": outside, "secrets": sorted(outside.iterdir())}


def snapshot(files) -> dict:
    return {str(path): (path.read_bytes(), path.stat().st_mtime_ns) for path in files}


@pytest.fixture
def hostile(tmp_path):
    return hostile_catalog(tmp_path)


OUTPUTS = [
    ("outline",),
    ("outline", "--format", "json"),
    ("diff",),
    ("diff", "--format", "json"),
    ("diff", "--format", "markdown"),
    ("diff", "--format", "html"),
    ("lint",),
    ("lint", "--format", "json"),
    ("lint", "--format", "sarif"),
    ("lint", "--format", "github"),
]


@pytest.mark.parametrize("command", OUTPUTS, ids=[" ".join(c) for c in OUTPUTS])
@pytest.mark.parametrize("form", ["relative", "absolute", "catalog"])
def test_no_byte_of_an_outside_file_in_any_output(binary, hostile, command, form):
    tutorial = hostile["tutorial"]
    target, cwd = {
        "relative": ("project/Pages.docc/Pages.tutorial", tutorial.parents[2]),
        "absolute": (str(tutorial), None),
        "catalog": (".", hostile["catalog"]),
    }[form]
    result = run(binary, *command, target, cwd=cwd)
    assert result.returncode in (0, 1), result.stderr
    for output in (result.stdout, result.stderr):
        assert MARKER not in output
        # Nor any line of the outside code (the marker's line aside, `controllers` is only there).
        assert "var controllers = [UIViewController]()" not in output
    # The HTML report colours the code it shows: nothing of the outside file, not even escaped.
    assert MARKER.replace("-", "&#45;") not in result.stdout


def test_each_way_out_is_a_code_file_missing_error_saying_why(binary, hostile):
    result = run(binary, "lint", "--format", "json", str(hostile["tutorial"]))
    assert result.returncode == 1, result.stderr
    diagnostics = json.loads(result.stdout)["documents"][0]["diagnostics"]
    missing = {d["step"]: d["message"] for d in diagnostics if d["rule"] == "code-file-missing"}
    assert "1.1" not in missing, missing
    assert "points outside the catalog Pages.docc" in missing["1.2"]
    assert "is an absolute path" in missing["1.3"]
    assert "is a symbolic link (Resources/02-PageViewController.swift) pointing outside" in missing["1.4"]
    assert "is a symbolic link (Shared/secret-folder-link.swift) pointing outside" in missing["1.5"]
    assert "@Code previousFile:" in missing["1.6"] and "points outside" in missing["1.6"]


def test_lint_fix_leaves_every_outside_file_byte_identical(binary, hostile):
    before = snapshot(hostile["secrets"])
    inside = hostile["catalog"] / "Resources" / "01-PageViewController.swift"
    result = run(binary, "lint", "--fix", str(hostile["tutorial"]))
    assert MARKER not in result.stdout + result.stderr
    assert snapshot(hostile["secrets"]) == before
    # The links are still links to the untouched files (no file was put in their place).
    assert os.path.islink(hostile["catalog"] / "Resources" / "02-PageViewController.swift")
    assert os.path.islink(hostile["catalog"] / "Shared")
    # The fix did run: the resource inside the catalog was repaired.
    assert "pageViewController.delegate = context.coordinator" in inside.read_text(encoding="utf-8"), result.stdout


def test_lint_fix_through_a_walked_folder_leaves_outside_files_alone(binary, hostile):
    before = snapshot(hostile["secrets"])
    # A link in the walked folder to a tutorial outside it is not followed either.
    (hostile["outside"] / "stray.md").write_text(f"## Step 1\n\n```swift file=A.swift\nlet a = 1 // {MARKER}\n```\n")
    os.symlink(hostile["outside"] / "stray.md", hostile["catalog"] / "stray.md")
    result = run(binary, "lint", "--fix", "--format", "json", ".", cwd=hostile["catalog"].parent)
    assert MARKER not in result.stdout + result.stderr
    paths = [d["path"] for d in json.loads(result.stdout)["documents"]] if result.stdout.startswith("{") else []
    assert not any("stray" in p for p in paths), paths
    assert snapshot(hostile["secrets"]) == before


# --- The language server ----------------------------------------------------------------------------

def test_the_server_shows_and_edits_nothing_outside_the_catalog(binary, hostile):
    import sys

    sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent / "lsp"))
    from rpc import RawServer

    before = snapshot(hostile["secrets"])
    tutorial = hostile["tutorial"]
    uri = tutorial.resolve().as_uri()
    text = tutorial.read_text(encoding="utf-8")
    server = RawServer(binary)
    try:
        # The workspace is the folder above the catalog: the outside files are in it, so only the
        # catalog rule keeps them out.
        workspace = tutorial.parents[2].resolve().as_uri()
        server.response(server.request("initialize", {
            "processId": None, "rootUri": workspace, "capabilities": {},
            "workspaceFolders": [{"uri": workspace, "name": "project"}],
        }))
        server.notify("initialized", {})
        server.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "tutorial", "version": 1, "text": text}})
        document = {"textDocument": {"uri": uri}}
        pulled = server.response(server.request("textDocument/diagnostic", document))["result"]
        diagnostics = pulled["items"]
        assert sum(d["code"] == "code-file-missing" for d in diagnostics) >= 5, diagnostics
        requests = [
            server.request("textDocument/hover", {**document, "position": {"line": line, "character": column}})
            for line in range(text.count("\n")) for column in (4, 20, 60)
        ]
        requests.append(server.request("textDocument/codeLens", document))
        requests.append(server.request("tutorialCheck/stepDiff", document))
        requests.append(server.request("textDocument/documentSymbol", document))
        lines = text.count("\n")
        everything = {"start": {"line": 0, "character": 0}, "end": {"line": lines, "character": 0}}
        actions = server.request("textDocument/codeAction", {**document, "range": everything, "context": {"diagnostics": diagnostics}})
        requests.append(actions)
        requests.append(server.request("workspace/diagnostic", {"previousResultIds": []}))
        for request in requests:
            server.response(request)
        everything_sent = json.dumps(server.messages)
        assert MARKER not in everything_sent
        # Every edit the server offers stays in the catalog.
        catalog = hostile["catalog"].resolve().as_uri() + "/"
        for action in server.response(actions)["result"] or []:
            edit = action.get("edit") or {}
            uris = list((edit.get("changes") or {}).keys()) + [
                change["textDocument"]["uri"] for change in edit.get("documentChanges") or []
            ]
            for target in uris:
                assert target.startswith(catalog), (action["title"], target)
        server.response(server.request("shutdown"))
        server.notify("exit")
    finally:
        server.close()
    assert snapshot(hostile["secrets"]) == before


# --- Paths never change results ---------------------------------------------------------------------

def results(binary, target, cwd) -> tuple:
    """The findings and the diffs of a run, without the document paths (which are the typed ones)."""
    lint = run(binary, "lint", "--format", "json", target, cwd=cwd)
    diff = run(binary, "diff", "--format", "json", target, cwd=cwd)
    assert lint.returncode in (0, 1) and diff.returncode in (0, 1), lint.stderr + diff.stderr
    findings = [d["diagnostics"] for d in json.loads(lint.stdout)["documents"]]
    changes = [d["changes"] for d in json.loads(diff.stdout)["documents"]]
    paths = [d["path"] for d in json.loads(lint.stdout)["documents"]]
    return findings, changes, paths


def test_the_bundled_catalog_gives_the_same_results_however_its_path_is_written(binary, tmp_path):
    catalog = ROOT / "Tutorials" / "docc" / "InterfacingWithUIKit.docc"
    name = "InterfacingWithUIKit.tutorial"
    link = tmp_path / "linked"
    os.symlink(catalog, link)
    forms = [
        (f"Tutorials/docc/InterfacingWithUIKit.docc/{name}", ROOT),
        (name, catalog),
        (f"./{name}", catalog),
        (".", catalog),
        (f"Resources/../{name}", catalog),
        (str(catalog / name), None),
        (str(catalog), tmp_path),
        (f"linked/{name}", tmp_path),
        (str(link / name), None),
        ("linked", tmp_path),
        (f"../{name}", catalog / "Resources"),
    ]
    expected = results(binary, *forms[0])
    assert expected[0] and expected[1][0], "the bundled catalog has findings and diffs to compare"
    for target, cwd in forms:
        findings, changes, paths = results(binary, target, cwd)
        assert (findings, changes) == expected[:2], (target, cwd)
        # Printed paths are the ones typed.
        typed = target if target.endswith(".tutorial") else None
        if typed:
            assert paths == [typed], paths
        else:
            assert len(paths) == 1 and paths[0].startswith(target.rstrip("/")) and paths[0].endswith(name), paths


def test_lint_fix_writes_through_a_link_inside_the_catalog_and_keeps_it(binary, tmp_path):
    states = delegate_states()
    catalog = tmp_path / "Pages.docc"
    (catalog / "Code").mkdir(parents=True)
    (catalog / "Code" / "real.swift").write_text(states[0], encoding="utf-8")
    os.symlink("Code/real.swift", catalog / "alias.swift")
    (catalog / "Pages.tutorial").write_text(
        "@Tutorial(time: 5) {\n    @Intro(title: \"Pages\") {\n        A page view.\n    }\n\n"
        "    @Section(title: \"Wrap\") {\n        @Steps {\n            @Step {\n"
        "                Create the page view controller.\n\n"
        "                @Code(name: \"PageViewController.swift\", file: \"alias.swift\")\n"
        "            }\n        }\n    }\n}\n",
        encoding="utf-8",
    )
    result = run(binary, "lint", "--fix", str(catalog / "Pages.tutorial"))
    assert "fixed" in result.stdout + result.stderr, result.stdout + result.stderr
    assert os.path.islink(catalog / "alias.swift")
    assert "pageViewController.delegate = context.coordinator" in (catalog / "Code" / "real.swift").read_text()


def test_a_previous_file_in_a_sibling_folder_of_the_catalog_is_found_however_the_path_is_written(binary, tmp_path):
    catalog = ROOT / "Fixtures" / "outline" / "docc" / "sibling-folders.docc"
    chapter = catalog / "Tutorials" / "B"
    os.symlink(chapter, tmp_path / "view")
    forms = [
        ("Tutorials/B/B.tutorial", catalog),
        ("B.tutorial", chapter),
        ("./B.tutorial", chapter),
        (str(chapter / "B.tutorial"), None),
        # Through a link whose name has no `.docc`: the catalog is found from the real path.
        ("view/B.tutorial", tmp_path),
    ]
    expected = results(binary, *forms[0])
    assert expected[0] == [[]], expected[0]
    assert expected[1][0] and expected[1][0][0]["removed"] == 1, "the diff starts from the previous file's state"
    for target, cwd in forms[1:]:
        assert results(binary, target, cwd)[:2] == expected[:2], (target, cwd)
    # `lint .` inside the catalog reads both chapters, each clean.
    findings, _, paths = results(binary, ".", catalog)
    assert findings == [[], []] and paths == ["./Tutorials/A/A.tutorial", "./Tutorials/B/B.tutorial"], paths


def test_a_catalog_is_read_in_the_order_of_its_table_of_contents_and_its_articles_are_not_tutorials(binary):
    catalog = ROOT / "Fixtures" / "outline" / "docc" / "catalog-pages.docc"
    outline = json.loads(run(binary, "outline", "--format", "json", ".", cwd=catalog).stdout)["documents"]
    tutorials = [d["path"] for d in outline if d["path"].endswith(".tutorial")]
    assert tutorials == ["./TapCounting.tutorial", "./CounterStorage.tutorial", "./Tutorials.tutorial"], tutorials
    pages = {d["path"]: d for d in outline if d["path"].endswith(".md")}
    assert set(pages) == {"./CounterView.md", "./GettingStarted.md"}
    assert all(page["sections"] == [] for page in pages.values())
    lint = json.loads(run(binary, "lint", "--format", "json", ".", cwd=catalog).stdout)
    assert all(d["diagnostics"] == [] for d in lint["documents"] if d["path"].endswith(".md")), lint


def test_the_configuration_is_found_from_the_real_path(binary, tmp_path):
    folder = ROOT / "Fixtures" / "lint" / "prose-code-mismatch"
    os.symlink(folder / "interfacing-with-uikit.md", tmp_path / "linked.md")
    direct = results(binary, "interfacing-with-uikit.md", folder)
    linked = results(binary, "linked.md", tmp_path)
    # The folder's configuration raises prose-code-mismatch to a warning: through the link too.
    assert any(d["rule"] == "prose-code-mismatch" and d["severity"] == "warning" for d in direct[0][0])
    assert linked[:2] == direct[:2]


def test_lint_fix_writes_every_file_of_a_fix_or_none(binary, tmp_path):
    """`lint --fix` stages every file of a fix before renaming any: when the third resource cannot be
    written (here: over the process's file-size limit, EFBIG), the first two are not rewritten either,
    and no temporary file is left behind (bad-inputs row 83)."""
    import resource
    import signal

    catalog = tmp_path / "Pages.docc"
    (catalog / "Resources").mkdir(parents=True)
    steps = []
    originals = {}
    for index, code in enumerate(delegate_states(), 1):
        name = f"0{index}.swift"
        if index == 3:
            code += "// " + "padding " * 4096 + "\n"  # over the limit below once rewritten
        (catalog / "Resources" / name).write_text(code)
        originals[name] = code
        steps.append(f'@Step {{\nStep {index}.\n\n@Code(name: "PageViewController.swift", file: "{name}")\n}}\n')
    (catalog / "Pages.tutorial").write_text(
        '@Tutorial(time: 5) {\n@Section(title: "S") {\n@Steps {\n' + "".join(steps) + "}\n}\n}\n")
    limit = len(originals["03.swift"].encode()) + 10

    def limited():
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    result = subprocess.run([binary, "lint", "--fix", str(catalog / "Pages.tutorial")], capture_output=True,
                            text=True, timeout=120, preexec_fn=limited)
    assert "not fixed" in result.stderr and "File too large" in result.stderr, result.stderr
    for name, code in originals.items():
        assert (catalog / "Resources" / name).read_text() == code, name
    assert sorted(p.name for p in (catalog / "Resources").iterdir()) == ["01.swift", "02.swift", "03.swift"]
    # Without the limit the same fix writes all three.
    result = run(binary, "lint", "--fix", str(catalog / "Pages.tutorial"))
    assert result.stderr.startswith("fixed "), result.stderr
    for name in originals:
        assert "delegate = context.coordinator" in (catalog / "Resources" / name).read_text(), name


FORGED = "a\n::error file=README.md,line=1::PWNED\nb.md"
TERMINAL = "c\x1b]0;owned\x07\x1b[2J\x9b31m\x7f\u202e.md"


@pytest.mark.parametrize("name", [FORGED, TERMINAL], ids=["workflow-command", "terminal-escapes"])
def test_file_names_and_messages_cannot_forge_output(binary, tmp_path, name):
    """A file name (and a DocC `name:` quoted in a message) with line breaks, a GitHub workflow command,
    terminal escapes, C1 controls, DEL or a bidi override prints them escaped in text, github and
    unified output: no forged workflow command, no raw control character (bad-inputs row 85)."""
    (tmp_path / name).write_text(DELEGATE.read_text(encoding="utf-8"), encoding="utf-8")
    # A DocC step whose `name:` holds an escape: quoted by its finding's message and named by the diff.
    label = "V\x1b[31m\u202eview"
    (tmp_path / "T.tutorial").write_text(
        '@Tutorial(time: 5) {\n    @Section(title: "S") {\n        @Steps {\n            @Step {\n'
        f'                Create it.\n\n                @Code(name: "{label}", file: "a.swift")\n'
        "            }\n        }\n    }\n}\n", encoding="utf-8")
    (tmp_path / "a.swift").write_text("struct PageView {\n    var page = 0\n}\n")
    outputs = {
        "text": run(binary, "lint", ".", cwd=tmp_path),
        "github": run(binary, "lint", "--format", "github", ".", cwd=tmp_path),
        "unified": run(binary, "diff", "--format", "unified", ".", cwd=tmp_path),
    }
    for kind, result in outputs.items():
        assert result.returncode in (0, 1) and result.stderr == "", (kind, result.stderr)
        lines = result.stdout.splitlines()
        assert not any(line.startswith("::error file=README.md") for line in lines), (kind, result.stdout)
        raw = [c for c in result.stdout if c != "\n" and c != "\t" and (ord(c) < 0x20 or 0x7F <= ord(c) <= 0x9F or c == "\u202e")]
        assert raw == [], (kind, raw)
    assert '@Code name "V\\u{1B}[31m\\u{202E}view" has no file extension' in outputs["text"].stdout
    assert "diff --step ..1.1 V\\u{1B}[31m\\u{202E}view" in outputs["unified"].stdout
    github = [line for line in outputs["github"].stdout.splitlines() if line.startswith("::")]
    assert github and all(line.startswith(("::warning file=", "::error file=", "::notice file=")) for line in github)
    if name == FORGED:
        assert "a%0A%3A%3Aerror file=README.md%2Cline=1%3A%3APWNED%0Ab.md" in outputs["github"].stdout
        assert "a\\n::error file=README.md,line=1::PWNED\\nb.md:" in outputs["text"].stdout
    # What `lint --fix` says on stderr (a CI log reads it too) names the file escaped as well.
    fixed = run(binary, "lint", "--fix", "--format", "github", ".", cwd=tmp_path)
    assert fixed.stderr.startswith("fixed ./"), fixed.stderr
    raw = [c for c in fixed.stderr if c != "\n" and (ord(c) < 0x20 or 0x7F <= ord(c) <= 0x9F or c == "\u202e")]
    assert raw == [] and not any(line.startswith("::") for line in fixed.stderr.splitlines()), fixed.stderr
