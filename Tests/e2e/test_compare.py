"""`tutorial-check compare` end to end: the fixture of ours (a Chinese copy with a renamed parameter, a misspelled
type and a wiring line left out) in every format, the JSON against docs/schemas/compare.schema.json, the bundled
tutorial in its four forms held against each other, the exit codes, and the HTML side-by-side page photographed
in headless Chromium with its drift lines marked."""
import copy
import json
import pathlib
from html.parser import HTMLParser

import pytest
from jsonschema import Draft202012Validator

from conftest import ROOT, run
from screenshots import chromium_screenshot, png_image

ORIGINAL = "Fixtures/compare/original.md"
COPY = "Fixtures/compare/copy-zh.md"
BUNDLED = "Tutorials/markdown/interfacing-with-uikit.md"
FORMS = ["Tutorials/text/interfacing-with-uikit-zh.txt", "Tutorials/html/interfacing-with-uikit.html",
         "Tutorials/docc/InterfacingWithUIKit.docc"]
SCREENSHOTS = ROOT / ".build" / "compare-screenshots"
# The three defects of the copy, where they first appear in it (copy step, line:column, kind).
EXPECTED = [("1.3", "56:43", "name-spelling"), ("2.1", "75:31", "name-spelling"), ("2.1", "76:9", "name-spelling"),
            ("2.1", "90:11", "name-spelling"), ("2.2", "124:1", "line-missing")]


def compare(binary, *arguments):
    result = run(binary, "compare", *arguments, cwd=ROOT)
    assert result.returncode == 0, (arguments, result.stderr)
    return result.stdout


def validator():
    schema = json.loads((ROOT / "docs" / "schemas" / "compare.schema.json").read_text(encoding="utf-8"))
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema)


def test_text_lists_the_three_defects_at_their_steps(binary):
    lines = compare(binary, ORIGINAL, COPY).splitlines()
    drifts = [line for line in lines if line.startswith(COPY + ":")]
    found = [(line.rsplit("(step ", 1)[1].rstrip(")"), ":".join(line.split(":")[1:3]), line.split(": ")[1])
             for line in drifts]
    assert found == EXPECTED, drifts
    assert "`contetxt` where the original declares `context`" in drifts[0]
    assert "slider.addTarget(context.coordinator" in drifts[-1]
    assert lines[-1].strip() == "drifts: 5 (name-spelling 4, line-missing 1)"


def test_json_matches_the_schema_and_says_the_same(binary):
    output = json.loads(compare(binary, "--format", "json", ORIGINAL, COPY))
    assert not list(validator().iter_errors(output))
    comparison = output["comparisons"][0]
    assert [(d["copy"]["step"], f'{d["copy"]["range"]["start"]["line"]}:{d["copy"]["range"]["start"]["column"]}', d["kind"])
            for d in comparison["drifts"]] == EXPECTED
    assert [(a["original"], a["copy"], a["kind"]) for a in comparison["alignment"]] == \
        [([s], [s], "match") for s in ["1.1", "1.2", "1.3", "2.1", "2.2"]]
    missing = comparison["drifts"][-1]
    assert missing["copy"]["range"]["start"] == missing["copy"]["range"]["end"], "a missing line's place is empty"
    assert missing["replacement"].strip().startswith("slider.addTarget(")
    assert comparison["summary"]["drifts"]["name-spelling"] == 4 and output["summary"]["drifts"] == 5


def test_a_schema_rejects_a_renamed_or_retyped_key(binary):
    output = json.loads(compare(binary, "--format", "json", ORIGINAL, COPY))
    renamed = copy.deepcopy(output)
    renamed["comparisons"][0]["drifts"][0]["kinds"] = renamed["comparisons"][0]["drifts"][0].pop("kind")
    retyped = copy.deepcopy(output)
    retyped["comparisons"][0]["alignment"][0]["confidence"] = "high"
    unknown = copy.deepcopy(output)
    unknown["comparisons"][0]["drifts"][0]["kind"] = "typo"
    for broken in (renamed, retyped, unknown):
        assert list(validator().iter_errors(broken))


@pytest.mark.parametrize("form", FORMS)
def test_the_bundled_tutorial_agrees_with_itself_in_every_form(binary, form):
    output = json.loads(compare(binary, "--format", "json", BUNDLED, form))
    assert not list(validator().iter_errors(output))
    comparison = output["comparisons"][0]
    assert len(comparison["alignment"]) == 24
    assert all(a["kind"] == "match" and a["original"] == a["copy"] and not a["uncertain"] for a in comparison["alignment"])
    assert comparison["drifts"] == []


def test_translated_code_is_shown_only_when_asked(binary):
    plain = json.loads(compare(binary, "--format", "json", ORIGINAL, COPY))
    shown = json.loads(compare(binary, "--format", "json", "--include-translated", ORIGINAL, COPY))
    assert not list(validator().iter_errors(shown))
    kinds = [d["kind"] for d in shown["comparisons"][0]["drifts"]]
    assert kinds.count("translated") == 1 and "translated" not in [d["kind"] for d in plain["comparisons"][0]["drifts"]]


def test_exit_codes(binary):
    assert run(binary, "compare", "--strict", ORIGINAL, COPY, cwd=ROOT).returncode == 1
    assert run(binary, "compare", "--strict", BUNDLED, FORMS[0], cwd=ROOT).returncode == 0
    missing = run(binary, "compare", ORIGINAL, "Fixtures/compare/no-such-file.md", cwd=ROOT)
    assert missing.returncode == 2 and missing.stderr.count("\n") == 1, missing.stderr


