"""A copy that names its original in `.tutorial-check.json` (`"originals"`) gets the drifts of `tutorial-check
compare` as diagnostics from the language server, checked through a real LSP client (pytest-lsp): a
`translation-drift` warning on each drifted place of the copy, the original's place as related information,
and what the original has there in `data.replacement`."""
import json
import shutil

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import LanguageClient

from lsp_support import ROOT, attach_recorder, open_document, server_config, start_in_workspace, uri_of, vscode_capabilities

pytestmark = [pytest.mark.asyncio, pytest.mark.filterwarnings("error::pytest_lsp.LspSpecificationWarning")]
FIXTURES = ROOT / "Fixtures" / "compare"


@pytest_lsp.fixture(config=server_config())
async def client(lsp_client: LanguageClient, tmp_path_factory):
    workspace = tmp_path_factory.mktemp("workspace")
    (workspace / "en").mkdir()
    (workspace / "zh").mkdir()
    shutil.copy(FIXTURES / "original.md", workspace / "en" / "Slider.md")
    shutil.copy(FIXTURES / "copy-zh.md", workspace / "zh" / "Slider.md")
    shutil.copy(FIXTURES / "original.md", workspace / "zh" / "Unrelated.md")
    (workspace / ".tutorial-check.json").write_text(json.dumps({"originals": {"zh/Slider.md": "en/Slider.md"}}))
    await start_in_workspace(lsp_client, workspace)
    yield
    await lsp_client.shutdown_session()


async def test_the_copy_gets_its_drifts_with_the_originals_place(client: LanguageClient):
    copy = client.workspace_path / "zh" / "Slider.md"
    original = client.workspace_path / "en" / "Slider.md"
    open_document(client, copy)
    published = await client.published.wait(uri_of(copy), version=1)
    drifts = [d for d in published.diagnostics if d.code == "translation-drift"]
    # The renamed parameter, three lines with the misspelled type, the wiring line left out (0-based lines).
    assert [(d.range.start.line, d.range.start.character) for d in drifts] == [(55, 42), (74, 30), (75, 8), (89, 10), (123, 0)]
    assert all(d.severity == types.DiagnosticSeverity.Warning for d in drifts)
    spelled = drifts[0]
    assert spelled.message.startswith("name-spelling:") and "contetxt" in spelled.message
    assert spelled.data["replacement"] == "context"
    related = spelled.related_information[0]
    assert related.location.uri == uri_of(original)
    assert (related.location.range.start.line, related.location.range.start.character) == (55, 42)
    missing = drifts[-1]
    assert missing.message.startswith("line-missing:")
    assert missing.range.start == missing.range.end, "a missing line is where it belongs: an empty range"
    assert missing.data["replacement"].lstrip().startswith("slider.addTarget(context.coordinator")
    assert missing.related_information[0].location.range.start.line == 123


async def test_a_document_that_names_no_original_gets_no_drift(client: LanguageClient):
    other = client.workspace_path / "zh" / "Unrelated.md"
    open_document(client, other)
    published = await client.published.wait(uri_of(other), version=1)
    assert not [d for d in published.diagnostics if d.code == "translation-drift"]


async def test_hover_shows_the_originals_code_and_the_quick_fix_takes_it(client: LanguageClient):
    copy = client.workspace_path / "zh" / "Slider.md"
    uri = uri_of(copy)
    open_document(client, copy)
    published = await client.published.wait(uri, version=1)
    spelled = next(d for d in published.diagnostics if d.code == "translation-drift" and "contetxt" in d.message)
    hover = await client.text_document_hover_async(
        types.HoverParams(text_document=types.TextDocumentIdentifier(uri=uri), position=spelled.range.start))
    assert "The original's step 1.3" in hover.contents.value
    assert "func updateUIView(_ slider: UISlider, context: Context) {" in hover.contents.value
    actions = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=uri), range=spelled.range,
            context=types.CodeActionContext(diagnostics=[spelled])))
    take = [a for a in actions if a.title.startswith("Take the original's code")]
    assert len(take) == 1, [a.title for a in actions]
    [edit] = take[0].edit.changes[uri]
    assert edit.new_text == "context" and edit.range == spelled.range
    lines = copy.read_text(encoding="utf-8").split("\n")
    line = lines[edit.range.start.line]
    fixed = line[:edit.range.start.character] + edit.new_text + line[edit.range.end.character:]
    assert fixed == "    func updateUIView(_ slider: UISlider, context: Context) {"


async def test_pulled_diagnostics_carry_the_same_drifts(client: LanguageClient):
    copy = client.workspace_path / "zh" / "Slider.md"
    uri = uri_of(copy)
    open_document(client, copy)
    published = await client.published.wait(uri, version=1)
    pushed = [(d.range, d.message) for d in published.diagnostics if d.code == "translation-drift"]
    pulled = await client.text_document_diagnostic_async(
        types.DocumentDiagnosticParams(text_document=types.TextDocumentIdentifier(uri=uri)))
    assert pulled.kind == "full"
    drifts = [d for d in pulled.items if d.code == "translation-drift"]
    assert [(d.range, d.message) for d in drifts] == pushed and len(drifts) == 5
    assert drifts[0].related_information[0].location.uri == uri_of(client.workspace_path / "en" / "Slider.md")


