"""`tutorial-check report --output DIR` names pages by portable paths and writes only inside DIR.

A site built in CI and one built on a laptop must have the same URLs: the same tutorials, copied to two
checkouts at different absolute paths, give the same file list, the same link targets and the same page
bytes. And a site folder from a pull request cannot send the pages elsewhere: a `tutorials` symbolic link
or a page name that is a link is refused (docs/security.md), and one page that cannot be written is named
on stderr while the rest are written (exit 2: a partial site is still an error)."""
import json
import pathlib
import shutil
import subprocess

from lxml import html as lxml_html

from conftest import ROOT, run


def copy_checkout(destination: pathlib.Path) -> pathlib.Path:
    """The repository's tutorials in a git work tree of their own at `destination`."""
    shutil.copytree(ROOT / "Tutorials", destination / "Tutorials")
    shutil.copytree(ROOT / "Fixtures" / "lint" / "coordinator-not-wired", destination / "Fixtures" / "broken")
    subprocess.run(["git", "init", "-q", str(destination)], check=True)
    return destination


def site_of(binary, checkout: pathlib.Path, output: pathlib.Path, *inputs: str) -> dict[str, bytes]:
    # Absolute input paths, from an unrelated working folder: nothing of either must reach the site.
    result = run(binary, "report", "--output", str(output), *[str(checkout / i) for i in inputs], cwd="/")
    assert result.returncode == 0, result.stderr
    return {path.relative_to(output).as_posix(): path.read_bytes() for path in sorted(output.rglob("*")) if path.is_file()}


def links(page: bytes) -> list[str]:
    return [element.get("href") for element in lxml_html.fromstring(page).iter() if element.get("href")]


def test_two_checkouts_at_different_paths_give_the_same_site(binary, tmp_path):
    first = copy_checkout(tmp_path / "ci" / "work")
    second = copy_checkout(tmp_path / "home" / "someone" / "projects" / "tutorials-main")
    one = site_of(binary, first, tmp_path / "site-one", "Tutorials", "Fixtures/broken")
    two = site_of(binary, second, tmp_path / "site-two", "Tutorials", "Fixtures/broken")
    assert list(one) == list(two)
    lint = run(binary, "lint", "--format", "json", str(first / "Tutorials"), str(first / "Fixtures/broken"))
    assert len(one) == 1 + len(json.loads(lint.stdout)["documents"]) and "index.html" in one
    # Named relative to the repository root, never after an absolute path.
    assert "tutorials/Tutorials-markdown-interfacing-with-uikit-md.html" in one
    assert "tutorials/Fixtures-broken-interfacing-with-uikit-md.html" in one
    for name in one:
        assert links(one[name]) == links(two[name]), name
        assert one[name] == two[name], name
        for checkout in (first, second, tmp_path):
            assert str(checkout).encode() not in one[name] and str(checkout).encode() not in two[name], name
    index = lxml_html.fromstring(one["index.html"])
    shown = [div.text_content() for div in index.xpath("//div[@class='path']")]
    assert "Tutorials/docc/InterfacingWithUIKit.docc/InterfacingWithUIKit.tutorial" in shown


def test_outside_a_repository_paths_are_relative_to_the_folder_given(binary, tmp_path):
    sites = []
    for parent in (tmp_path / "a", tmp_path / "b" / "c" / "d"):
        shutil.copytree(ROOT / "Tutorials" / "markdown", parent / "lessons")
        shutil.copy(ROOT / "Tutorials" / "text" / "interfacing-with-uikit-zh.txt", parent / "single.txt")
        output = parent / "site"
        result = run(binary, "report", "--output", str(output), str(parent / "lessons"), str(parent / "single.txt"))
        assert result.returncode == 0, result.stderr
        sites.append({p.relative_to(output).as_posix(): p.read_bytes() for p in sorted(output.rglob("*")) if p.is_file()})
    assert sites[0] == sites[1]
    assert sorted(sites[0]) == [
        "index.html", "tutorials/lessons-interfacing-with-uikit-md.html", "tutorials/single-txt.html"]
    shown = [div.text_content() for div in lxml_html.fromstring(sites[0]["index.html"]).xpath("//div[@class='path']")]
    assert shown == ["lessons/interfacing-with-uikit.md", "single.txt"]


def test_a_tutorials_link_out_of_the_site_is_refused(binary, tmp_path):
    outside = tmp_path / "outside"
    outside.mkdir()
    output = tmp_path / "site"
    output.mkdir()
    (output / "tutorials").symlink_to(outside)
    result = run(binary, "report", "--output", str(output), "Tutorials/markdown", "Tutorials/text", cwd=ROOT)
    assert result.returncode == 2
    assert list(outside.iterdir()) == []
    errors = result.stderr.strip().splitlines()
    assert len(errors) == 3, errors
    for error, page in zip(errors, ["Tutorials-markdown-interfacing-with-uikit-md", "Tutorials-text-interfacing-with-uikit-zh-txt"]):
        assert f"tutorials/{page}.html: not written (tutorials is a symbolic link" in error
    # The rest of the site (its index) is written, and the message says how much is missing.
    assert (output / "index.html").is_file()
    assert "without 2 of its 3 pages" in result.stderr


def test_a_page_name_that_is_a_link_is_refused_and_the_others_written(binary, tmp_path):
    target = tmp_path / "precious.txt"
    target.write_text("keep me\n")
    output = tmp_path / "site"
    (output / "tutorials").mkdir(parents=True)
    page = output / "tutorials" / "Tutorials-markdown-interfacing-with-uikit-md.html"
    page.symlink_to(target)
    result = run(binary, "report", "--output", str(output), "Tutorials/markdown", "Tutorials/text", cwd=ROOT)
    assert result.returncode == 2
    assert target.read_text() == "keep me\n" and page.is_symlink()
    errors = result.stderr.strip().splitlines()
    assert len(errors) == 2, errors
    assert "Tutorials-markdown-interfacing-with-uikit-md.html: not written" in errors[0]
    assert (output / "tutorials" / "Tutorials-text-interfacing-with-uikit-zh-txt.html").is_file()
    assert (output / "index.html").is_file()


def test_an_overlong_path_gets_a_short_page_name(binary, tmp_path):
    # Nested folders whose names add up to far more than a file name may hold (255 bytes).
    folder = tmp_path / "t"
    for index in range(6):
        folder = folder / (f"chapter-{index}-" + "x" * 60)
    folder.mkdir(parents=True)
    shutil.copy(ROOT / "Tutorials" / "markdown" / "interfacing-with-uikit.md", folder / "lesson.md")
    shutil.copy(ROOT / "Tutorials" / "markdown" / "interfacing-with-uikit.md", tmp_path / "t" / "short.md")
    output = tmp_path / "site"
    result = run(binary, "report", "--output", str(output), str(tmp_path / "t"))
    assert result.returncode == 0, result.stderr
    names = sorted(p.name for p in (output / "tutorials").iterdir())
    assert len(names) == 2 and "t-short-md.html" in names
    assert all(len(name.encode()) < 255 for name in names)
    index = lxml_html.fromstring((output / "index.html").read_bytes())
    targets = [a.get("href") for a in index.xpath("//table[@class='index']//a")]
    assert all((output / target).is_file() for target in targets)
