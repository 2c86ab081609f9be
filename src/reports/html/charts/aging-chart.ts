import { centsOf } from '../../../money/index.js';
import {
  agingBuckets,
  type AgingComparison,
} from '../../../migration/contracts/verification-report.js';
import { html, type SafeHtml } from '../escape.js';
import { formatMoney } from '../format.js';
import { dataTable } from '../table.js';
import { chartFrame, svgElement } from './chart-frame.js';
import { amountPosition, linearScale, px, shortNumber } from './scale.js';

const panel = { width: 480, height: 210, left: 52, right: 470, top: 28, bottom: 176 };
const gap = 40;

const bucketLabel = (bucket: string) => (bucket === 'current' ? 'Current' : `${bucket} days`);

type Side = AgingComparison['receivable'];

/**
 * Aged receivables and payables at the end date, bucket by bucket: the legacy documents open then
 * against the workspace's aging reports, two bars per bucket, differences marked. A dry run has
 * only the legacy side: the workspace's aging is read in the live run.
 */
export function agingChart(aging: AgingComparison | undefined, dry: boolean): SafeHtml {
  const id = 'chart-aging';
  const title = aging
    ? `Aged receivables and payables at ${aging.asOf}`
    : 'Aged receivables and payables';
  if (!aging) {
    return chartFrame({
      id,
      title,
      description: 'No aging to draw.',
      empty: 'This report was written before aging by bucket was recorded.',
    });
  }
  const sides: Array<[string, Side]> = [
    ['Receivables', aging.receivable],
    ['Payables', aging.payable],
  ];
  const hasWorkspace = sides.some(([, side]) => side.workspace);
  const values = sides.flatMap(([, side]) =>
    agingBuckets.flatMap((bucket) => [
      amountPosition(side.legacy[bucket]),
      amountPosition(side.workspace?.[bucket] ?? '0'),
    ]),
  );
  if (values.every((value) => value === 0)) {
    return chartFrame({
      id,
      title,
      description: 'Nothing due.',
      empty: 'Nothing was due at the end date on either side.',
    });
  }
  const y = linearScale(Math.min(...values), Math.max(...values), panel.bottom, panel.top);
  const slot = (panel.right - panel.left) / agingBuckets.length;
  const drawSide = ([name, side]: [string, Side], index: number) => {
    const offset = index * (panel.width + gap);
    const bar = (value: string, left: number, kind: 'legacy' | 'ours', label: string) => {
      const top = y(amountPosition(value));
      const zero = y(0);
      return html`<rect
        class="mark bar ${kind}"
        x="${px(left)}"
        y="${px(Math.min(top, zero))}"
        width="${px(slot * 0.34)}"
        height="${px(Math.max(Math.abs(zero - top), 0.5))}"
        ><title>
          ${name}, ${bucketLabel(label)}: ${kind === 'legacy' ? 'legacy' : 'workspace'}
          ${formatMoney(value)}
        </title></rect
      >`;
    };
    const bars = agingBuckets.map((bucket, slotIndex) => {
      const left = offset + panel.left + slotIndex * slot + slot * 0.14;
      const legacy = side.legacy[bucket];
      const workspace = side.workspace?.[bucket];
      const differs = workspace !== undefined && centsOf(workspace) !== centsOf(legacy);
      return html`<g class="${differs ? 'bucket differs' : 'bucket'}" data-bucket="${bucket}">
        ${bar(legacy, left, 'legacy', bucket)}
        ${workspace !== undefined ? bar(workspace, left + slot * 0.38, 'ours', bucket) : ''}
        ${differs ? html`<text class="marker" x="${px(left + slot * 0.36)}" y="${panel.top - 8}" text-anchor="middle">≠</text>` : ''}
        <text
          class="axis"
          x="${px(offset + panel.left + (slotIndex + 0.5) * slot)}"
          y="${panel.bottom + 16}"
          text-anchor="middle"
          >${bucketLabel(bucket)}</text
        >
      </g>`;
    });
    const grid = y.ticks.map(
      (tick) =>
        html`<line
            class="${tick === 0 ? 'grid zero' : 'grid'}"
            x1="${offset + panel.left}"
            x2="${offset + panel.right}"
            y1="${px(y(tick))}"
            y2="${px(y(tick))}"
          /><text
            class="axis"
            x="${offset + panel.left - 6}"
            y="${px(y(tick) + 4)}"
            text-anchor="end"
            >${shortNumber(tick)}</text
          >`,
    );
    return html`<g class="side" data-side="${name}">
      <text class="panel-title" x="${offset + panel.left}" y="12">${name}</text>
      ${grid} ${bars}
    </g>`;
  };
  const width = panel.width * 2 + gap;
  const description = `Amounts due at ${aging.asOf} by aging bucket, receivables then payables: legacy${hasWorkspace ? ' against workspace' : ' only'}.`;
  const rows = sides.flatMap(([name, side]) =>
    agingBuckets.map((bucket) => ({
      name,
      bucket,
      legacy: side.legacy[bucket],
      workspace: side.workspace?.[bucket],
    })),
  );
  return chartFrame({
    id,
    title,
    description,
    svg: (labelledBy) =>
      svgElement({ id, description, width, height: panel.height }, labelledBy, sides.map(drawSide)),
    note: html`<ul class="legend">
        <li>
          <span class="swatch legacy" aria-hidden="true"></span>Legacy (open documents aged by due
          date)
        </li>
        ${
          hasWorkspace
            ? html`<li>
                  <span class="swatch ours" aria-hidden="true"></span>Workspace (its aging reports)
                </li>
                <li><span aria-hidden="true">≠</span> bucket differs</li>`
            : ''
        }
      </ul>
      ${dry ? html`<p>Predicted, not made: the workspace's aging is read and compared in the live run.</p>` : ''}`,
    table: dataTable(rows, [
      { header: 'Side', cell: (row) => row.name, nowrap: true },
      { header: 'Bucket', cell: (row) => bucketLabel(row.bucket), nowrap: true },
      { header: 'Legacy', cell: (row) => formatMoney(row.legacy), numeric: true },
      {
        header: 'Workspace',
        cell: (row) => (row.workspace === undefined ? '–' : formatMoney(row.workspace)),
        numeric: true,
      },
    ]),
  });
}
