"""`tutorial-check lint --cache`: a remembered result prints exactly what a fresh lint prints, and anything
the result was computed from (the document, a DocC resource, the configuration) invalidates it; a damaged
or foreign cache file is reported in one line on stderr and never trusted."""
import os
import pathlib
import shutil
import subprocess

import pytest

from conftest import ROOT

FIXTURES = ROOT / "Fixtures" / "lint"


def lint(binary, *arguments, cwd, env=None):
    environment = dict(os.environ, **(env or {}))
    return subprocess.run([binary, "lint", *arguments], capture_output=True, text=True, cwd=cwd, timeout=300, env=environment)


@pytest.fixture
def corpus(tmp_path) -> pathlib.Path:
    """A writable copy of every broken lint fixture (with their folder configurations)."""
    shutil.copytree(FIXTURES, tmp_path / "lint", ignore=shutil.ignore_patterns("*.lint.json"))
    return tmp_path / "lint"


def assert_cached_equals_fresh(binary, corpus, cache, *arguments):
    fresh = lint(binary, *arguments, ".", cwd=corpus)
    cached = lint(binary, "--cache", "--cache-path", str(cache), *arguments, ".", cwd=corpus)
    assert cached.stdout == fresh.stdout
    assert cached.returncode == fresh.returncode
    assert cached.stderr == "", cached.stderr
    return fresh


@pytest.mark.parametrize("output", ["text", "json", "sarif", "github"])
def test_a_cached_lint_prints_exactly_what_a_fresh_lint_prints(binary, corpus, tmp_path, output):
    cache = tmp_path / "cache" / "lint-cache"
    first = assert_cached_equals_fresh(binary, corpus, cache, "--format", output)
    assert first.returncode == 1 and first.stdout
    assert cache.is_file()
    written = cache.read_bytes()
    assert_cached_equals_fresh(binary, corpus, cache, "--format", output)
    assert cache.read_bytes() == written, "an unchanged corpus rewrites the same entries"


def test_the_default_location_is_the_users_cache_directory(binary, corpus, tmp_path):
    home = tmp_path / "home"
    xdg = tmp_path / "xdg"
    home.mkdir()
    lint(binary, "--cache", ".", cwd=corpus, env={"HOME": str(home), "XDG_CACHE_HOME": str(xdg)})
    assert (xdg / "tutorial-check" / "lint-cache").is_file()
    environment = {k: v for k, v in os.environ.items() if k != "XDG_CACHE_HOME"}
    environment["HOME"] = str(home)
    subprocess.run([binary, "lint", "--cache", "."], cwd=corpus, env=environment, capture_output=True, timeout=300)
    assert (home / ".cache" / "tutorial-check" / "lint-cache").is_file()


def test_editing_a_document_invalidates_only_what_it_changes(binary, corpus, tmp_path):
    cache = tmp_path / "lint-cache"
    before = assert_cached_equals_fresh(binary, corpus, cache, "--format", "json")
    document = next(corpus.glob("missing-make-coordinator/*.md"))
    text = document.read_text()
    # The coordinator the tutorial forgot, added to the first snippet that uses it.
    document.write_text(text.replace("```swift", "```swift\n// an edit\n", 1))
    after = assert_cached_equals_fresh(binary, corpus, cache, "--format", "json")
    assert after.stdout != before.stdout, "the edit moves the findings below it"


def test_a_changed_configuration_invalidates(binary, corpus, tmp_path):
    cache = tmp_path / "lint-cache"
    before = assert_cached_equals_fresh(binary, corpus, cache, "--format", "json")
    assert "missing-make-coordinator" in before.stdout
    config = corpus / ".tutorial-check.json"
    assert not config.exists()
    config.write_text('{"rules": {"missing-make-coordinator": "off"}}')
    after = assert_cached_equals_fresh(binary, corpus, cache, "--format", "json")
    assert '"missing-make-coordinator"' not in after.stdout


def test_a_docc_resource_that_appears_or_changes_invalidates(binary, corpus, tmp_path):
    cache = tmp_path / "lint-cache"
    resource = corpus / "code-file-missing" / "InterfacingWithUIKit.docc" / "Resources" / "04-07-PageControl.swift"
    # A broken resource gives a syntax error: its rule is off by default, so the catalog's folder turns it on.
    (corpus / "code-file-missing" / ".tutorial-check.json").write_text('{"rules": {"swift-syntax-error": "on"}}\n')
    before = assert_cached_equals_fresh(binary, corpus, cache, "--format", "json")
    assert "04-07-PageControl.swift" in before.stdout, "the fixture's missing @Code file"
    resource.write_text("import SwiftUI\n\nstruct PageControl {}\n")
    appeared = assert_cached_equals_fresh(binary, corpus, cache, "--format", "json")
    assert "04-07-PageControl.swift" not in appeared.stdout
    resource.write_text("import SwiftUI\n\nstruct PageControl {\n")
    changed = assert_cached_equals_fresh(binary, corpus, cache, "--format", "json")
    assert changed.stdout != appeared.stdout, "the resource's new bytes give new findings"


