/// The start of every report page, up to `<body>`: one inline style sheet, no script, no external asset.
func htmlPageStart(title: String, generator: String, extraCSS: String = "") -> String {
    """
    <!DOCTYPE html>
    <html lang="en">
    <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta name="generator" content="\(generator)">
    <title>\(htmlEscaped(title))</title>
    <style>\(diffReportCSS)\(extraCSS)</style>
    </head>
    <body>

    """
}

/// The page's only style sheet, inline. The unified/side-by-side switch is two radio buttons and
/// sibling selectors, so the page needs no script.
let diffReportCSS = """
    :root { --add: #e6ffec; --add-hl: #abf2bc; --del: #ffebe9; --del-hl: #ffb3b0; --line: #d0d7de; --muted: #57606a; }
    * { box-sizing: border-box; }
    body { margin: 0; font: 14px/1.5 -apple-system, "Segoe UI", "Noto Sans", "Noto Sans CJK SC", Helvetica, Arial, sans-serif; color: #1f2328; background: #f6f8fa; }
    #view-unified, #view-split { position: absolute; opacity: 0; pointer-events: none; }
    header.top { position: sticky; top: 0; z-index: 2; display: flex; align-items: center; justify-content: space-between; gap: 1em; padding: 8px 20px; background: #24292f; color: #fff; }
    header.top h1 { font-size: 17px; margin: 0; font-weight: 600; }
    .switch label { display: inline-block; margin-left: 6px; padding: 2px 10px; border: 1px solid #57606a; border-radius: 6px; cursor: pointer; }
    #view-unified:checked ~ header .switch label[for=view-unified], #view-split:checked ~ header .switch label[for=view-split] { background: #fff; color: #24292f; }
    #view-unified:checked ~ .layout table.split, #view-split:checked ~ .layout table.unified { display: none; }
    .layout { display: flex; align-items: flex-start; }
    nav.outline { position: sticky; top: 44px; flex: 0 0 290px; max-height: calc(100vh - 44px); overflow: auto; padding: 12px 12px 24px 16px; border-right: 1px solid var(--line); background: #fff; font-size: 13px; }
    nav.outline .doc { font-weight: 600; margin: 0 0 6px; }
    nav.outline ol { list-style: none; margin: 0; padding: 0; }
    nav.outline ol.steps { padding-left: 10px; margin-bottom: 8px; }
    nav.outline .section-title { display: block; margin-top: 6px; font-weight: 600; color: var(--muted); }
    nav.outline a { color: #0969da; text-decoration: none; }
    nav.outline a:hover { text-decoration: underline; }
    main { flex: 1 1 auto; min-width: 0; padding: 16px 24px 64px; }
    h2.doc-title { margin: 0; font-size: 22px; }
    p.path { margin: 2px 0 12px; color: var(--muted); font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 12px; }
    h2.section { font-size: 18px; margin: 28px 0 8px; padding-bottom: 4px; border-bottom: 1px solid var(--line); }
    table.summary { border-collapse: collapse; background: #fff; margin: 8px 0 16px; font-size: 13px; }
    table.summary th, table.summary td { border: 1px solid var(--line); padding: 3px 10px; text-align: left; }
    table.summary td.plus, table.summary td.minus { text-align: right; font-variant-numeric: tabular-nums; }
    table.summary .steplist a { margin-right: 4px; color: #0969da; text-decoration: none; font-family: ui-monospace, monospace; font-size: 12px; }
    article.step { background: #fff; border: 1px solid var(--line); border-radius: 8px; padding: 10px 14px; margin: 12px 0; }
    article.step h3 { font-size: 15px; margin: 0 0 4px; }
    .id { display: inline-block; min-width: 2.4em; font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; color: var(--muted); }
    .label { color: #8250df; }
    .prose p { margin: 2px 0; color: #333; }
    .counts { font-family: ui-monospace, monospace; font-size: 12px; font-weight: normal; }
    .plus { color: #1a7f37; }
    .minus { color: #cf222e; }
    .warn { color: #9a6700; background: #fff8c5; border: 1px solid #d4a72c; border-radius: 4px; padding: 0 4px; font-size: 12px; }
    .nocode { color: var(--muted); font-style: italic; margin: 4px 0; }
    p.finding { margin: 4px 0; font-size: 13px; color: #6e5400; }
    .change { margin: 8px 0 4px; border: 1px solid var(--line); border-radius: 6px; overflow: hidden; }
    .change-head { padding: 4px 10px; background: #f6f8fa; border-bottom: 1px solid var(--line); font-size: 13px; }
    .change-head .file { font-weight: 600; font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
    .change-head .from { color: var(--muted); }
    table.diff { width: 100%; border-collapse: collapse; table-layout: fixed; font: 12px/1.45 ui-monospace, SFMono-Regular, Menlo, Consolas, "Noto Sans Mono CJK SC", monospace; }
    table.diff td { padding: 0 6px; vertical-align: top; }
    table.diff td.code { white-space: pre-wrap; word-break: break-all; tab-size: 4; }
    table.diff td.ln { text-align: right; color: #8c959f; user-select: none; }
    table.unified td.sign { user-select: none; color: var(--muted); }
    table.diff col.ln { width: 3.6em; }
    table.diff col.sign { width: 1.6em; }
    tr.hunk td { background: #ddf4ff; color: #0550ae; padding: 2px 8px; }
    tr.add td, td.add { background: var(--add); }
    tr.del td, td.del { background: var(--del); }
    tr.add td.ln, td.ln.add { background: #ccffd8; }
    tr.del td.ln, td.ln.del { background: #ffd7d5; }
    td.empty { background: #f6f8fa; }
    tr.add .hl, td.add .hl { background: var(--add-hl); border-radius: 2px; }
    tr.del .hl, td.del .hl { background: var(--del-hl); border-radius: 2px; }
    .nonl { color: #cf222e; margin-left: 4px; }
    .fragment pre.code { margin: 0; padding: 4px 10px; font: 12px/1.45 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; white-space: pre-wrap; background: #fff; }
    .kw { color: #cf222e; } .ty { color: #953800; } .str { color: #0a3069; } .num { color: #0550ae; }
    .com { color: #6e7781; font-style: italic; } .attr { color: #8250df; } .lbl { color: #116329; }
    .op { color: #0550ae; } .dol { color: #8250df; } .ph { background: #eee; }
    header.top a.home { color: #9ecbff; text-decoration: none; font-weight: normal; }
    .finding-box { margin: 4px 0; padding: 4px 10px; border-left: 4px solid #d4a72c; background: #fff8c5; font: 13px/1.45 -apple-system, "Segoe UI", "Noto Sans", "Noto Sans CJK SC", Helvetica, Arial, sans-serif; white-space: normal; word-break: normal; }
    .finding-box.sev-error { border-color: #cf222e; background: #ffebe9; }
    .finding-box.sev-information, .finding-box.sev-hint { border-color: #0969da; background: #ddf4ff; }
    .finding-box .sev { font-weight: 600; text-transform: uppercase; font-size: 11px; margin-right: 4px; }
    .finding-box .rule { font-size: 12px; color: #57606a; }
    .finding-box .status { display: block; color: #57606a; font-size: 12px; }
    .finding-box.build-order { border-color: #d0d7de; background: #f6f8fa; color: #57606a; }
    p.resolved-note.build-order { border-color: #d0d7de; background: #f6f8fa; color: #57606a; }
    tr.finding-row td { padding: 0 6px 0 3.6em; background: #fff; }
    p.resolved-note { margin: 4px 0; padding: 3px 10px; border-left: 4px solid #1a7f37; background: #dafbe1; font-size: 13px; }
    .badge { display: inline-block; min-width: 1.4em; padding: 0 4px; border-radius: 8px; font-size: 11px; text-align: center; color: #fff; background: #57606a; }
    .badge.sev-error { background: #cf222e; } .badge.sev-warning { background: #9a6700; }
    .badge.sev-information { background: #0969da; } .badge.sev-hint { background: #8250df; }
    @media print { nav.outline, header.top .switch { display: none; } table.split { display: none; } }
    """
