"""The language server against a real LSP client: pytest-lsp (pygls) structures every message the server
sends into lsprotocol's LSP 3.17 types, so a malformed field fails the test, and spec warnings are errors."""
import asyncio
import json
import shutil

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import LanguageClient

from lsp_support import (
    FIXTURES,
    ROOT,
    apply_text_edits,
    attach_recorder,
    edits_for,
    open_document,
    server_config,
    start_in_workspace,
    uri_of,
    vscode_capabilities,
)

pytestmark = [pytest.mark.asyncio, pytest.mark.filterwarnings("error::pytest_lsp.LspSpecificationWarning")]


@pytest_lsp.fixture(config=server_config())
async def client(lsp_client: LanguageClient, tmp_path_factory):
    workspace = tmp_path_factory.mktemp("workspace")
    await start_in_workspace(lsp_client, workspace)
    yield
    await lsp_client.shutdown_session()


def plain(value):
    """pygls hands results of custom requests back as named tuples; turn them into JSON values."""
    if hasattr(value, "_asdict"):
        return {key: plain(item) for key, item in value._asdict().items()}
    if isinstance(value, dict):
        return {key: plain(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [plain(item) for item in value]
    return value


def copy_fixture(client, name: str, target: str | None = None):
    path = client.workspace_path / (target or name)
    shutil.copy(FIXTURES / name, path)
    return path


# Rules off by default (their real-world precision is under 0.9), turned on where a fixture shows them.
OFF_BY_DEFAULT = ("step-no-change", "step-numbering", "file-name-mismatch", "initializer-mismatch", "prose-code-mismatch")


def copy_fixture_with_rule_on(client, name: str, rule: str):
    """The fixture in a folder of its own whose .tutorial-check.json turns `rule` on."""
    folder = client.workspace_path / f"{rule}-on"
    folder.mkdir(exist_ok=True)
    (folder / ".tutorial-check.json").write_text(json.dumps({"rules": {rule: "on"}}) + "\n")
    return copy_fixture(client, name, target=f"{rule}-on/{name}")


async def test_initialize_advertises_capabilities_and_server_info(client: LanguageClient):
    result = client.init_result
    assert result.server_info.name == "tutorial-check"
    assert result.server_info.version
    capabilities = result.capabilities
    assert capabilities.position_encoding == types.PositionEncodingKind.Utf16
    assert capabilities.text_document_sync.change == types.TextDocumentSyncKind.Incremental
    assert capabilities.hover_provider and capabilities.document_symbol_provider and capabilities.folding_range_provider
    assert capabilities.diagnostic_provider.workspace_diagnostics
    assert list(capabilities.code_action_provider.code_action_kinds) == [types.CodeActionKind.QuickFix]
    assert capabilities.experimental == {"stepDiffProvider": True}
    # The client may register watchers: the server asks for the configuration file and Swift resources.
    for _ in range(50):
        if client.registrations:
            break
        await asyncio.sleep(0.05)
    globs = [w["globPattern"] if isinstance(w, dict) else w.glob_pattern for r in client.registrations for w in r.register_options["watchers"]]
    assert "**/.tutorial-check.json" in globs and "**/*.swift" in globs


async def test_delegate_missing_in_three_steps_is_mended_by_one_quick_fix(client: LanguageClient):
    path = copy_fixture(client, "delegate-missing.md")
    uri = uri_of(path)
    text = open_document(client, path)
    published = await client.published.wait(uri, version=1)
    wiring = [d for d in published.diagnostics if d.code == "coordinator-not-wired"]
    assert len(wiring) == 1, published.diagnostics
    diagnostic = wiring[0]
    assert diagnostic.severity == types.DiagnosticSeverity.Warning
    assert diagnostic.source == "tutorial-check"
    # The rule's section of the project's rule reference: a page an editor can open.
    assert diagnostic.code_description.href == (
        "https://github.com/tutorial-check/tutorial-check/blob/main/docs/rules.md#coordinator-not-wired")
    assert "delegate" in diagnostic.message
    related = diagnostic.related_information
    assert related and related[0].message == "introduced in step 1.1"
    assert related[0].location.uri == uri and related[0].location.range.start.line == 7  # "### Step 1"

    actions = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            range=diagnostic.range,
            context=types.CodeActionContext(diagnostics=[diagnostic]),
        )
    )
    titles = [action.title for action in actions]
    assert titles[0].startswith("Set .delegate = context.coordinator"), titles
    assert actions[0].is_preferred
    assert "Disable coordinator-not-wired for step 1.1" in titles
    assert "Disable coordinator-not-wired in this document" in titles
    edits = edits_for(actions[0].edit, uri)
    assert len(edits) == 3, "one insertion in each of the three steps"
    # VS Code asks for versioned edits: the edit names the version it was computed for.
    assert actions[0].edit.document_changes[0].text_document.version == 1

    fixed = apply_text_edits(text, edits)
    assert fixed.count("        pageViewController.delegate = context.coordinator\n        return pageViewController") == 3
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=2),
            content_changes=[types.TextDocumentContentChangeWholeDocument(text=fixed)],
        )
    )
    after = await client.published.wait(uri, version=2)
    assert [d for d in after.diagnostics if d.code == "coordinator-not-wired"] == []

    client.text_document_did_close(types.DidCloseTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=uri)))
    cleared = await client.published.wait(uri, where=lambda p: p.version is None)
    assert list(cleared.diagnostics) == []


