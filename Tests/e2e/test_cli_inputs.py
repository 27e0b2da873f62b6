"""The CLI's input-error contract: exit code 2 and a one-line message, never a crash."""
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
