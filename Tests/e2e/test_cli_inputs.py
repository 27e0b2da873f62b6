"""The CLI's input-error contract: exit code 2 and a one-line message, never a crash."""
import json
import pathlib

from conftest import run


def test_missing_file_is_exit_2_with_one_line(binary, tmp_path):
    result = run(binary, "outline", str(tmp_path / "nope.md"))
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1 and "no such file" in result.stderr


def test_directory_without_tutorials(binary, tmp_path):
    (tmp_path / "notes.bin").write_bytes(b"\x00\x01")
    result = run(binary, "outline", str(tmp_path))
    assert result.returncode == 2
    assert "no tutorial files" in result.stderr


def test_a_folder_walk_takes_every_extension_a_named_file_is_read_by(binary, tmp_path):
    """One table of extensions: a `.mkd`, `.mdown`, `.xhtml` or `.text` file that `lint FILE` reads is
    found by `lint FOLDER` too, with the same findings."""
    tutorial = "# Counting\n\n## Step 1\n\nCreate Counter.swift.\n\n```swift file=Counter.swift\nstruct Counter {\n    var count =\n}\n```\n"
    for name in ("notes.mkd", "notes.mdown", "page.MKD"):
        (tmp_path / name).write_text(tutorial, encoding="utf-8")
    (tmp_path / "page.xhtml").write_text(
        "<html><body><h2>Step 1</h2><p>Create Counter.swift.</p>"
        "<pre><code class=\"language-swift\">struct Counter {\n    var count =\n}\n</code></pre></body></html>\n",
        encoding="utf-8")
    (tmp_path / "walkthrough.text").write_text(
        "Step 1\nCreate Counter.swift.\n\nstruct Counter {\n    var count =\n}\n", encoding="utf-8")
    # The syntax error is what each reading finds: its rule is off by default, so the folder turns it on.
    (tmp_path / ".tutorial-check.json").write_text('{"rules": {"swift-syntax-error": "on"}}\n', encoding="utf-8")
    walked = run(binary, "lint", "--format", "json", str(tmp_path))
    assert walked.returncode in (0, 1), walked.stderr
    documents = {pathlib.Path(document["path"]).name: document["diagnostics"]
                 for document in json.loads(walked.stdout)["documents"]}
    assert sorted(documents) == ["notes.mdown", "notes.mkd", "page.MKD", "page.xhtml", "walkthrough.text"]
    for name, diagnostics in documents.items():
        alone = json.loads(run(binary, "lint", "--format", "json", str(tmp_path / name)).stdout)["documents"][0]
        assert alone["diagnostics"] == diagnostics, name
    assert any(diagnostics for diagnostics in documents.values())


def test_binary_and_invalid_utf8(binary, tmp_path):
    binary_file = tmp_path / "a.md"
    binary_file.write_bytes(b"\x7fELF\x00\x00\x01")
    invalid = tmp_path / "b.txt"
    invalid.write_bytes(b"Step 1\n\xff\xfe\xfd\n")
    for path, reason in ((binary_file, "binary"), (invalid, "not valid UTF-8")):
        result = run(binary, "outline", str(path))
        assert result.returncode == 2, result
        assert reason in result.stderr


def test_unknown_command_and_option(binary):
    assert run(binary, "frobnicate").returncode == 2
    result = run(binary, "outline", "--colour", "x.md")
    assert result.returncode == 2 and "unknown option" in result.stderr


def test_every_command_answers_help_and_main_help_lists_them(binary):
    listed = run(binary, "--help")
    assert listed.returncode == 0
    commands = [line.split()[0] for line in listed.stdout.split("commands:\n")[1].split("\n\n")[0].splitlines()]
    assert commands == ["outline", "diff", "compare", "lsp", "lint", "init", "rules", "explain", "report", "completions", "manpage"], commands
    for command in commands:
        result = run(binary, command, "--help")
        assert result.returncode == 0, (command, result.stderr)
        assert result.stdout.startswith(f"usage: tutorial-check {command}"), result.stdout
        assert "--help" in result.stdout


def test_wrong_number_of_arguments_is_a_usage_error(binary):
    for arguments in (["lint"], ["diff"], ["rules", "extra"], ["explain"], ["explain", "a", "b"], ["lsp", "file.md"],
                      ["report"], ["completions"], ["completions", "tcsh"], ["manpage", "extra"], ["compare"],
                      ["compare", "one.md"], ["compare", "a.md", "b.md", "c.md"], ["init", "extra"]):
        result = run(binary, *arguments)
        assert result.returncode == 2, arguments
        assert result.stderr.count("\n") == 1, result.stderr


