import type { RunReport } from '../run-report.js';
import { html, type SafeHtml } from './escape.js';
import { formatCount, plural } from './format.js';
import type { Tone } from './labels.js';
import { skippedTotal } from './skipped-rows-section.js';

interface Item {
  count: number;
  label: string;
  href: string;
  tone: Tone;
}

/** What a consultant must look at before signing, each with its count and a link to its rows. */
function attentionItems(report: RunReport): Item[] {
  const dry = report.run.mode === 'dry-run';
  const counts = report.problemCounts;
  const items: Item[] = [
    {
      count: report.failedRows.length,
      label: dry ? 'rows that would fail' : 'failed rows',
      href: '#failed-rows',
      tone: 'bad',
    },
    {
      count: report.verification?.differences ?? 0,
      label: 'differences in the books',
      href: '#verification',
      tone: 'warn',
    },
    { count: counts.error, label: 'errors in the exports', href: '#problems', tone: 'bad' },
    { count: counts.warning, label: 'warnings in the exports', href: '#problems', tone: 'warn' },
    {
      count: report.apiWarnings.length,
      label: 'API warnings',
      href: '#api-warnings',
      tone: 'warn',
    },
    { count: skippedTotal(report), label: 'skipped rows', href: '#skipped', tone: 'neutral' },
  ];
  return items.filter((item) => item.count > 0);
}

export function attentionCard(report: RunReport): SafeHtml {
  const items = attentionItems(report);
  const notes = report.problemCounts.info;
  return html`<div class="card" id="attention">
    <p class="card-label">Needs attention</p>
    ${
      items.length
        ? html`<ul class="attention">
            ${items.map(
              (item) =>
                html`<li class="tone-${item.tone}">
                  <a href="${item.href}"
                    ><span class="attention-count">${formatCount(item.count)}</span>
                    ${item.label}</a
                  >
                </li>`,
            )}
          </ul>`
        : html`<p class="attention-none">
            <span aria-hidden="true">✓</span> Nothing: no failed row, no difference, no error.
          </p>`
    }
    ${
      notes
        ? html`<p class="card-note">
            <a href="#problems">${plural(notes, 'note')}</a> in the exports, for information only.
          </p>`
        : ''
    }
  </div>`;
}