async def test_hover_on_a_step_heading_shows_its_change_set_and_on_a_diagnostic_the_rule(client: LanguageClient):
    path = copy_fixture(client, "delegate-missing.md")
    uri = uri_of(path)
    text = open_document(client, path)
    lines = text.splitlines()
    step2 = lines.index("### Step 2")
    hover = await client.text_document_hover_async(
        types.HoverParams(text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(line=step2, character=5))
    )
    assert hover.contents.kind == types.MarkupKind.Markdown
    value = hover.contents.value
    assert "PageViewController.swift: +3 −1 since step 1.1" in value
    assert "```diff" in value
    assert "+        var controllers = [UIViewController]()" in value
    assert "-            [UIHostingController(rootView: pages[currentPage])], direction: .forward, animated: true)" in value
    assert hover.range.start.line == step2

    published = await client.published.wait(uri, version=1)
    diagnostic = next(d for d in published.diagnostics if d.code == "coordinator-not-wired")
    on_diagnostic = await client.text_document_hover_async(
        types.HoverParams(text_document=types.TextDocumentIdentifier(uri=uri), position=diagnostic.range.start)
    )
    assert "**coordinator-not-wired**" in on_diagnostic.contents.value
    assert "context.coordinator" in on_diagnostic.contents.value

    nowhere = await client.text_document_hover_async(
        types.HoverParams(text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(line=0, character=2))
    )
    assert nowhere is None


async def test_symbols_folding_and_code_lenses(client: LanguageClient):
    path = copy_fixture(client, "delegate-missing.md")
    uri = uri_of(path)
    text = open_document(client, path)
    document = types.TextDocumentIdentifier(uri=uri)
    symbols = await client.text_document_document_symbol_async(types.DocumentSymbolParams(text_document=document))
    assert [s.name for s in symbols] == ["Section 1: Wrap the page view controller"]
    steps = symbols[0].children
    assert [s.name.split(":")[0] for s in steps] == ["Step 1", "Step 2", "Step 3"]
    # A step's symbol is its label and its title (the paragraph after an untitled label).
    assert steps[0].name == "Step 1: Create PageViewController.swift with a coordinator that adopts UIPageViewControllerDelegate."
    assert [s.detail for s in steps] == ["1.1", "1.2", "1.3"]
    assert [c.name for c in steps[0].children] == ["PageViewController.swift"]
    assert steps[0].children[0].kind == types.SymbolKind.File

    folding = await client.text_document_folding_range_async(types.FoldingRangeParams(text_document=document))
    lines = text.splitlines()
    step2 = lines.index("### Step 2")
    assert any(r.start_line == step2 for r in folding)
    assert all(r.end_line > r.start_line for r in folding)

    lenses = await client.text_document_code_lens_async(types.CodeLensParams(text_document=document))
    titles = [lens.command.title for lens in lenses]
    assert titles == [
        "PageViewController.swift: new, 31 lines",
        "PageViewController.swift: +3 −1 since step 1.1",
        "PageViewController.swift: +11 −0 since step 1.2",
    ]
    # The lens command runs on the server and answers with that step's diff.
    command = lenses[1].command
    shown = await client.workspace_execute_command_async(
        types.ExecuteCommandParams(command=command.command, arguments=command.arguments)
    )
    assert shown.startswith("**PageViewController.swift: +3 −1 since step 1.1**")


