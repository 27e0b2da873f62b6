"""The README's main command, `scripts/run`, on the bundled tutorials: Apple's correct walkthrough gives no
finding by default (build order a later step completes is no defect), and the job prints a summary with the
paths of the step diffs and the review site rather than the whole outline and diff."""
import pathlib
import re
import subprocess


def test_the_main_job_prints_a_summary_and_no_finding_on_the_bundled_tutorials(root):
    done = subprocess.run(
        [str(root / "scripts" / "run")], capture_output=True, text=True, cwd=root, timeout=1800)
    assert done.returncode == 0, done.stderr[-2000:]
    lines = done.stdout.splitlines()
    assert len(lines) <= 12, done.stdout
    counts = re.search(r"run: (\d+) documents, (\d+) sections, (\d+) steps, (\d+) snippets", done.stdout)
    assert counts, done.stdout
    assert [int(value) for value in counts.groups()[:3]] == [4, 16, 96], done.stdout
    assert lines[-1] == "4 documents: 0 errors, 0 warnings, 0 information, 0 hints", done.stdout
    for written in re.findall(r"written to (\S+)(?: and (\S+))?", done.stdout):
        for path in filter(None, written):
            assert (root / path).stat().st_size > 0, path
    site = root / ".build" / "tutorial-check" / "review" / "index.html"
    assert site.exists()
    # Build order stays on the review pages as muted notes, never counted as findings.
    pages = list((site.parent / "tutorials").glob("*.html"))
    assert pages and any("build-order" in page.read_text() for page in pages)
