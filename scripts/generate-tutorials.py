#!/usr/bin/env python3
"""Renders the Markdown, HTML and plain-text forms of the sample tutorial from its DocC source.

The DocC catalog (Tutorials/docc/InterfacingWithUIKit.docc) is the one source of truth: its
`.tutorial` file holds the sections and the English prose, its Resources/ hold every code state.
The Chinese plain-text copy takes its wording from generate-tutorials-zh.json, which follows the
`.tutorial` paragraph by paragraph. Run it after editing either, and commit what it writes:

    scripts/generate-tutorials.py          # rewrite Tutorials/markdown, html, text
    scripts/generate-tutorials.py --check  # exit 1 when a committed form is out of date
"""
import html
import json
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
CATALOG = ROOT / "Tutorials" / "docc" / "InterfacingWithUIKit.docc"
SOURCE = CATALOG / "InterfacingWithUIKit.tutorial"
CHINESE = pathlib.Path(__file__).resolve().parent / "generate-tutorials-zh.json"
OUTPUTS = {
    "markdown": ROOT / "Tutorials" / "markdown" / "interfacing-with-uikit.md",
    "html": ROOT / "Tutorials" / "html" / "interfacing-with-uikit.html",
    "text": ROOT / "Tutorials" / "text" / "interfacing-with-uikit-zh.txt",
}
CJK_NUMERALS = ["零", "一", "二", "三", "四", "五", "六", "七", "八", "九", "十"]


# --- Reading the DocC source ------------------------------------------------------------------

DIRECTIVE = re.compile(r"^@(\w+)(?:\((.*)\))?\s*(\{)?\s*$")
ARGUMENT = re.compile(r'(\w+):\s*(?:"((?:[^"\\]|\\.)*)"|(\w+))')


def parse_tutorial(text):
    """Our `.tutorial` is regular (one directive per line), so a line-based reading is enough here;
    the Swift DocCReader is the general parser."""
    tutorial = {"title": None, "time": None, "intro": [], "sections": []}
    stack = []
    paragraph = []
    step = None

    def flush():
        nonlocal paragraph
        if not paragraph:
            return
        target = current_text_target()
        if target is not None:
            target.append(" ".join(paragraph))
        paragraph = []

    def current_text_target():
        names = [name for name, _ in stack]
        if names and names[-1] == "Intro":
            return tutorial["intro"]
        if names and names[-1] == "ContentAndMedia":
            return tutorial["sections"][-1]["intro"]
        if names and names[-1] == "Step":
            return step["after" if step["code"] else "before"]
        return None

    for raw in text.splitlines():
        line = raw.strip()
        match = DIRECTIVE.match(line)
        if match:
            flush()
            name, arguments, opens = match.group(1), match.group(2) or "", match.group(3)
            values = {key: quoted or bare for key, quoted, bare in ARGUMENT.findall(arguments)}
            if name == "Tutorial":
                tutorial["time"] = values.get("time")
            elif name == "Intro":
                tutorial["title"] = values["title"]
            elif name == "Section":
                tutorial["sections"].append({"title": values["title"], "intro": [], "steps": []})
            elif name == "Step":
                step = {"before": [], "after": [], "code": None}
                tutorial["sections"][-1]["steps"].append(step)
            elif name == "Code":
                step["code"] = values
            if opens:
                stack.append((name, values))
        elif line == "}":
            flush()
            stack.pop()
        elif not line:
            flush()
        elif line.startswith(">"):
            # A block quote is an aside; its lines join into one paragraph marked as such.
            content = line.lstrip(">").strip()
            if not paragraph:
                paragraph = ["> " + content]
            else:
                paragraph.append(content)
        else:
            paragraph.append(line)
    return tutorial


def code_of(step):
    return (CATALOG / "Resources" / step["code"]["file"]).read_text(encoding="utf-8")


# --- Markdown ---------------------------------------------------------------------------------

def render_markdown(tutorial):
    out = [f"# {tutorial['title']}", ""]
    for paragraph in tutorial["intro"]:
        out += [paragraph, ""]
    out += [f"Estimated time: {tutorial['time']} minutes", ""]
    for number, section in enumerate(tutorial["sections"], 1):
        out += [f"## Section {number}: {section['title']}", ""]
        for paragraph in section["intro"]:
            out += [paragraph, ""]
        for index, step in enumerate(section["steps"], 1):
            out += [f"### Step {index}", ""]
            for paragraph in step["before"]:
                out += [paragraph, ""]
            name = step["code"]["name"]
            # Sections 2 and 4 label their blocks with a file-name line, the others in the info
            # string: both ways occur in the wild and the Markdown reader must take either.
            if number % 2 == 0:
                out += [f"`{name}`" if number == 4 else name, "", "```swift"]
            else:
                out += [f"```swift file={name}"]
            out += [code_of(step).rstrip("\n"), "```", ""]
            for paragraph in step["after"]:
                out += [markdown_aside(paragraph), ""]
    return "\n".join(out).rstrip("\n") + "\n"


