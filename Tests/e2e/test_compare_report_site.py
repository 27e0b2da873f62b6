"""The review site (`tutorial-check report --output DIR`) holds a side-by-side page for every copy whose configuration
(`"originals"`) or front matter (`original:`) names its original: the page `compare --format html` draws, linked
from the index with the copy's drift count, its paths portable (no folder of this machine), and the pages of the
other tutorials unchanged. An original that cannot be read is named on stderr (exit 2), the rest of the site
written."""
import json
import pathlib
import shutil

from lxml import html as lxml_html

from conftest import ROOT, run

FIXTURES = ROOT / "Fixtures" / "compare"


def workspace(tmp_path: pathlib.Path) -> pathlib.Path:
    root = tmp_path / "docs"
    (root / ".git").mkdir(parents=True)  # the repository root portable paths are relative to
    (root / "en").mkdir()
    (root / "zh").mkdir()
    shutil.copy(FIXTURES / "original.md", root / "en" / "Slider.md")
    shutil.copy(FIXTURES / "copy-zh.md", root / "zh" / "Slider.md")
    (root / "zh" / "Front.md").write_text(
        "---\noriginal: ../en/Slider.md\n---\n" + (FIXTURES / "copy-zh.md").read_text(encoding="utf-8"), encoding="utf-8")
    (root / ".tutorial-check.json").write_text(json.dumps({"originals": {"zh/Slider.md": "en/Slider.md"}}))
    return root


def test_each_copy_that_names_its_original_gets_a_side_by_side_page(binary, tmp_path):
    root = workspace(tmp_path)
    site = tmp_path / "site"
    result = run(binary, "report", "--output", str(site), "en", "zh", cwd=root)
    assert result.returncode == 0, result.stderr
    pages = sorted(str(p.relative_to(site)) for p in site.rglob("*.html"))
    assert pages == ["compare/zh-Front-md.html", "compare/zh-Slider-md.html", "index.html", "tutorials/en-Slider-md.html",
                     "tutorials/zh-Front-md.html", "tutorials/zh-Slider-md.html"]
    index = lxml_html.parse(str(site / "index.html")).getroot()
    links = {a.get("href"): a.getparent().text_content() for a in index.iter("a") if a.get("href", "").startswith("compare/")}
    assert sorted(links) == ["compare/zh-Front-md.html", "compare/zh-Slider-md.html"]
    assert all("(5 drifts)" in text for text in links.values()), links
    for name in links:
        page = (site / name).read_text(encoding="utf-8")
        assert str(tmp_path) not in page, "no folder of this machine in the page"
        tree = lxml_html.fromstring(page)
        assert "original: en/Slider.md" in tree.text_content()
        assert "contetxt" in tree.text_content() and "Coordinater" in tree.text_content()
    # The same page `compare --format html` draws for the pair, but for the paths it shows.
    direct = run(binary, "compare", "--format", "html", "en/Slider.md", "zh/Slider.md", cwd=root)
    assert direct.returncode == 0, direct.stderr
    assert (site / "compare/zh-Slider-md.html").read_text(encoding="utf-8") == direct.stdout.replace(
        str(root.resolve()) + "/", "")


def test_an_original_that_cannot_be_read_is_named_and_the_rest_written(binary, tmp_path):
    root = workspace(tmp_path)
    (root / "en" / "Slider.md").unlink()
    site = tmp_path / "site"
    result = run(binary, "report", "--output", str(site), "zh", cwd=root)
    assert result.returncode == 2
    assert result.stderr.count("its original cannot be read") == 2, result.stderr
    assert (site / "index.html").exists() and (site / "tutorials/zh-Slider-md.html").exists()
    assert not (site / "compare").exists()