async def test_incremental_changes_and_pulled_diagnostics(client: LanguageClient):
    path = copy_fixture(client, "delegate-missing.md")
    uri = uri_of(path)
    text = open_document(client, path)
    document = types.TextDocumentIdentifier(uri=uri)
    first = await client.text_document_diagnostic_async(types.DocumentDiagnosticParams(text_document=document))
    assert first.kind == "full"
    assert [d.code for d in first.items].count("coordinator-not-wired") == 1
    unchanged = await client.text_document_diagnostic_async(
        types.DocumentDiagnosticParams(text_document=document, previous_result_id=first.result_id)
    )
    assert unchanged.kind == "unchanged"

    # Type the delegate line into step 1 only, keystroke by keystroke: steps 2 and 3 still miss it, so the
    # finding stays, now introduced in step 1.2 and no longer in step 1.1.
    lines = text.splitlines()
    target = next(i for i, line in enumerate(lines) if line.strip() == "return pageViewController")
    line_text = "        pageViewController.delegate = context.coordinator\n"
    version = 1
    for column, character in enumerate(line_text):
        version += 1
        at = types.Position(line=target, character=column)
        client.text_document_did_change(
            types.DidChangeTextDocumentParams(
                text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
                content_changes=[types.TextDocumentContentChangePartial(range=types.Range(start=at, end=at), text=character)],
            )
        )
    published = await client.published.wait(uri, version=version)
    wiring = [d for d in published.diagnostics if d.code == "coordinator-not-wired"]
    assert len(wiring) == 1
    assert wiring[0].related_information[0].message == "introduced in step 1.2"
    pulled = await client.text_document_diagnostic_async(
        types.DocumentDiagnosticParams(text_document=document, previous_result_id=first.result_id)
    )
    assert pulled.kind == "full"
    assert [d.related_information[0].message for d in pulled.items if d.code == "coordinator-not-wired"] == [
        "introduced in step 1.2"
    ]
    # Versions only grow, the last one published is the last one sent, and the burst of keystrokes was
    # coalesced: far fewer analyses published than edits made.
    versions = [p.version for p in client.published.notifications if p.uri == uri]
    assert versions == sorted(versions) and versions[-1] == version
    assert len(versions) < version / 2, versions


async def test_workspace_diagnostics_cover_open_and_unopened_tutorials(client: LanguageClient):
    opened = copy_fixture(client, "delegate-missing.md")
    unopened = copy_fixture(client, "delegate-missing.md", "closed-copy.md")
    open_document(client, opened)
    report = await client.workspace_diagnostic_async(types.WorkspaceDiagnosticParams(previous_result_ids=[]))
    by_uri = {item.uri: item for item in report.items}
    assert by_uri[uri_of(opened)].version == 1
    assert by_uri[uri_of(unopened)].version is None
    for item in by_uri.values():
        assert [d.code for d in item.items].count("coordinator-not-wired") == 1
    again = await client.workspace_diagnostic_async(
        types.WorkspaceDiagnosticParams(
            previous_result_ids=[types.PreviousResultId(uri=item.uri, value=item.result_id) for item in report.items]
        )
    )
    assert {item.kind for item in again.items} == {"unchanged"}


