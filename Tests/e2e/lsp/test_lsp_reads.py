"""What the language server reads from disk, seen from a real LSP client (pytest-lsp): only files under
the workspace folders of `initialize`, otherwise only what the client sent (docs/security.md)."""
import json
import pathlib

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import LanguageClient

from lsp_support import open_document, server_config, start_in_workspace, uri_of

pytestmark = [pytest.mark.asyncio, pytest.mark.filterwarnings("error::pytest_lsp.LspSpecificationWarning")]

PASSWD_TUTORIAL = """@Tutorial(time: 5) {
    @Section(title: "Accounts") {
        @Steps {
            @Step {
                Show the accounts.

                @Code(name: "Accounts.swift", file: "passwd")
            }
        }
    }
}
"""


@pytest_lsp.fixture(config=server_config())
async def client(lsp_client: LanguageClient, tmp_path_factory):
    workspace = tmp_path_factory.mktemp("workspace")
    await start_in_workspace(lsp_client, workspace)
    yield
    await lsp_client.shutdown_session()


async def served_text(client: LanguageClient, uri: str) -> str:
    diff = await client.protocol.send_request_async("tutorialCheck/stepDiff", {"textDocument": {"uri": uri}})
    report = await client.text_document_diagnostic_async(
        types.DocumentDiagnosticParams(text_document=types.TextDocumentIdentifier(uri=uri)))
    return json.dumps(diff, default=repr) + repr(report)


async def test_a_tutorial_opened_from_etc_never_shows_etc_passwd(client: LanguageClient):
    assert "root:" in pathlib.Path("/etc/passwd").read_text()
    uri = "file:///etc/T.tutorial"
    client.text_document_did_open(types.DidOpenTextDocumentParams(
        text_document=types.TextDocumentItem(uri=uri, language_id="tutorial", version=1, text=PASSWD_TUTORIAL)))
    served = await served_text(client, uri)
    assert "root:" not in served
    assert "workspace folders; the language server reads files only inside them" in served
    # A document never opened, outside the workspace, is not read from disk either.
    with pytest.raises(Exception, match="neither open nor readable"):
        await client.protocol.send_request_async(
            "tutorialCheck/stepDiff", {"textDocument": {"uri": "file:///etc/passwd"}})


async def test_inside_the_workspace_the_tutorial_reads_its_folder(client: LanguageClient):
    folder = client.workspace_path / "etc"
    folder.mkdir()
    (folder / "passwd").write_text("let accounts = [\"inside-the-workspace\"]\n")
    tutorial = folder / "T.tutorial"
    tutorial.write_text(PASSWD_TUTORIAL)
    open_document(client, tutorial, language_id="tutorial")
    served = await served_text(client, uri_of(tutorial))
    assert "inside-the-workspace" in served
