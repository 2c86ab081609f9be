import type {
  Comparison,
  VerificationReport,
} from '../../../migration/contracts/verification-report.js';
import { html, type SafeHtml } from '../escape.js';
import { formatMoney, isZeroMoney, plural } from '../format.js';
import { dataTable } from '../table.js';
import { chartFrame, svgElement } from './chart-frame.js';
import { amountPosition, linearScale, px, shortNumber } from './scale.js';

/** Accounts drawn at most; the rest are in the verification table. Differences are drawn first. */
export const maxChartAccounts = 40;

const rowHeight = 24;
const layout = { width: 1000, label: 270, left: 290, right: 820, marker: 834, top: 24 };

const shorten = (text: string, length: number) =>
  text.length > length ? `${text.slice(0, length - 1)}…` : text;

/**
 * The legacy trial balance against the workspace's (or, in a dry run, the projected) account by
 * account: two bars per account from zero (debits right, credits left), and each difference marked
 * with its amount.
 */
export function trialBalanceChart(verification: VerificationReport | undefined): SafeHtml {
  const id = 'chart-trial-balance';
  if (!verification || verification.accounts.length === 0) {
    return chartFrame({
      id,
      title: 'Trial balance by account',
      description: 'No trial balance to draw.',
      empty: 'The books were not verified, so there is no trial balance to compare yet.',
    });
  }
  const ours = verification.source === 'projection' ? 'Projected' : 'Workspace';
  const legacyName = verification.target === 'migrated-ledger' ? 'Migrated ledger' : 'Legacy';
  const differs = (line: Comparison) => !isZeroMoney(line.difference);
  const size = (line: Comparison) => Math.abs(amountPosition(line.expected));
  const ordered = [
    ...verification.accounts.filter(differs),
    ...verification.accounts.filter((line) => !differs(line)).sort((a, b) => size(b) - size(a)),
  ];
  const drawn = ordered.slice(0, maxChartAccounts);
  const left = drawn.length < ordered.length ? ordered.length - drawn.length : 0;
  const values = drawn.flatMap((line) => [
    amountPosition(line.expected),
    amountPosition(line.actual),
  ]);
  const x = linearScale(Math.min(...values), Math.max(...values), layout.left, layout.right);
  const height = layout.top + drawn.length * rowHeight + 28;
  const zero = x(0);
  const bar = (value: number, top: number, kind: 'legacy' | 'ours', title: string) => {
    const end = x(value);
    return html`<rect
      class="mark bar ${kind}"
      x="${px(Math.min(zero, end))}"
      y="${px(top)}"
      width="${px(Math.max(Math.abs(end - zero), 0.5))}"
      height="8"
      ><title>${title}</title></rect
    >`;
  };
  const rows = drawn.map((line, index) => {
    const top = layout.top + index * rowHeight;
    const marked = differs(line);
    return html`<g class="${marked ? 'account differs' : 'account'}" data-key="${line.key}">
      ${marked ? html`<rect class="differs-band" x="0" y="${top - 2}" width="${layout.width}" height="${rowHeight - 2}" />` : ''}
      <text class="label" x="${layout.label}" y="${top + 13}" text-anchor="end"
        >${shorten(line.name, 40)}</text
      >
      ${bar(amountPosition(line.expected), top + 2, 'legacy', `${line.name}: ${legacyName.toLowerCase()} ${formatMoney(line.expected)}`)}
      ${bar(amountPosition(line.actual), top + 10, 'ours', `${line.name}: ${ours.toLowerCase()} ${formatMoney(line.actual)}`)}
      ${marked ? html`<text class="marker" x="${layout.marker}" y="${top + 13}">≠ ${formatMoney(line.difference)}</text>` : ''}
    </g>`;
  });
  const grid = x.ticks.map(
    (tick) =>
      html`<line
          class="${tick === 0 ? 'grid zero' : 'grid'}"
          x1="${px(x(tick))}"
          x2="${px(x(tick))}"
          y1="${layout.top - 6}"
          y2="${height - 24}"
        /><text class="axis" x="${px(x(tick))}" y="${height - 8}" text-anchor="middle"
          >${shortNumber(tick)}</text
        >`,
  );
  const heading = html`<text class="axis" x="${layout.left}" y="12">← credit</text>
    <text class="axis" x="${layout.right}" y="12" text-anchor="end">debit →</text>
    <text class="axis" x="${layout.marker}" y="12">Difference</text>`;
  const differences = verification.accounts.filter(differs).length;
  const description = `${legacyName} against ${ours.toLowerCase()} balance for ${plural(drawn.length, 'account')} at ${verification.asOf}, ${plural(differences, 'difference')} marked.`;
  return chartFrame({
    id,
    title: `Trial balance at ${verification.asOf}: ${legacyName.toLowerCase()} against ${ours.toLowerCase()}`,
    description,
    svg: (labelledBy) =>
      svgElement({ id, description, width: layout.width, height }, labelledBy, [
        grid,
        heading,
        rows,
      ]),
    note: html`<ul class="legend">
        <li><span class="swatch legacy" aria-hidden="true"></span>${legacyName}</li>
        <li><span class="swatch ours" aria-hidden="true"></span>${ours}</li>
        <li>
          <span class="swatch differs" aria-hidden="true"></span>≠ differs (amount:
          ${ours.toLowerCase()} minus ${legacyName.toLowerCase()})
        </li>
      </ul>
      ${left ? html`<p>${plural(left, 'more account')} match and are not drawn; every account is in the Verification table.</p>` : ''}`,
    table: dataTable(drawn, [
      { header: 'Account', cell: (line) => line.name },
      { header: legacyName, cell: (line) => formatMoney(line.expected), numeric: true },
      { header: ours, cell: (line) => formatMoney(line.actual), numeric: true },
      { header: 'Difference', cell: (line) => formatMoney(line.difference), numeric: true },
    ]),
  });
}
