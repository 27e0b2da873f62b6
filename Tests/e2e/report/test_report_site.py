"""`tutorial-check report --output DIR`: the review site. Every page is parsed with libxml2's HTML
parser (lxml) and every link's target is found (files and #anchors); the pages need no network; the
index counts agree with `lint --format json`; findings sit on the diff line that introduced them, with
the resolving step; and headless Chromium (Debian's `chromium`) photographs the index and a tutorial
page into .build/report-screenshots/ for a person to look at."""
import json
import pathlib
import urllib.parse

import pytest
from lxml import html as lxml_html

from conftest import ROOT, run
from screenshots import chromium_screenshot, png_image

INPUTS = ["Fixtures/lint/coordinator-not-wired", "Tutorials/docc", "Tutorials/text"]
SCREENSHOTS = ROOT / ".build" / "report-screenshots"
SEVERITIES = ["error", "warning", "information", "hint"]


@pytest.fixture(scope="module")
def site(binary, tmp_path_factory) -> pathlib.Path:
    output = tmp_path_factory.mktemp("site")
    result = run(binary, "report", "--output", str(output), *INPUTS, cwd=ROOT)
    assert result.returncode == 0, result.stderr
    return output


@pytest.fixture(scope="module")
def lint_report(binary) -> dict:
    result = run(binary, "lint", "--format", "json", *INPUTS, cwd=ROOT)
    assert result.returncode in (0, 1), result.stderr
    return json.loads(result.stdout)


def parse(path: pathlib.Path):
    # libxml2's HTML parser, as the project reads HTML.
    return lxml_html.parse(str(path)).getroot()


def test_site_has_an_index_and_one_page_per_tutorial(site, lint_report):
    pages = sorted(path.relative_to(site).as_posix() for path in site.rglob("*.html"))
    assert "index.html" in pages
    tutorials = [page for page in pages if page.startswith("tutorials/")]
    assert len(tutorials) == len(lint_report["documents"]) == 5


def test_every_link_of_every_page_finds_its_target(site):
    pages = list(site.rglob("*.html"))
    ids = {page.resolve(): {element.get("id") for element in parse(page).iter() if element.get("id")} for page in pages}
    checked = 0
    for page in pages:
        root = parse(page)
        assert root.find(".//script") is None, page
        for element in root.iter():
            for attribute in ("href", "src"):
                target = element.get(attribute)
                if target is None:
                    continue
                parts = urllib.parse.urlsplit(target)
                assert not parts.scheme and not parts.netloc, f"{page}: {target} needs the network"
                file = (page.parent / urllib.parse.unquote(parts.path)).resolve() if parts.path else page.resolve()
                assert file.exists(), f"{page}: {target} points to a missing file"
                if parts.fragment:
                    assert parts.fragment in ids[file], f"{page}: {target} has no target"
                checked += 1
    assert checked > 100


def test_index_counts_agree_with_lint(site, lint_report):
    root = parse(site / "index.html")
    rows = root.xpath("//table[@class='index']/tbody/tr[not(@class='total')]")
    by_path = {}
    for row in rows:
        cells = row.findall("td")
        path = cells[0].xpath("string(.//div[@class='path'])")
        by_path[path] = [int(cell.text_content()) for cell in cells[-4:]]
    for document in lint_report["documents"]:
        expected = [sum(1 for d in document["diagnostics"] if d["severity"] == s) for s in SEVERITIES]
        assert by_path[document["path"]] == expected, document["path"]


def test_findings_sit_on_the_line_that_introduced_them(site, lint_report):
    document = next(d for d in lint_report["documents"] if d["path"].endswith("coordinator-not-wired/interfacing-with-uikit.md"))
    source = (ROOT / document["path"]).read_text(encoding="utf-8").splitlines()
    page = next(p for p in (site / "tutorials").glob("*.html") if "coordinator-not-wired-interfacing-with-uikit-md" in p.name)
    root = parse(page)
    boxes = root.xpath("//table[contains(@class,'unified')]//tr[@class='finding-row']")
    assert boxes, "no finding on a diff line"
    placed = 0
    for diagnostic in document["diagnostics"]:
        if diagnostic["rule"] != "coordinator-not-wired":
            continue
        box = root.xpath(f"//div[contains(@class,'finding-box') and .//code[@class='rule']='{diagnostic['rule']}']")
        assert box, diagnostic
        row = box[0].getparent().getparent()
        assert row.get("class") == "finding-row"
        line_row = row.getprevious()
        while line_row.get("class") == "finding-row":
            line_row = line_row.getprevious()
        code = line_row.xpath("string(td[@class='code'])")
        assert code.strip() == source[diagnostic["range"]["start"]["line"] - 1].strip()
        # It sits in the step that introduced it.
        assert box[0].xpath("ancestor::article")[0].get("id").endswith("step-" + diagnostic["step"].replace(".", "-"))
        placed += 1
    assert placed == 1


def test_resolved_findings_name_and_link_the_resolving_step(site, binary):
    # Build order is no finding of lint's by default; the review site still shows it as muted notes.
    shown = run(binary, "lint", "--format", "json", "--include-build-order", *INPUTS, cwd=ROOT)
    document = next(
        d for d in json.loads(shown.stdout)["documents"] if d["path"].endswith("coordinator-not-wired/interfacing-with-uikit.md"))
    resolved = [d for d in document["diagnostics"] if d["resolvedAt"]]
    assert resolved and all(d["severity"] == "hint" for d in resolved)
    page = next(p for p in (site / "tutorials").glob("*.html") if "coordinator-not-wired-interfacing-with-uikit-md" in p.name)
    root = parse(page)
    for diagnostic in resolved:
        anchor = "d1-step-" + diagnostic["resolvedAt"].replace(".", "-")
        notes = root.xpath(f"//article[@id='{anchor}']//p[contains(@class,'resolved-note') and contains(@class,'build-order')]")
        assert any(diagnostic["message"] in note.text_content() for note in notes), diagnostic
        links = root.xpath(f"//div[contains(@class,'finding-box')]//a[@href='#{anchor}']")
        assert links, diagnostic


def png_size_and_colours(path: pathlib.Path) -> tuple[int, int, int]:
    width, height, _, _, data = png_image(path)
    return width, height, len(set(data))


@pytest.mark.parametrize("page", ["index.html", "tutorial"])
def test_chromium_renders_the_pages(site, page):
    target = site / page if page == "index.html" else sorted((site / "tutorials").glob("*coordinator-not-wired-interfacing-with-uikit-md*.html"))[0]
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    output = chromium_screenshot(target, SCREENSHOTS / (target.stem + ".png"), 1400, 1800)
    width, height, colours = png_size_and_colours(output)
    assert (width, height) == (1400, 1800)
    assert colours > 50, "the screenshot is blank"