def test_a_page_in_the_encoding_it_declares_is_read_and_undeclared_bytes_name_their_line(binary, tmp_path):
    """A page written before UTF-8 was the norm declares its encoding, and is read by it as a browser reads it;
    Markdown declares none, so bytes that are not UTF-8 there are refused with the line they start on."""
    page = tmp_path / "page.html"
    page.write_bytes('<html><head><meta charset="gb2312"></head><body>\n<h1>计数器教程</h1>\n<h2>第一步</h2>\n'
                     '<pre><code class="language-swift">struct Counter {}\n</code></pre>\n</body></html>\n'.encode("gb2312"))
    outline = run(binary, "outline", "--format", "json", str(page))
    assert outline.returncode == 0, outline.stderr
    document = json.loads(outline.stdout)["documents"][0]
    assert document["title"] == "计数器教程"
    assert [step["label"] for section in document["sections"] for step in section["steps"]] == ["第一步"]
    notes = tmp_path / "notes.md"
    notes.write_bytes("# 计数器\n\n```swift\nstruct Counter {}\n```\n".encode("gbk"))
    refused = run(binary, "outline", str(notes))
    assert refused.returncode == 2
    assert refused.stderr.count("\n") == 1 and "is not valid UTF-8 (the first invalid byte is on line 1)" in refused.stderr


def test_encoding_reads_documents_saved_in_a_legacy_encoding(binary, tmp_path):
    """`--encoding NAME` reads a document whose bytes are not UTF-8 (and that declares no encoding) in NAME, for
    every reading command; UTF-8 documents beside it read as before; a name iconv does not know, and `--fix`
    with it (fixes are written in UTF-8), are usage errors in one line."""
    (tmp_path / "a-notes.md").write_bytes("# Jar notes – a guide\n\n## Step 1\n\n```swift\nlet label = \"café\"\n```\n"
                                          .encode("windows-1252"))
    (tmp_path / "b-counter.md").write_text("# Counter\n\n## Step 1\n\n```swift\nstruct Counter {}\n```\n", encoding="utf-8")
    outline = run(binary, "outline", "--format", "json", "--encoding", "windows-1252", str(tmp_path))
    assert outline.returncode == 0, outline.stderr
    titles = [document["title"] for document in json.loads(outline.stdout)["documents"]]
    assert titles == ["Jar notes – a guide", "Counter"]
    for command in (["lint", "--format", "json"], ["diff", "--format", "json"], ["report"]):
        result = run(binary, *command, "--encoding", "windows-1252", str(tmp_path))
        assert result.returncode == 0 and result.stderr == "", (command, result.stderr)
    refused = run(binary, "outline", str(tmp_path))
    assert refused.returncode == 2 and "a-notes.md: is not valid UTF-8" in refused.stderr
    assert refused.stderr.count("\n") == 1 and refused.stderr.rstrip().endswith("(or name its encoding: --encoding NAME)")
    unknown = run(binary, "lint", "--encoding", "klingon", str(tmp_path))
    assert unknown.returncode == 2 and unknown.stderr.count("\n") == 1 and "unknown encoding 'klingon'" in unknown.stderr
    before = (tmp_path / "a-notes.md").read_bytes()
    fix = run(binary, "lint", "--fix", "--encoding", "windows-1252", str(tmp_path))
    assert fix.returncode == 2 and fix.stderr.count("\n") == 1 and "--fix writes UTF-8" in fix.stderr
    assert (tmp_path / "a-notes.md").read_bytes() == before


def test_a_document_that_cannot_be_read_costs_that_document_alone(binary, tmp_path):
    """One document in another encoding among readable ones: every command reports the readable ones, names
    the other on stderr in one line, and exits 2 (the contract's input error), so a CI run loses nothing."""
    (tmp_path / "a-counter.md").write_text(
        "# Counter\n\n## Step 1\n\nCreate Counter.swift.\n\n```swift file=Counter.swift\nstruct Counter {\n}\n```\n",
        encoding="utf-8")
    (tmp_path / "b-notes.md").write_bytes("# 笔记\n\n```swift\nlet a = 1\n```\n".encode("gbk"))
    (tmp_path / "c-timer.md").write_text(
        "# Timer\n\n## Step 1\n\n```swift file=Timer.swift\nstruct Timer {\n}\n```\n", encoding="utf-8")
    for command in (["outline", "--format", "json"], ["lint", "--format", "json"], ["diff", "--format", "json"]):
        result = run(binary, *command, str(tmp_path))
        assert result.returncode == 2, (command, result.stderr)
        assert result.stderr.count("\n") == 1 and "b-notes.md: is not valid UTF-8" in result.stderr, command
        paths = [pathlib.Path(document["path"]).name for document in json.loads(result.stdout)["documents"]]
        assert paths == ["a-counter.md", "c-timer.md"], (command, paths)
    page = run(binary, "report", str(tmp_path))
    assert page.returncode == 2 and "b-notes.md: is not valid UTF-8" in page.stderr
    assert "Counter.swift" in page.stdout and "Timer.swift" in page.stdout