async def test_configuration_file_changes_reanalyse_open_documents(client: LanguageClient):
    path = copy_fixture(client, "delegate-missing.md")
    uri = uri_of(path)
    open_document(client, path)
    first = await client.published.wait(uri, version=1)
    assert any(d.code == "coordinator-not-wired" for d in first.diagnostics)
    config = client.workspace_path / ".tutorial-check.json"
    config.write_text(json.dumps({"rules": {"coordinator-not-wired": "off"}}))
    count = len(client.published.notifications)
    client.workspace_did_change_watched_files(
        types.DidChangeWatchedFilesParams(changes=[types.FileEvent(uri=uri_of(config), type=types.FileChangeType.Created)])
    )
    after = await client.published.wait(
        uri, version=1, where=lambda p: client.published.notifications.index(p) >= count
    )
    assert not any(d.code == "coordinator-not-wired" for d in after.diagnostics)

    # A broken configuration is reported in the log and the defaults apply.
    config.write_text("{not json")
    client.workspace_did_change_watched_files(
        types.DidChangeWatchedFilesParams(changes=[types.FileEvent(uri=uri_of(config), type=types.FileChangeType.Changed)])
    )
    for _ in range(100):
        if any(".tutorial-check.json" in m.message for m in client.log_messages):
            break
        await asyncio.sleep(0.05)
    assert any(m.type == types.MessageType.Warning and ".tutorial-check.json" in m.message for m in client.log_messages)


async def test_rule_links_follow_the_configured_rule_reference(client: LanguageClient):
    (client.workspace_path / ".tutorial-check.json").write_text(
        json.dumps({"rulesDocumentation": "https://docs.example.org/tutorial-check/rules.html"}))
    path = copy_fixture(client, "delegate-missing.md")
    uri = uri_of(path)
    open_document(client, path)
    published = await client.published.wait(uri, version=1)
    wiring = [d for d in published.diagnostics if d.code == "coordinator-not-wired"]
    assert wiring[0].code_description.href == "https://docs.example.org/tutorial-check/rules.html#coordinator-not-wired"


async def test_set_trace_logs_each_message(client: LanguageClient):
    client.set_trace(types.SetTraceParams(value=types.TraceValue.Messages))
    traces = []

    @client.feature(types.LOG_TRACE)
    def _trace(params: types.LogTraceParams):
        traces.append(params.message)

    path = copy_fixture(client, "delegate-missing.md")
    open_document(client, path)
    await client.text_document_folding_range_async(
        types.FoldingRangeParams(text_document=types.TextDocumentIdentifier(uri=uri_of(path)))
    )
    for _ in range(100):
        if any("textDocument/foldingRange" in t for t in traces):
            break
        await asyncio.sleep(0.05)
    assert any(t.startswith("Received request 'textDocument/foldingRange") for t in traces)
    assert any(t == "Received notification 'textDocument/didOpen'." for t in traces)


async def test_step_diff_request(client: LanguageClient):
    path = copy_fixture(client, "delegate-missing.md")
    open_document(client, path)
    result = await client.protocol.send_request_async("tutorialCheck/stepDiff", {"textDocument": {"uri": uri_of(path)}})
    # pygls turns the result into named tuples (renaming `from`); the byte-for-byte comparison with
    # `tutorial-check diff --format json` is in test_lsp_wire.py.
    served = plain(result)
    assert [(c["to"], c["added"], c["removed"], c["base"]) for c in served["documents"][0]["changes"]] == [
        ("1.1", 31, 0, "none"),
        ("1.2", 3, 1, "previous"),
        ("1.3", 11, 0, "previous"),
    ]


