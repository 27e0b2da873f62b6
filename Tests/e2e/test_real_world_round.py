"""`scripts/real-world-round`: the seeded draw recomputed from the kept populations gives every round's
sources where the round says it looked, and `copy` writes a round's files from local clones at the
commits the data records. Needs neither the network nor a copy of the tutorials."""
import json
import subprocess

import pytest

from conftest import ROOT

SCRIPT = ROOT / "scripts" / "real-world-round"
DATA = ROOT / "docs" / "real-world-set.json"
POPULATIONS = ROOT / "docs" / "real-world-populations.json"


def run(*arguments, cwd=None):
    return subprocess.run([str(SCRIPT), *arguments], capture_output=True, text=True, cwd=cwd, timeout=120)


def kept_rounds():
    return sorted(int(number) for number in json.loads(POPULATIONS.read_text(encoding="utf-8"))["rounds"])


def test_populations_are_kept_from_round_204_on():
    assert kept_rounds() == list(range(204, max(kept_rounds()) + 1))


@pytest.mark.parametrize("round_number", kept_rounds())
def test_the_draw_finds_each_source_of_the_round_among_the_repositories_it_looked_at(round_number):
    data = json.loads(DATA.read_text(encoding="utf-8"))
    population = json.loads(POPULATIONS.read_text(encoding="utf-8"))["rounds"][str(round_number)]
    sources = [source for source in data["sources"] if source.get("round") == round_number]
    done = run("draw", str(round_number))
    assert done.returncode == 0, done.stderr
    rows = [line.split("\t") for line in done.stdout.splitlines() if not line.startswith("#")]
    order = [row[1] for row in rows]
    looked_at = order[: population["lookedAt"]]
    # Every source was drawn where the round looked, and in the population's own path.
    assert {source["repository"] for source in sources} <= set(looked_at)
    assert all(source["paths"] == [population["path"]] for source in sources)
    assert len(sources) <= 10
    # One repository per owner, none of an owner of an earlier round.
    owners = [repository.split("/")[0].lower() for repository in order]
    assert len(owners) == len(set(owners))
    earlier = {source["repository"].split("/")[0].lower() for source in data["sources"] if source.get("round", 2) < round_number}
    assert not earlier & set(owners)
    marks = [row[2] if len(row) > 2 else "" for row in rows]
    assert marks.count("source") == len(sources)


def test_a_round_without_a_kept_population_is_refused():
    done = run("draw", "100")
    assert done.returncode == 2
    assert "no population is kept for round 100" in done.stderr


def git(directory, *arguments):
    subprocess.run(
        ["git", "-C", str(directory), "-c", "user.name=t", "-c", "user.email=t@example.com", *arguments],
        check=True, capture_output=True)


def test_copy_writes_each_file_at_its_commit_and_names_what_it_cannot(tmp_path):
    clone = tmp_path / "clones" / "owner+jars"
    clone.mkdir(parents=True)
    git(clone, "init", "-q")
    (clone / "docs").mkdir()
    (clone / "docs" / "tutorial.md").write_text("# Jars\n\nThe first text.\n", encoding="utf-8")
    git(clone, "add", ".")
    git(clone, "commit", "-q", "-m", "first")
    commit = subprocess.run(["git", "-C", str(clone), "rev-parse", "HEAD"], capture_output=True, text=True).stdout.strip()
    # A later commit changes the file: the copy is the recorded commit's, not the newest.
    (clone / "docs" / "tutorial.md").write_text("# Jars\n\nA later text.\n", encoding="utf-8")
    git(clone, "commit", "-q", "-am", "second")
    source = {"name": "owner-jars", "repository": "owner/jars", "commit": commit, "round": 300}
    data = tmp_path / "data.json"
    data.write_text(json.dumps({"sources": [dict(source, paths=["docs/tutorial.md"])]}), encoding="utf-8")
    out = tmp_path / "copies"
    done = run("copy", "300", "--clones", str(tmp_path / "clones"), "--out", str(out), "--data", str(data))
    assert done.returncode == 0, done.stderr
    assert (out / "owner-jars" / "docs" / "tutorial.md").read_text(encoding="utf-8") == "# Jars\n\nThe first text.\n"
    # A path the commit does not hold, and a repository without a clone, are each named, and the run fails.
    data.write_text(json.dumps({"sources": [
        dict(source, paths=["docs/missing.md"]),
        dict(source, name="other-jars", repository="other/jars", paths=["docs/tutorial.md"]),
    ]}), encoding="utf-8")
    done = run("copy", "300", "--clones", str(tmp_path / "clones"), "--out", str(tmp_path / "more"), "--data", str(data))
    assert done.returncode == 1
    assert "owner/jars has no docs/missing.md" in done.stderr
    assert "no clone of other/jars" in done.stderr