def markdown_aside(paragraph):
    if paragraph.startswith("> "):
        kind, _, rest = paragraph[2:].partition(": ")
        return f"> **{kind}:** {rest}"
    return paragraph


# --- HTML -------------------------------------------------------------------------------------

KEYWORDS = {
    "import", "struct", "class", "var", "let", "func", "return", "guard", "else", "init", "self",
    "some", "private", "in", "nil",
}
SWIFT_TOKEN = re.compile(
    r'(?P<string>"(?:[^"\\]|\\.)*")|(?P<attribute>@\w+)|(?P<directive>#\w+)|(?P<word>[A-Za-z_]\w*)|(?P<other>.)',
    re.S)


def highlight(code):
    """A few highlighter spans, as syntax highlighters leave them in pages, with entities."""
    out = []
    for token in SWIFT_TOKEN.finditer(code):
        text = html.escape(token.group(0), quote=True)
        if token.lastgroup == "string":
            out.append(f'<span class="hljs-string">{text}</span>')
        elif token.lastgroup in ("attribute", "directive"):
            out.append(f'<span class="hljs-meta">{text}</span>')
        elif token.lastgroup == "word" and token.group(0) in KEYWORDS:
            out.append(f'<span class="hljs-keyword">{text}</span>')
        elif token.lastgroup == "word" and token.group(0)[0].isupper() and token.group(0).startswith("UI"):
            out.append(f'<span class="hljs-type">{text}</span>')
        else:
            out.append(text)
    return "".join(out)


def inline_html(paragraph):
    parts = paragraph.split("`")
    return "".join(html.escape(part, quote=False) if index % 2 == 0 else f"<code>{html.escape(part, quote=False)}</code>"
                   for index, part in enumerate(parts))


def render_html(tutorial):
    sections = tutorial["sections"]
    out = [
        "<!DOCTYPE html>",
        '<html lang="en">',
        "<head>",
        '<meta charset="utf-8">',
        f"<title>{html.escape(tutorial['title'])} &middot; tutorial-check samples</title>",
        '<link rel="stylesheet" href="../style.css">',
        "</head>",
        "<body>",
        '<header class="site-header">',
        '  <a class="brand" href="../index.html">tutorial-check samples</a>',
        '  <nav class="site-nav"><ul><li><a href="../index.html">Tutorials</a></li><li><a href="../about.html">About</a></li></ul></nav>',
        "</header>",
        '<nav class="toc" aria-label="On this page">',
        '  <p class="toc-title">On this page</p>',
        "  <ol>",
    ]
    for number, section in enumerate(sections, 1):
        out.append(f'    <li><a href="#section-{number}">Section {number}: {html.escape(section["title"])}</a>')
        out.append("      <ol>" + "".join(f'<li><a href="#step-{number}-{index}">Step {index}</a></li>'
                                          for index in range(1, len(section["steps"]) + 1)) + "</ol></li>")
    out += ["  </ol>", "</nav>", "<main>", f"<h1>{html.escape(tutorial['title'])}</h1>"]
    for paragraph in tutorial["intro"]:
        out.append(f"<p>{inline_html(paragraph)}</p>")
    out.append(f'<p class="meta">Estimated time: {tutorial["time"]}&nbsp;minutes</p>')
    for number, section in enumerate(sections, 1):
        out += ["", f'<section id="section-{number}">', f"<h2>Section {number}: {html.escape(section['title'])}</h2>"]
        for paragraph in section["intro"]:
            out.append(f"<p>{inline_html(paragraph)}</p>")
        for index, step in enumerate(section["steps"], 1):
            out += [f'<div class="step" id="step-{number}-{index}">', f"<h3>Step {index}</h3>"]
            for paragraph in step["before"]:
                out.append(f"<p>{inline_html(paragraph)}</p>")
            name = html.escape(step["code"]["name"])
            code = highlight(code_of(step).rstrip("\n"))
            # Section 4 names its files in a figure caption, the others in a paragraph.
            if number == 4:
                out += ["<figure>", f"<figcaption>{name}</figcaption>",
                        f'<pre><code class="language-swift">{code}</code></pre>', "</figure>"]
            else:
                out += [f'<p class="file-name">{name}</p>', f'<pre><code class="language-swift">{code}</code></pre>']
            for paragraph in step["after"]:
                kind, _, rest = paragraph[2:].partition(": ")
                out.append(f'<div class="aside"><p><strong>{kind}:</strong> {inline_html(rest)}</p></div>')
            out.append("</div>")
        out.append("</section>")
    out += [
        "</main>",
        '<footer class="site-footer">',
        '  <p>Part of the tutorial-check samples. <a href="#top">Back to top</a></p>',
        '  <ul><li><a href="../issues.html">Report a problem with this page</a></li></ul>',
        "</footer>",
        "</body>",
        "</html>",
    ]
    return "\n".join(out) + "\n"


