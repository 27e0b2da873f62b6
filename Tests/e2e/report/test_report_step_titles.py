"""Steps without a label (DocC's `@Step`, HTML without step headings) are named in the review site's contents
and headings by their first sentence, shortened on a word boundary with an ellipsis, as DocC's own pages do;
never the bare word "Step". The whole prose still follows the heading."""
import json

from lxml import html as lxml_html

from conftest import ROOT, run


def test_unlabelled_steps_are_named_by_their_first_sentence(binary, tmp_path):
    output = tmp_path / "site"
    result = run(binary, "report", "--output", str(output), "Tutorials/docc", cwd=ROOT)
    assert result.returncode == 0, result.stderr
    outline = json.loads(run(binary, "outline", "--format", "json", "Tutorials/docc", cwd=ROOT).stdout)
    steps = [step for section in outline["documents"][0]["sections"] for step in section["steps"]]
    assert steps and all(step["label"] is None for step in steps)
    page = lxml_html.parse(str(next((output / "tutorials").glob("*.html")))).getroot()
    contents = [item.text_content().split(" ", 1)[1] for item in page.xpath("//ol[@class='steps']/li/a")]
    headings = [h.xpath("string(text())").strip() for h in page.xpath("//article[@class='step']/h3")]
    assert len(contents) == len(headings) == len(steps)
    assert "Step" not in contents and "" not in headings
    for caption, heading, step in zip(contents, headings, steps):
        assert caption == heading, (caption, heading)
        assert len(caption) <= 64
        if caption.endswith("…"):
            # Cut on a word boundary where there is one in its second half, and from the step's own text.
            kept = caption[:-1]
            assert step["title"].startswith(kept), (caption, step["title"])
            assert step["title"][len(kept)] == " " or " " not in kept[len(kept) // 2:], caption
            # The whole first paragraph is still on the page under the heading.
            article = page.xpath(f"//article[@id='d1-step-{step['id'].replace('.', '-')}']")[0]
            assert step["title"] in article.xpath("string(div[@class='prose'])")
        else:
            assert step["title"].rstrip(".") == caption or step["title"].startswith(caption + ". "), (caption, step)
    assert "Create a Swift file named PageViewController.swift" in contents
    assert any(caption.endswith("…") for caption in contents)


def test_labelled_steps_keep_their_labels(binary, tmp_path):
    output = tmp_path / "site"
    assert run(binary, "report", "--output", str(output), "Tutorials/markdown", cwd=ROOT).returncode == 0
    page = lxml_html.parse(str(next((output / "tutorials").glob("*.html")))).getroot()
    contents = [item.text_content().split(" ", 1)[1] for item in page.xpath("//ol[@class='steps']/li/a")]
    assert contents and all(caption.startswith("Step ") and caption != "Step" for caption in contents), contents