def test_markdown_has_one_row_per_drift(binary):
    text = compare(binary, "--format", "markdown", ORIGINAL, COPY)
    rows = [line for line in text.splitlines() if line.startswith("| 1.") or line.startswith("| 2.")]
    assert len([row for row in rows if "`name-spelling`" in row or "`line-missing`" in row]) == 5, rows
    assert "| 2.2 `copy-zh.md:124:1` | 2.2 `original.md:124:9` | `line-missing` |" in text
    assert "<details><summary>Alignment (5 entries, 0 uncertain)</summary>" in text


class PageParser(HTMLParser):
    """Counts what the side-by-side page marks, and every external reference it makes."""

    def __init__(self):
        super().__init__()
        self.marked = {"original": 0, "copy": 0}
        self.gaps = {"original": 0, "copy": 0}
        self.side = None
        self.external = []
        self.articles = 0

    def handle_starttag(self, tag, attributes):
        attributes = dict(attributes)
        classes = (attributes.get("class") or "").split()
        if tag == "div" and "side" in classes:
            self.side = "original" if "original" in classes else "copy"
        if tag == "article":
            self.articles += 1
        if tag == "tr" and self.side:
            self.marked[self.side] += "drift" in classes
            self.gaps[self.side] += "gap" in classes
        for key in ("src", "href"):
            if attributes.get(key) and not attributes[key].startswith("#"):
                self.external.append(attributes[key])
        if tag in ("script", "link", "img"):
            self.external.append(tag)


def html_page(binary, original, copy_path, name):
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page = SCREENSHOTS / f"{name}.html"
    page.write_text(compare(binary, "--format", "html", original, copy_path), encoding="utf-8")
    return page


def test_html_marks_each_drift_on_both_sides_and_is_self_contained(binary):
    parser = PageParser()
    parser.feed(html_page(binary, ORIGINAL, COPY, "fixture").read_text(encoding="utf-8"))
    assert parser.external == []
    assert parser.articles == 5
    # Drift lines: the parameter (1.3), three Coordinater lines (2.1) on each side, and the missing line in the
    # original (2.2); the copy shows where it belongs with a gap mark.
    assert parser.marked == {"original": 5, "copy": 4}, parser.marked
    assert parser.gaps["copy"] == 1, parser.gaps


def png_pixels(path: pathlib.Path):
    """The RGB(A) rows of a PNG Chromium wrote (8-bit, no interlace), unfiltered."""
    width, height, depth, colour_type, raw = png_image(path)
    assert depth == 8 and colour_type in (2, 6)
    channels = 4 if colour_type == 6 else 3
    stride = width * channels
    rows, previous = [], bytearray(stride)
    for y in range(height):
        kind, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for x in range(stride):
            left = line[x - channels] if x >= channels else 0
            up, up_left = previous[x], previous[x - channels] if x >= channels else 0
            if kind == 1:
                line[x] = (line[x] + left) & 0xFF
            elif kind == 2:
                line[x] = (line[x] + up) & 0xFF
            elif kind == 3:
                line[x] = (line[x] + (left + up) // 2) & 0xFF
            elif kind == 4:
                p = left + up - up_left
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - up_left)
                line[x] = (line[x] + (left if pa <= pb and pa <= pc else up if pb <= pc else up_left)) & 0xFF
        rows.append(bytes(line))
        previous = line
    return width, height, channels, rows


def screenshot(page: pathlib.Path) -> pathlib.Path:
    return chromium_screenshot(page, page.with_suffix(".png"), 1400, 2400)


def drift_colour_pixels(path: pathlib.Path) -> tuple[int, int]:
    """How many pixels have the drift line's background (#ffebe9), left half and right half."""
    width, _, channels, rows = png_pixels(path)
    left = right = 0
    for row in rows:
        for x in range(0, width * channels, channels):
            if row[x:x + 3] == b"\xff\xeb\xe9":
                if x < width * channels // 2:
                    left += 1
                else:
                    right += 1
    return left, right


def test_chromium_shows_the_drifts_marked_on_both_sides(binary):
    marked = screenshot(html_page(binary, ORIGINAL, COPY, "fixture"))
    clean = screenshot(html_page(binary, BUNDLED, FORMS[0], "bundled-zh"))
    left, right = drift_colour_pixels(marked)
    assert left > 1000 and right > 1000, (left, right)
    assert drift_colour_pixels(clean) == (0, 0)


def test_a_configuration_naming_originals_is_accepted_and_a_malformed_one_is_an_input_error(binary, tmp_path):
    for name in ("original.md", "copy-zh.md"):
        (tmp_path / name).write_bytes((ROOT / "Fixtures" / "compare" / name).read_bytes())
    config = tmp_path / ".tutorial-check.json"
    config.write_text(json.dumps({"originals": {"copy-zh.md": "original.md"}}))
    assert run(binary, "lint", str(tmp_path / "copy-zh.md")).returncode == 0
    config.write_text(json.dumps({"originals": ["original.md"]}))
    broken = run(binary, "lint", str(tmp_path / "copy-zh.md"))
    assert broken.returncode == 2 and "'originals' must map each copy's path to its original's path" in broken.stderr
