/**
 * The page's only stylesheet, inline so the report is one file that opens anywhere (mail
 * attachment, shared drive) with no network. Colour only reinforces words and icons.
 */
export const reportCss = `
:root {
  --ink: #1c2127; --muted: #5a6472; --line: #d9dee4; --panel: #f5f7f9; --accent: #1f4e8c;
  --good: #17703a; --good-bg: #e5f4ea; --warn: #8a5a00; --warn-bg: #fff3d1;
  --bad: #b42318; --bad-bg: #fde9e7;
  color-scheme: light;
}
* { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; }
body {
  margin: 0; color: var(--ink); background: #fff;
  font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial,
    "Liberation Sans", "DejaVu Sans", sans-serif;
}
main, .page-footer { max-width: 1200px; margin: 0 auto; padding: 0 32px; }
h1, h2, h3 { line-height: 1.25; margin: 0; }
h1 { font-size: 28px; font-weight: 700; letter-spacing: -0.01em; overflow-wrap: anywhere; }
h2 { font-size: 20px; margin: 40px 0 8px; padding-top: 16px; border-top: 1px solid var(--line); }
h3 { font-size: 16px; margin: 24px 0 6px; }
.count { color: var(--muted); font-weight: 400; font-size: 0.85em; margin-left: 0.35em; }
p { margin: 0 0 8px; }
.lead { color: var(--muted); max-width: 80ch; }
code, .key, .loc {
  font-family: ui-monospace, "SF Mono", Menlo, Consolas, "Liberation Mono", "DejaVu Sans Mono", monospace;
  font-size: 0.88em;
}
code { background: var(--panel); border-radius: 3px; padding: 0 0.3em; }
.muted { color: var(--muted); }
.visually-hidden {
  position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap;
}
.icon { font-weight: 700; }

.masthead { padding: 20px 0 10px; }
.eyebrow { color: var(--muted); font-size: 12.5px; letter-spacing: 0.04em; text-transform: uppercase; margin-bottom: 4px; }
.title-line { display: flex; flex-wrap: wrap; align-items: baseline; gap: 6px 16px; }
.title-line .status { margin: 0; }
.facts { display: grid; grid-template-columns: max-content minmax(0, 1fr); gap: 3px 12px; margin: 0; font-size: 13.5px; }
.facts div { display: contents; }
.facts dt { color: var(--muted); }
.facts dd { margin: 0; overflow-wrap: anywhere; }

.mode { margin: 4px 0 12px; padding: 10px 14px; border-radius: 6px; }
.mode strong { letter-spacing: 0.08em; margin-right: 10px; }
.mode-dry {
  border: 2px dashed var(--warn); color: #5c3c00;
  background: repeating-linear-gradient(-45deg, var(--warn-bg) 0 12px, #fffaeb 12px 24px);
}
.mode-dry strong { font-size: 17px; }
.mode-live { border: 1px solid var(--line); border-left: 6px solid var(--accent); background: var(--panel); }

.status { margin: 0 0 6px; color: var(--muted); font-size: 14px; }
.headline { font-size: 20px; font-weight: 600; line-height: 1.35; margin: 0 0 12px; max-width: 90ch; overflow-wrap: anywhere; }
.chip {
  display: inline-block; padding: 1px 10px; border: 1px solid currentColor; border-radius: 999px;
  font-size: 13px; font-weight: 600; white-space: nowrap;
}
.tone-good { color: var(--good); }
.tone-warn { color: var(--warn); }
.tone-bad { color: var(--bad); }
.tone-neutral { color: var(--muted); }
.chip.tone-good { background: var(--good-bg); }
.chip.tone-warn { background: var(--warn-bg); }
.chip.tone-bad { background: var(--bad-bg); }

.callout { border: 1px solid currentColor; border-left-width: 6px; border-radius: 6px; padding: 12px 16px; margin: 0 0 16px; }
.callout p { color: var(--ink); max-width: 90ch; }
.callout .callout-title { font-weight: 700; color: inherit; }
.callout.tone-bad { background: var(--bad-bg); }
.callout.tone-warn { background: var(--warn-bg); }

.cards { display: grid; gap: 14px; }
.cards-top { grid-template-columns: minmax(0, 1.25fr) minmax(0, 1.35fr) minmax(0, 1fr); }
.cards-figures { grid-template-columns: repeat(3, minmax(0, 1fr)); margin-top: 14px; }
.attention { list-style: none; margin: 0; padding: 0; font-size: 14.5px; }
.attention li { padding: 2px 0; }
.attention a { color: var(--ink); text-decoration: none; }
.attention-label { border-bottom: 1px solid var(--line); }
.attention a:hover .attention-label { border-bottom-color: currentColor; }
.attention-count { display: inline-block; min-width: 3.2em; text-align: right; margin-right: 6px; font-weight: 700; font-variant-numeric: tabular-nums; }
.attention .tone-bad .attention-count { color: var(--bad); }
.attention .tone-warn .attention-count { color: var(--warn); }
.attention-none { color: var(--good); font-weight: 600; }
.signoff { display: none; }
.card { border: 1px solid var(--line); border-radius: 8px; padding: 14px 16px; background: #fff; color: var(--ink); }
.card-label { font-size: 12px; font-weight: 600; letter-spacing: 0.05em; text-transform: uppercase; color: var(--muted); margin-bottom: 6px; }
.card-note { font-size: 13.5px; color: var(--muted); margin: 8px 0 0; }
.card-note strong { color: var(--ink); }
.verdict { border-left-width: 6px; }
.verdict.tone-good { border-color: var(--good); background: var(--good-bg); }
.verdict.tone-warn { border-color: var(--warn); background: var(--warn-bg); }
.verdict.tone-neutral { border-left-color: var(--muted); background: var(--panel); }
.verdict-title { font-size: 22px; font-weight: 700; margin: 0; }
.verdict-finding { font-size: 15px; font-weight: 600; margin: 2px 0 0; }
.verdict.tone-good .verdict-title { color: var(--good); }
.verdict.tone-warn .verdict-title { color: var(--warn); }
.verdict .card-note { color: var(--ink); }
.figures { display: grid; grid-template-columns: repeat(2, minmax(0, 1fr)); gap: 6px 12px; margin: 0; }
.figure dt { font-size: 12.5px; color: var(--muted); }
.figure dd { margin: 0; font-size: 22px; font-weight: 600; font-variant-numeric: tabular-nums; color: var(--ink); }
.figure.tone-bad dd { color: var(--bad); }
.figure.tone-bad dd::after { content: " ✗"; font-size: 14px; }
.figure.tone-warn dd { color: var(--warn); }

.toc { display: flex; flex-wrap: wrap; gap: 6px 18px; margin: 20px 0 0; padding: 10px 0; border-top: 1px solid var(--line); font-size: 14px; }
.toc a { color: var(--accent); text-decoration: none; }
.print-choice { margin-left: auto; color: var(--muted); font-size: 13px; }
.toc a:hover { text-decoration: underline; }
.toc + section h2 { border-top: 0; margin-top: 24px; padding-top: 0; }
.part-title + section h2 { border-top: 0; margin-top: 8px; padding-top: 0; }
.part-title { margin: 48px 0 0; padding-top: 16px; border-top: 3px double var(--line); font-size: 13px; font-weight: 600; letter-spacing: 0.06em; text-transform: uppercase; color: var(--muted); }

.group { margin-bottom: 8px; }
.reasons { font-size: 14px; color: var(--muted); }
.more, .empty { color: var(--muted); font-style: italic; font-size: 14px; margin-top: 6px; }
.notes { margin: 0 0 8px; padding-left: 20px; }

.table-wrap { overflow-x: auto; margin: 6px 0 4px; }
/* Tables of figures only: narrower, so a row's numbers stay close to its name. */
#steps .table-wrap, #trial-balance .table-wrap { max-width: 960px; }
table { width: 100%; border-collapse: collapse; font-size: 14px; }
caption { text-align: left; font-weight: 600; padding: 0 0 4px; }
th, td { padding: 6px 10px; text-align: left; vertical-align: top; }
th { font-size: 12.5px; font-weight: 600; color: var(--muted); border-bottom: 2px solid var(--line); background: #fff; }
td { border-bottom: 1px solid var(--line); overflow-wrap: anywhere; }
tbody tr:nth-child(even) td { background: #fafbfc; }
.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; overflow-wrap: normal; }
.nowrap { white-space: nowrap; overflow-wrap: normal; }
td.record { min-width: 9em; }
td.where { min-width: 12em; }
tfoot td { font-weight: 700; border-top: 2px solid var(--ink); border-bottom: 0; }
tr.differs td, tbody tr.differs:nth-child(even) td { background: var(--warn-bg); }
tr.differs td.num:nth-last-child(2) { font-weight: 700; }

/* Charts: inline SVG; colour tells the series apart, the legend and labels say which is which. */
.chart-grid { display: grid; grid-template-columns: repeat(2, minmax(0, 1fr)); gap: 20px; }
.chart { margin: 12px 0 20px; min-width: 0; }
.chart-title { font-weight: 600; font-size: 15px; margin-bottom: 4px; }
.chart-svg { display: block; width: 100%; height: auto; font-family: inherit; }
.chart-svg .grid { stroke: var(--line); stroke-width: 1; }
.chart-svg .grid.zero { stroke: var(--muted); }
.chart-svg .axis { fill: var(--muted); font-size: 11px; }
.chart-svg .label { fill: var(--ink); font-size: 12px; }
.chart-svg .panel-title { fill: var(--ink); font-size: 13px; font-weight: 600; }
.chart-svg .bar { fill: var(--accent); }
.chart-svg .bar.legacy { fill: #9aa5b1; }
.chart-svg .bar.ours { fill: var(--accent); }
.chart-svg .differs-band { fill: var(--warn-bg); }
.chart-svg .marker { fill: var(--warn); font-size: 12px; font-weight: 700; }
.chart-svg .limit { stroke: var(--bad); stroke-dasharray: 5 4; }
.chart-svg .limit-label { fill: var(--bad); }
.chart-note { font-size: 13px; color: var(--muted); }
.chart-note p { margin: 2px 0; }
.chart-empty { border: 1px dashed var(--line); border-radius: 6px; padding: 28px 16px; color: var(--muted); font-style: italic; text-align: center; background: var(--panel); }
.legend { list-style: none; display: flex; flex-wrap: wrap; gap: 2px 14px; margin: 4px 0 0; padding: 0; }
.swatch { display: inline-block; width: 10px; height: 10px; margin-right: 5px; border-radius: 2px; vertical-align: -1px; }
.swatch.legacy { background: #9aa5b1; }
.swatch.ours { background: var(--accent); }
.swatch.differs { background: var(--warn-bg); border: 1px solid var(--warn); }
details.chart-data, details.rows { margin: 4px 0; }
details > summary { cursor: pointer; color: var(--accent); font-size: 13.5px; }
.code-group { padding: 8px 0; border-bottom: 1px solid var(--line); }
.code-group .group-head { display: flex; gap: 10px; align-items: baseline; flex-wrap: wrap; margin: 0 0 2px; }
.code-group .group-example { margin: 0 0 2px; max-width: 100ch; }

.page-footer { margin-top: 48px; padding-top: 12px; padding-bottom: 32px; border-top: 1px solid var(--line); color: var(--muted); font-size: 13px; }

@media (max-width: 900px) {
  .cards-top, .cards-figures, .chart-grid { grid-template-columns: minmax(0, 1fr); }
  main, .page-footer { padding: 0 16px; }
}

@media print {
  @page {
    size: A4;
    margin: 14mm 12mm 16mm;
    /* Printed pages get numbers, so a stapled report can be put back in order. */
    @bottom-right {
      content: "Page " counter(page) " of " counter(pages);
      font: 8pt system-ui, "Liberation Sans", "DejaVu Sans", sans-serif;
      color: #5a6472;
    }
  }
  html, body { font-size: 9.5pt; }
  body { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
  main, .page-footer { max-width: none; padding: 0; }
  .toc { display: none; }
  /*
   * By default the summary alone prints, on one page, with lines to sign. The "Print the whole
   * report" box (in the contents bar) prints everything instead.
   */
  body:not(:has(#print-all:checked)) main > :not(.masthead, #mode, #summary),
  body:not(:has(#print-all:checked)) .page-footer { display: none; }
  body:not(:has(#print-all:checked)) #summary { break-after: avoid; }
  .signoff { display: block; margin-top: 14pt; border: 1px solid var(--ink); border-radius: 4pt; padding: 8pt 10pt; break-inside: avoid; }
  .signoff-lines { display: grid; grid-template-columns: 1.2fr 1.2fr 0.6fr; gap: 16pt; margin-top: 22pt; }
  .signoff-lines div { border-top: 1px solid var(--ink); padding-top: 3pt; font-size: 8.5pt; color: var(--muted); }
  details.chart-data, details.rows { display: none; }
  .chart-grid { grid-template-columns: minmax(0, 1fr); }
  .chart, .chart-svg { break-inside: avoid; }
  h1 { font-size: 20pt; }
  h2 { font-size: 14pt; margin-top: 18pt; }
  h3 { font-size: 11pt; }
  h2, h3, .lead, .reasons { break-after: avoid; page-break-after: avoid; }
  /* A4 is narrow: the verdict takes the full width, the three figure cards share a row. */
  .cards { gap: 8pt; }
  .cards-top { grid-template-columns: minmax(0, 1fr) minmax(0, 1.2fr); }
  .cards-top #attention { grid-column: 1 / -1; }
  .cards-figures { grid-template-columns: repeat(3, minmax(0, 1fr)); margin-top: 8pt; }
  .card { padding: 8pt 10pt; }
  .figure dd { font-size: 15pt; }
  .card, .callout, .mode, tr { break-inside: avoid; page-break-inside: avoid; }
  .table-wrap { overflow: visible; }
  table { font-size: 8.5pt; }
  th, td { padding: 3pt 5pt; }
  thead { display: table-header-group; }
  tfoot { display: table-row-group; }
  #details { break-before: page; page-break-before: always; }
  a { color: inherit; text-decoration: none; }
}
`;
