"""No Swift file over 400 lines and no function over 80 anywhere in Sources/ (scripts/code-size measures
them), so that the sources, all brought under the limits, stay there."""
import importlib.machinery
import importlib.util
import subprocess
import sys

from conftest import ROOT

CODE_SIZE = ROOT / "scripts" / "code-size"


def code_size():
    loader = importlib.machinery.SourceFileLoader("code_size", str(CODE_SIZE))
    module = importlib.util.module_from_spec(importlib.util.spec_from_loader("code_size", loader))
    loader.exec_module(module)
    return module


def test_braces_in_strings_and_comments_do_not_end_a_function():
    text = (
        "struct A {\n"
        "    func shown() {\n"
        '        let s = "}{ \\(f({ x in "}" }))"\n'
        '        let raw = #"\\"}"#\n'
        '        let long = """\n'
        "        }}}\n"
        '        \\(g)"""\n'
        "        /* } /* { */ } */\n"
        "        // }\n"
        "    }\n"
        "    init?(x: Int) where T: P { nil }\n"
        "}\n"
        "protocol P {\n"
        "    func required()\n"
        "    var required2: Int { get }\n"
        "}\n"
    )
    assert code_size().functions(text) == [("shown", 2, 9), ("init?", 11, 1)]


def test_a_long_function_and_a_long_file_are_reported(tmp_path):
    body = "".join(f"        let x{index} = {index}\n" for index in range(85))
    path = tmp_path / "Long.swift"
    path.write_text("struct A {\n    func long() {\n" + body + "    }\n}\n", encoding="utf-8")
    result = subprocess.run(
        [sys.executable, str(CODE_SIZE), "--file-limit", "80", str(tmp_path)], capture_output=True, text=True)
    assert result.returncode == 1
    assert result.stdout.splitlines() == [f"{path}: 89 lines", f"{path}:2: long 87 lines"]


def test_every_source_folder_meets_the_limits():
    folders = sorted(path for path in (ROOT / "Sources").iterdir() if path.is_dir())
    assert len(folders) > 20, folders
    result = subprocess.run([sys.executable, str(CODE_SIZE), *map(str, folders)], capture_output=True, text=True)
    assert result.returncode == 0 and result.stdout == "", result.stdout