async def test_a_docc_resource_edit_reanalyses_the_tutorial_that_uses_it(client: LanguageClient):
    catalog = client.workspace_path / "InterfacingWithUIKit.docc"
    shutil.copytree(ROOT / "Tutorials" / "docc" / "InterfacingWithUIKit.docc", catalog)
    tutorial = catalog / "InterfacingWithUIKit.tutorial"
    # Build order (a problem a later step completes) is shown only when the configuration asks for it.
    # swift-syntax-error is off by default: this catalog turns it on to see the broken resource reported.
    (catalog / ".tutorial-check.json").write_text('{"includeBuildOrder": true, "rules": {"swift-syntax-error": "on"}}\n')
    uri = uri_of(tutorial)
    open_document(client, tutorial, language_id="tutorial")
    before = await client.published.wait(uri, version=1)
    assert not any(d.code == "swift-syntax-error" for d in before.diagnostics)
    # Shown, build order is a hint, related to the step that introduced it and the one that completed it.
    resolved = next(d for d in before.diagnostics if d.code == "missing-required-method")
    assert resolved.severity == types.DiagnosticSeverity.Hint
    assert [r.message for r in resolved.related_information] == ["introduced in step 1.1", "resolved in step 1.2"]
    resource = catalog / "Resources" / "01-03-PageViewController.swift"
    code = open_document(client, resource, language_id="swift")
    count = len(client.published.notifications)
    broken = code.replace("func makeUIViewController", "func makeUIViewController(((", 1)
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri_of(resource), version=2),
            content_changes=[types.TextDocumentContentChangeWholeDocument(text=broken)],
        )
    )
    # The unsaved buffer is what the tutorial now shows in step 1.3.
    after = await client.published.wait(uri, where=lambda p: client.published.notifications.index(p) >= count)
    syntax = [d for d in after.diagnostics if d.code == "swift-syntax-error"]
    assert syntax, after.diagnostics
    assert all(p.uri != uri_of(resource) for p in client.published.notifications), "code resources get no diagnostics of their own"


@pytest_lsp.fixture(config=server_config())
async def utf8_client(lsp_client: LanguageClient, tmp_path_factory):
    lsp_client.workspace_path = tmp_path_factory.mktemp("workspace")
    lsp_client.published = attach_recorder(lsp_client)
    capabilities = vscode_capabilities()
    capabilities.general = types.GeneralClientCapabilities(position_encodings=[types.PositionEncodingKind.Utf8, types.PositionEncodingKind.Utf16])
    lsp_client.init_result = await lsp_client.initialize_session(types.InitializeParams(capabilities=capabilities))
    yield
    await lsp_client.shutdown_session()


async def test_utf8_positions_when_the_client_offers_them(utf8_client: LanguageClient):
    client = utf8_client
    assert client.init_result.capabilities.position_encoding == types.PositionEncodingKind.Utf8
    # A Chinese heading line before the finding's line shifts nothing; a Chinese comment on the same line does.
    text = (FIXTURES / "delegate-missing.md").read_text().replace(
        "class Coordinator: NSObject, UIPageViewControllerDelegate {",
        "class Coordinator /* 协调器 */: NSObject, UIPageViewControllerDelegate {",
    )
    path = client.workspace_path / "utf8.md"
    path.write_text(text, encoding="utf-8")
    uri = uri_of(path)
    open_document(client, path)
    published = await client.published.wait(uri, version=1)
    diagnostic = next(d for d in published.diagnostics if d.code == "coordinator-not-wired")
    line = text.splitlines()[diagnostic.range.start.line]
    column_bytes = line.encode("utf-8").index(b"UIPageViewControllerDelegate")
    assert diagnostic.range.start.character == column_bytes
    assert column_bytes != line.index("UIPageViewControllerDelegate"), "the comment makes bytes and UTF-16 units differ"


FIXES = [
    # fixture, rule, how many edits the one fix makes, what the fixed document must then contain
    ("wiring-in-update.md", "wiring-in-update", 4, ("        pageViewController.dataSource = context.coordinator\n        return pageViewController", 2)),
    ("missing-make-coordinator.md", "missing-make-coordinator", 2, ("func makeCoordinator() -> Coordinator", 2)),
    ("binding-passed-by-value.md", "binding-passed-by-value", 2, ("currentPage: $currentPage)", 2)),
    ("step-no-change.md", "step-no-change", 1, ("```swift file=LandmarkRow.swift", 2)),
    ("misspelt-fence-language.md", "input-error", 1, ("```swift\n", 2)),
]


