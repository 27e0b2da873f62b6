"""Helpers of the language-server tests: the server command, a pytest-lsp client that records
every pushed diagnostics notification with its version, and helpers to wait for them."""
import asyncio
import os
import pathlib
import sys

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities

ROOT = pathlib.Path(__file__).resolve().parents[3]
FIXTURES = pathlib.Path(__file__).resolve().parent / "fixtures"
BINARY = os.environ.get("TUTORIAL_CHECK") or str(ROOT / ".build" / "release" / "tutorial-check")

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))


def server_config() -> ClientServerConfig:
    return ClientServerConfig(server_command=[BINARY, "lsp"])


class Published:
    """Every publishDiagnostics the server sent, in order, kept by the client."""

    def __init__(self):
        self.notifications: list[types.PublishDiagnosticsParams] = []
        self.event = asyncio.Event()

    def record(self, params: types.PublishDiagnosticsParams):
        self.notifications.append(params)
        self.event.set()

    async def wait(self, uri: str, version=None, timeout: float = 20.0, where=None):
        """The first notification for `uri` (at `version`, when given) that satisfies `where`."""
        deadline = asyncio.get_running_loop().time() + timeout
        while True:
            for params in self.notifications:
                if params.uri == uri and (version is None or params.version == version) and (where is None or where(params)):
                    return params
            remaining = deadline - asyncio.get_running_loop().time()
            if remaining <= 0:
                seen = [(p.uri, p.version, len(p.diagnostics)) for p in self.notifications]
                raise AssertionError(f"no diagnostics for {uri} at version {version}; seen {seen}")
            self.event.clear()
            try:
                await asyncio.wait_for(self.event.wait(), remaining)
            except asyncio.TimeoutError:
                pass


def attach_recorder(client: LanguageClient) -> Published:
    published = Published()
    # pytest-lsp's own handler keeps only the last diagnostics per document; this one also keeps versions.
    client.protocol.fm.features.pop(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS, None)

    @client.feature(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    def _publish(params: types.PublishDiagnosticsParams):
        client.diagnostics[params.uri] = params.diagnostics
        published.record(params)

    registrations: list = []

    @client.feature(types.CLIENT_REGISTER_CAPABILITY)
    def _register(params: types.RegistrationParams):
        registrations.extend(params.registrations)
        return None

    client.registrations = registrations
    return published


async def start_in_workspace(client: LanguageClient, workspace: pathlib.Path):
    """A session as VS Code starts one, with `workspace` its one folder; published diagnostics recorded."""
    client.workspace_path = workspace
    client.published = attach_recorder(client)
    client.init_result = await client.initialize_session(
        types.InitializeParams(
            capabilities=vscode_capabilities(),
            workspace_folders=[types.WorkspaceFolder(uri=uri_of(workspace), name="workspace")],
        )
    )


def vscode_capabilities() -> types.ClientCapabilities:
    """VS Code's own capabilities, as pytest-lsp records them (UTF-16, versioned edits, pull diagnostics)."""
    return client_capabilities("visual-studio-code")


def uri_of(path: pathlib.Path) -> str:
    return path.resolve().as_uri()


def open_document(client: LanguageClient, path: pathlib.Path, language_id: str = "markdown", version: int = 1, text=None):
    text = path.read_text(encoding="utf-8") if text is None else text
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(uri=uri_of(path), language_id=language_id, version=version, text=text)
        )
    )
    return text


def apply_text_edits(text: str, edits, encoding: str = "utf-16") -> str:
    """Applies LSP text edits (all against the original text) the way a client does."""
    lines = text.splitlines(keepends=True)
    starts = [0]
    for line in lines:
        starts.append(starts[-1] + len(line))

    def offset(position) -> int:
        if position.line >= len(lines):
            return len(text)
        line = lines[position.line]
        content = line.rstrip("\r\n")
        if encoding == "utf-16":
            units = 0
            for index, character in enumerate(content):
                if units >= position.character:
                    return starts[position.line] + index
                units += 2 if ord(character) > 0xFFFF else 1
            return starts[position.line] + len(content)
        encoded = content.encode("utf-8")[: position.character]
        return starts[position.line] + len(encoded.decode("utf-8", errors="ignore"))

    resolved = sorted(
        ((offset(edit.range.start), offset(edit.range.end), index, edit.new_text) for index, edit in enumerate(edits)),
        key=lambda item: (item[0], item[1], item[2]),
    )
    result = []
    cursor = 0
    for start, end, _, new_text in resolved:
        assert start >= cursor, "overlapping edits"
        result.append(text[cursor:start])
        result.append(new_text)
        cursor = end
    result.append(text[cursor:])
    return "".join(result)


def edits_for(edit: types.WorkspaceEdit, uri: str):
    if edit.document_changes:
        collected = []
        for change in edit.document_changes:
            assert isinstance(change, types.TextDocumentEdit)
            if change.text_document.uri == uri:
                collected.extend(change.edits)
        return collected
    return list((edit.changes or {}).get(uri, []))