# --- Plain text with Chinese headings ---------------------------------------------------------

def cjk_number(number):
    if number <= 10:
        return CJK_NUMERALS[number]
    return ("" if number < 20 else CJK_NUMERALS[number // 10]) + "十" + (CJK_NUMERALS[number % 10] if number % 10 else "")


def render_text(tutorial, chinese):
    sections = tutorial["sections"]
    check_translation(tutorial, chinese)
    out = ["tutorial-check 示例 › SwiftUI 教程 › 框架集成", "", chinese["title"], ""]
    for paragraph in chinese["intro"]:
        out += [paragraph, ""]
    out += [f"学习时间：{tutorial['time']}分钟", ""]
    for number, (section, zh) in enumerate(zip(sections, chinese["sections"]), 1):
        out += [f"第{cjk_number(number)}节{zh['title']}", ""]
        for paragraph in zh["intro"]:
            out += [paragraph, ""]
        for index, (step, zh_step) in enumerate(zip(section["steps"], zh["steps"]), 1):
            out += [f"步骤{index}", ""]
            before = zh_step[: len(step["before"])]
            after = zh_step[len(step["before"]):]
            for paragraph in before:
                out += [paragraph, ""]
            out += [step["code"]["name"], "", code_of(step).rstrip("\n"), ""]
            for paragraph in after:
                out += [paragraph, ""]
    # The page's table of contents, copied along with the tutorial: headings with nothing under them.
    out += ["目录", ""]
    for number, (section, zh) in enumerate(zip(sections, chinese["sections"]), 1):
        out.append(f"第{cjk_number(number)}节{zh['title']}")
        out += [f"步骤{index}" for index in range(1, len(section["steps"]) + 1)]
    out += ["", "© tutorial-check 示例 · 返回顶部"]
    return "\n".join(out) + "\n"


def check_translation(tutorial, chinese):
    """The translation must follow the source paragraph for paragraph, or the forms drift apart."""
    problems = []
    if len(chinese["sections"]) != len(tutorial["sections"]):
        problems.append("section count differs")
    for number, (section, zh) in enumerate(zip(tutorial["sections"], chinese["sections"]), 1):
        if len(zh["steps"]) != len(section["steps"]):
            problems.append(f"section {number}: {len(zh['steps'])} translated steps, {len(section['steps'])} in the source")
        for index, (step, zh_step) in enumerate(zip(section["steps"], zh["steps"]), 1):
            if len(zh_step) != len(step["before"]) + len(step["after"]):
                problems.append(f"step {number}.{index}: paragraph count differs")
    if problems:
        sys.exit("generate-tutorials: the Chinese text is out of step with the DocC source:\n  " + "\n  ".join(problems))


def main():
    tutorial = parse_tutorial(SOURCE.read_text(encoding="utf-8"))
    chinese = json.loads(CHINESE.read_text(encoding="utf-8"))
    rendered = {
        "markdown": render_markdown(tutorial),
        "html": render_html(tutorial),
        "text": render_text(tutorial, chinese),
    }
    stale = []
    for form, path in OUTPUTS.items():
        if "--check" in sys.argv[1:]:
            if not path.exists() or path.read_text(encoding="utf-8") != rendered[form]:
                stale.append(str(path.relative_to(ROOT)))
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(rendered[form], encoding="utf-8")
    if stale:
        sys.exit("generate-tutorials: out of date, run scripts/generate-tutorials.py: " + ", ".join(stale))


if __name__ == "__main__":
    main()