@pytest.mark.parametrize("fixture,rule,edit_count,expected", FIXES, ids=[f[1] for f in FIXES])
async def test_each_rule_fix_is_one_workspace_edit_that_clears_its_diagnostic(client: LanguageClient, fixture, rule, edit_count, expected):
    path = copy_fixture_with_rule_on(client, fixture, rule) if rule in OFF_BY_DEFAULT else copy_fixture(client, fixture)
    uri = uri_of(path)
    text = open_document(client, path)
    published = await client.published.wait(uri, version=1)
    diagnostics = [d for d in published.diagnostics if d.code == rule]
    assert len(diagnostics) == 1, published.diagnostics
    actions = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            range=diagnostics[0].range,
            context=types.CodeActionContext(diagnostics=diagnostics),
        )
    )
    preferred = [action for action in actions if action.is_preferred]
    assert len(preferred) == 1 and actions[0] is preferred[0]
    edits = edits_for(preferred[0].edit, uri)
    assert len(edits) == edit_count
    fixed = apply_text_edits(text, edits)
    snippet, count = expected
    assert fixed.count(snippet) == count, fixed
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=2),
            content_changes=[types.TextDocumentContentChangeWholeDocument(text=fixed)],
        )
    )
    after = await client.published.wait(uri, version=2)
    assert [d for d in after.diagnostics if d.code == rule] == []
    assert [d for d in after.diagnostics if d.severity in (types.DiagnosticSeverity.Error, types.DiagnosticSeverity.Warning)] == []


@pytest.mark.parametrize("which", ["here", "document"])
async def test_disable_actions_silence_the_rule(client: LanguageClient, which):
    path = copy_fixture_with_rule_on(client, "step-no-change.md", "step-no-change")
    uri = uri_of(path)
    text = open_document(client, path)
    published = await client.published.wait(uri, version=1)
    diagnostic = next(d for d in published.diagnostics if d.code == "step-no-change")
    actions = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            range=diagnostic.range,
            context=types.CodeActionContext(diagnostics=[diagnostic]),
        )
    )
    title = "Disable step-no-change for step 1.2" if which == "here" else "Disable step-no-change in this document"
    action = next(a for a in actions if a.title == title)
    fixed = apply_text_edits(text, edits_for(action.edit, uri))
    expected = "<!-- tutorial-check-disable-next-step step-no-change -->\n### Step 2" if which == "here" else "<!-- tutorial-check-disable step-no-change -->\n# A row"
    assert expected in fixed
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=2),
            content_changes=[types.TextDocumentContentChangeWholeDocument(text=fixed)],
        )
    )
    after = await client.published.wait(uri, version=2)
    assert [d for d in after.diagnostics if d.code == "step-no-change"] == []


SAMPLES = [
    ("docc/InterfacingWithUIKit.docc/InterfacingWithUIKit.tutorial", "tutorial"),
    ("markdown/interfacing-with-uikit.md", "markdown"),
    ("html/interfacing-with-uikit.html", "html"),
    ("text/interfacing-with-uikit-zh.txt", "plaintext"),
]


@pytest.mark.parametrize("sample,language_id", SAMPLES, ids=[s[1] for s in SAMPLES])
async def test_every_format_is_read_by_language_id_or_extension(client: LanguageClient, sample, language_id):
    path = ROOT / "Tutorials" / sample
    uri = uri_of(path)
    open_document(client, path, language_id=language_id)
    symbols = await client.text_document_document_symbol_async(
        types.DocumentSymbolParams(text_document=types.TextDocumentIdentifier(uri=uri))
    )
    assert len(symbols) == 4
    assert sum(len(section.children) for section in symbols) == 24
    published = await client.published.wait(uri, version=1)
    assert all(d.code for d in published.diagnostics)