def test_a_foreign_cache_file_is_reported_once_never_trusted_and_left_alone(binary, corpus, tmp_path):
    cache = tmp_path / "notes.txt"
    cache.write_text("my notes, not a cache\n")
    fresh = lint(binary, "--format", "json", ".", cwd=corpus)
    cached = lint(binary, "--cache", "--cache-path", str(cache), "--format", "json", ".", cwd=corpus)
    assert cached.stdout == fresh.stdout and cached.returncode == fresh.returncode
    assert len(cached.stderr.splitlines()) == 1 and str(cache) in cached.stderr, cached.stderr
    assert cache.read_text() == "my notes, not a cache\n"


def test_a_damaged_cache_file_is_reported_once_and_replaced(binary, corpus, tmp_path):
    cache = tmp_path / "lint-cache"
    assert_cached_equals_fresh(binary, corpus, cache, "--format", "json")
    data = bytearray(cache.read_bytes())
    # One byte of a remembered message changed: the checksum must catch it.
    index = data.index(b"coordinator", len(data) // 2)
    data[index] = ord("C")
    cache.write_bytes(bytes(data))
    fresh = lint(binary, "--format", "json", ".", cwd=corpus)
    damaged = lint(binary, "--cache", "--cache-path", str(cache), "--format", "json", ".", cwd=corpus)
    assert damaged.stdout == fresh.stdout
    assert len(damaged.stderr.splitlines()) == 1 and "damaged" in damaged.stderr, damaged.stderr
    assert_cached_equals_fresh(binary, corpus, cache, "--format", "json")


def test_the_cache_replaces_only_a_regular_file_of_its_own(binary, corpus, tmp_path):
    """A FIFO, a device, a folder, a symbolic link: one line on stderr naming it, the findings printed as
    without a cache, and the thing left as it was (bad-inputs row 84). As root, /dev/null stays a device."""
    import stat
    fresh = lint(binary, ".", cwd=corpus)
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    folder = tmp_path / "folder"
    folder.mkdir()
    target = tmp_path / "someones-file"
    target.write_text("someone's notes\n")
    link = tmp_path / "link"
    os.symlink(target, link)
    dangling = tmp_path / "dangling"
    os.symlink(tmp_path / "nothing-here", dangling)
    for path, kind in ((fifo, stat.S_ISFIFO), ("/dev/null", stat.S_ISCHR), (folder, stat.S_ISDIR),
                       (link, stat.S_ISLNK), (dangling, stat.S_ISLNK)):
        cached = lint(binary, "--cache-path", str(path), ".", cwd=corpus)
        assert cached.stdout == fresh.stdout, path
        assert cached.returncode == fresh.returncode, path
        lines = cached.stderr.splitlines()
        assert len(lines) == 1 and lines[0].startswith(f"tutorial-check: {path}: "), cached.stderr
        assert kind(os.lstat(path).st_mode), path
    assert target.read_text() == "someone's notes\n"
    assert not (tmp_path / "nothing-here").exists()
    assert os.listdir(folder) == []


def test_a_cache_file_it_cannot_read_is_reported_and_left_alone(binary, tmp_path):
    """A cache file it may not read (as root, which reads everything, the lint runs as nobody)."""
    import tempfile
    shared = pathlib.Path(tempfile.mkdtemp())
    try:
        shared.chmod(0o777)
        document = shared / "broken.md"
        shutil.copy(FIXTURES / "coordinator-not-wired" / "interfacing-with-uikit.md", document)
        document.chmod(0o644)
        cache = shared / "cache"
        cache.write_text("private\n")
        cache.chmod(0o600)

        def as_nobody():
            if os.geteuid() == 0:
                os.setgid(65534)
                os.setuid(65534)

        if os.geteuid() != 0:
            cache.chmod(0o000)
        # A copy nobody may run: the checkout may lie in a folder only root enters (/root).
        runnable = shared / "tutorial-check"
        shutil.copy(binary, runnable)
        runnable.chmod(0o755)
        fresh = subprocess.run([str(runnable), "lint", str(document)], capture_output=True, text=True, timeout=300,
                               preexec_fn=as_nobody)
        cached = subprocess.run([str(runnable), "lint", "--cache-path", str(cache), str(document)],
                                capture_output=True, text=True, timeout=300, preexec_fn=as_nobody)
        assert cached.stdout == fresh.stdout and "[coordinator-not-wired]" in fresh.stdout, fresh.stderr
        assert cached.returncode == fresh.returncode
        assert cached.stderr.splitlines() == [
            f"tutorial-check: {cache}: cannot be read (Permission denied); the lint cache is not used and the file "
            "is left alone"]
        cache.chmod(0o600)
        assert cache.read_text() == "private\n"
    finally:
        shutil.rmtree(shared)
