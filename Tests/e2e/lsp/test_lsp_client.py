"""The language server against a real LSP client: pytest-lsp (pygls) structures every message the server
sends into lsprotocol's LSP 3.17 types, so a malformed field fails the test, and spec warnings are errors."""
import asyncio
import json
import shutil

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import LanguageClient

from conftest import (
    FIXTURES,
    apply_text_edits,
    attach_recorder,
    edits_for,
    open_document,
    server_config,
    uri_of,
    vscode_capabilities,
)

pytestmark = [pytest.mark.asyncio, pytest.mark.filterwarnings("error::pytest_lsp.LspSpecificationWarning")]


@pytest_lsp.fixture(config=server_config())
async def client(lsp_client: LanguageClient, tmp_path_factory):
    workspace = tmp_path_factory.mktemp("workspace")
    lsp_client.workspace_path = workspace
    lsp_client.published = attach_recorder(lsp_client)
    lsp_client.init_result = await lsp_client.initialize_session(
        types.InitializeParams(
            capabilities=vscode_capabilities(),
            workspace_folders=[types.WorkspaceFolder(uri=uri_of(workspace), name="workspace")],
        )
    )
    yield
    await lsp_client.shutdown_session()


def copy_fixture(client, name: str, target: str | None = None):
    path = client.workspace_path / (target or name)
    shutil.copy(FIXTURES / name, path)
    return path


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