async def test_added_workspace_folders_are_searched(client: LanguageClient, tmp_path_factory):
    other = tmp_path_factory.mktemp("other")
    shutil.copy(FIXTURES / "step-no-change.md", other / "rows.md")
    (other / ".tutorial-check.json").write_text('{"rules": {"step-no-change": "on"}}\n')
    before = await client.workspace_diagnostic_async(types.WorkspaceDiagnosticParams(previous_result_ids=[]))
    assert uri_of(other / "rows.md") not in [item.uri for item in before.items]
    client.workspace_did_change_workspace_folders(
        types.DidChangeWorkspaceFoldersParams(
            event=types.WorkspaceFoldersChangeEvent(added=[types.WorkspaceFolder(uri=uri_of(other), name="other")], removed=[])
        )
    )
    after = await client.workspace_diagnostic_async(types.WorkspaceDiagnosticParams(previous_result_ids=[]))
    rows = next(item for item in after.items if item.uri == uri_of(other / "rows.md"))
    assert [d.code for d in rows.items] == ["step-no-change"]


def make_docc_catalog(root) -> tuple:
    """A DocC catalog whose three steps show the delegate fixture's three states as code resources."""
    fixture = (FIXTURES / "delegate-missing.md").read_text()
    blocks = [part.split("```", 1)[0] for part in fixture.split("```swift file=PageViewController.swift\n")[1:]]
    catalog = root / "Pages.docc"
    (catalog / "Resources").mkdir(parents=True)
    steps = []
    resources = []
    for index, code in enumerate(blocks, 1):
        name = f"0{index}-PageViewController.swift"
        (catalog / "Resources" / name).write_text(code)
        resources.append(catalog / "Resources" / name)
        steps.append(f'            @Step {{\n                Step {index}.\n\n                @Code(name: "PageViewController.swift", file: "{name}")\n            }}\n')
    tutorial = catalog / "Pages.tutorial"
    tutorial.write_text(
        '@Tutorial(time: 5) {\n    @Intro(title: "Pages") {\n        A page view.\n    }\n\n'
        '    @Section(title: "Wrap the page view controller") {\n        @Steps {\n' + "".join(steps) + "        }\n    }\n}\n"
    )
    return tutorial, resources


async def test_docc_quick_fix_edits_the_code_resources_of_every_step(client: LanguageClient):
    tutorial, resources = make_docc_catalog(client.workspace_path)
    uri = uri_of(tutorial)
    open_document(client, tutorial, language_id="tutorial")
    # The second resource is open in the editor: its edit carries the buffer's version.
    open_document(client, resources[1], language_id="swift", version=7)
    published = await client.published.wait(uri, version=1)
    diagnostic = next(d for d in published.diagnostics if d.code == "coordinator-not-wired")
    actions = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            range=diagnostic.range,
            context=types.CodeActionContext(diagnostics=[diagnostic]),
        )
    )
    fix = actions[0]
    assert fix.is_preferred and fix.title.startswith("Set .delegate = context.coordinator")
    changes = {change.text_document.uri: change for change in fix.edit.document_changes}
    assert sorted(changes) == sorted(uri_of(r) for r in resources)
    assert changes[uri_of(resources[1])].text_document.version == 7
    assert changes[uri_of(resources[0])].text_document.version is None
    count = len(client.published.notifications)
    for resource in resources:
        fixed = apply_text_edits(resource.read_text(), changes[uri_of(resource)].edits)
        assert "        pageViewController.delegate = context.coordinator\n        return pageViewController" in fixed
        if resource == resources[1]:
            client.text_document_did_change(
                types.DidChangeTextDocumentParams(
                    text_document=types.VersionedTextDocumentIdentifier(uri=uri_of(resource), version=8),
                    content_changes=[types.TextDocumentContentChangeWholeDocument(text=fixed)],
                )
            )
        resource.write_text(fixed)
    client.workspace_did_change_watched_files(
        types.DidChangeWatchedFilesParams(
            changes=[types.FileEvent(uri=uri_of(r), type=types.FileChangeType.Changed) for r in resources]
        )
    )
    after = await client.published.wait(
        uri,
        where=lambda p: client.published.notifications.index(p) >= count
        and not any(d.code == "coordinator-not-wired" for d in p.diagnostics),
    )
    assert not any(d.code == "coordinator-not-wired" for d in after.diagnostics)
