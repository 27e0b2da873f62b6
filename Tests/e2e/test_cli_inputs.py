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
