import { renderUndoHtml } from '../../../src/reports/undo/render-undo-html.js';
import type { UndoReport } from '../../../src/reports/undo/undo-report-data.js';

/** Text content of markup, roughly: tags dropped, entities decoded, spaces collapsed. */
export function textOf(markup: string): string {
  return markup
    .replace(/<style>[\s\S]*?<\/style>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .replace(/ ([.,:;)])/g, '$1')
    .trim();
}

/** The text of one part of the undo's page, found by its id (sections and cards do not nest). */
export function partOf(report: UndoReport, id: string): string {
  const page = renderUndoHtml(report);
  const start = page.search(new RegExp(`<(section|div|p) [^>]*id="${id}"`));
  if (start < 0) throw new Error(`no element #${id}`);
  const tag = /^<(\w+)/.exec(page.slice(start))?.[1] ?? 'div';
  // The first closing tag of its kind after a same-kind child would end too soon: count depth.
  const pattern = new RegExp(`<${tag}[\\s>]|</${tag}>`, 'g');
  pattern.lastIndex = start + 1;
  let depth = 1;
  let match: RegExpExecArray | null;
  while (depth > 0 && (match = pattern.exec(page)) !== null) {
    depth += match[0].startsWith('</') ? -1 : 1;
  }
  return textOf(page.slice(start, pattern.lastIndex));
}