async def test_a_copy_names_its_original_in_its_front_matter(client: LanguageClient):
    # No `originals` entry for this copy: its front matter names the original, relative to the copy's folder.
    copy = client.workspace_path / "zh" / "Front.md"
    copy.write_text("---\ntitle: 滑块\noriginal: ../en/Slider.md\n---\n" + (FIXTURES / "copy-zh.md").read_text(encoding="utf-8"), encoding="utf-8")
    open_document(client, copy)
    published = await client.published.wait(uri_of(copy), version=1)
    drifts = [d for d in published.diagnostics if d.code == "translation-drift"]
    # The same five drifts as the configured copy's, four lines further down.
    assert [(d.range.start.line, d.range.start.character) for d in drifts] == [(59, 42), (78, 30), (79, 8), (93, 10), (127, 0)]
    assert drifts[0].related_information[0].location.range.start.line == 55


@pytest_lsp.fixture(config=server_config())
async def utf8_client(lsp_client: LanguageClient, tmp_path_factory):
    workspace = tmp_path_factory.mktemp("workspace")
    (workspace / "en").mkdir()
    (workspace / "zh").mkdir()
    # A comment in Chinese before the original's parameter: its column in bytes differs from UTF-16 units.
    original = (FIXTURES / "original.md").read_text(encoding="utf-8").replace(
        "func updateUIView(_ slider: UISlider, context: Context)",
        "func updateUIView(_ slider /* 滑块 */: UISlider, context: Context)")
    (workspace / "en" / "Slider.md").write_text(original, encoding="utf-8")
    shutil.copy(FIXTURES / "copy-zh.md", workspace / "zh" / "Slider.md")
    (workspace / ".tutorial-check.json").write_text(json.dumps({"originals": {"zh/Slider.md": "en/Slider.md"}}))
    lsp_client.workspace_path = workspace
    lsp_client.published = attach_recorder(lsp_client)
    capabilities = vscode_capabilities()
    capabilities.general = types.GeneralClientCapabilities(
        position_encodings=[types.PositionEncodingKind.Utf8, types.PositionEncodingKind.Utf16])
    lsp_client.init_result = await lsp_client.initialize_session(
        types.InitializeParams(
            capabilities=capabilities, workspace_folders=[types.WorkspaceFolder(uri=uri_of(workspace), name="workspace")]))
    yield
    await lsp_client.shutdown_session()


async def test_the_originals_range_follows_the_negotiated_encoding(utf8_client: LanguageClient):
    client = utf8_client
    assert client.init_result.capabilities.position_encoding == types.PositionEncodingKind.Utf8
    copy = client.workspace_path / "zh" / "Slider.md"
    open_document(client, copy)
    published = await client.published.wait(uri_of(copy), version=1)
    spelled = next(d for d in published.diagnostics if d.code == "translation-drift" and "contetxt" in d.message)
    related = spelled.related_information[0].location.range
    line = (client.workspace_path / "en" / "Slider.md").read_text(encoding="utf-8").split("\n")[related.start.line]
    assert related.start.character == line.encode("utf-8").index(b"context:")
    assert related.end.character - related.start.character == len("context")
    assert related.start.character != line.index("context:"), "the comment makes bytes and UTF-16 units differ"


async def test_the_kept_comparison_follows_the_originals_text(client: LanguageClient):
    # The comparison is kept while neither text changes: the original's file changing on disk is seen at the
    # copy's next analysis, though the copy's text is the same.
    copy = client.workspace_path / "zh" / "Kept.md"
    original = client.workspace_path / "en" / "Kept.md"
    shutil.copy(FIXTURES / "copy-zh.md", copy)
    shutil.copy(FIXTURES / "original.md", original)
    (client.workspace_path / ".tutorial-check.json").write_text(
        json.dumps({"originals": {"zh/Slider.md": "en/Slider.md", "zh/Kept.md": "en/Kept.md"}}))
    client.workspace_did_change_watched_files(
        types.DidChangeWatchedFilesParams(changes=[types.FileEvent(
            uri=uri_of(client.workspace_path / ".tutorial-check.json"), type=types.FileChangeType.Changed)]))
    uri = uri_of(copy)
    text = open_document(client, copy)
    first = await client.published.wait(uri, version=1)
    assert any("contetxt" in d.message for d in first.diagnostics if d.code == "translation-drift")
    original.write_text(
        original.read_text(encoding="utf-8").replace("UISlider, context: Context)", "UISlider, contetxt: Context)", 1), encoding="utf-8")
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=2),
            content_changes=[types.TextDocumentContentChangeWholeDocument(text=text)]))
    after = await client.published.wait(uri, version=2)
    drifts = [d for d in after.diagnostics if d.code == "translation-drift"]
    assert not any("contetxt" in d.message for d in drifts), [d.message for d in drifts]
    assert len(drifts) == 4, "the misspelt type and the missing wiring line stay"
