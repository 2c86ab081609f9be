import type { RunTimeline } from '../../run-timeline.js';
import { html, type SafeHtml } from '../escape.js';
import { formatCount, formatTimestamp } from '../format.js';
import { stepLabel } from '../labels.js';
import { dataTable } from '../table.js';
import { chartFrame, svgElement } from './chart-frame.js';
import { px } from './scale.js';

const size = { width: 560, height: 220 };
const plot = { left: 44, right: 548, top: 12, bottom: 186 };

/** One colour per step, told apart also by the legend's order and each line's end label. */
const palette = [
  '#1f4e8c',
  '#17703a',
  '#c2410c',
  '#b42318',
  '#6b3fa0',
  '#0f7b8a',
  '#a0407a',
  '#4d5b6a',
  '#8a6d00',
];

/**
 * Each step's progress over the run: the share of its calls sent by the end of each bucket, one
 * line per step with one point per bucket.
 */
export function stepProgressChart(input: {
  timeline: RunTimeline | undefined;
  dry: boolean;
}): SafeHtml {
  const { timeline } = input;
  const id = 'chart-progress';
  const title = 'Progress of each step (share of its calls sent)';
  if (!timeline || timeline.steps.length === 0) {
    return chartFrame({
      id,
      title,
      description: 'No progress to draw.',
      empty: input.dry
        ? 'Predicted, not made: a dry run sends no call. The live run draws each step’s progress over time here.'
        : 'No call was recorded with a time for this run.',
    });
  }
  const buckets = timeline.calls.length;
  const x = (bucket: number) => plot.left + ((bucket + 1) / buckets) * (plot.right - plot.left);
  const y = (share: number) => plot.bottom - share * (plot.bottom - plot.top);
  const series = timeline.steps.map((entry, index) => {
    const total = entry.cumulative[entry.cumulative.length - 1] ?? 0;
    const shares = entry.cumulative.map((calls) => (total ? calls / total : 0));
    return { ...entry, total, shares, colour: palette[index % palette.length] ?? '#1c2127' };
  });
  const description = `Share of each step's calls sent over ${formatCount(buckets * timeline.bucketMinutes)} minutes from ${formatTimestamp(timeline.start)}, for ${series.length} steps.`;
  const grid = [0, 0.25, 0.5, 0.75, 1].map(
    (share) =>
      html`<line
          class="grid"
          x1="${plot.left}"
          x2="${plot.right}"
          y1="${px(y(share))}"
          y2="${px(y(share))}"
        /><text class="axis" x="${plot.left - 6}" y="${px(y(share) + 4)}" text-anchor="end"
          >${share * 100}%</text
        >`,
  );
  const lines = series.map(
    (line) =>
      html`<polyline
        class="mark line"
        data-step="${line.step}"
        data-points="${line.shares.length}"
        fill="none"
        stroke="${line.colour}"
        stroke-width="2"
        points="${[`${plot.left},${plot.bottom}`, ...line.shares.map((share, bucket) => `${px(x(bucket))},${px(y(share))}`)].join(' ')}"
        ><title>${stepLabel(line.step)}: ${formatCount(line.total)} calls</title></polyline
      >`,
  );
  const axis = html`<text class="axis" x="${plot.left}" y="${plot.bottom + 18}"
      >${formatTimestamp(timeline.start)}</text
    >
    <text class="axis" x="${plot.right}" y="${plot.bottom + 18}" text-anchor="end"
      >+${formatCount(buckets * timeline.bucketMinutes)} min</text
    >`;
  const legend = html`<ul class="legend">
    ${series.map(
      (line) =>
        html`<li>
          <span class="swatch" style="background: ${line.colour}" aria-hidden="true"></span
          >${stepLabel(line.step)}
        </li>`,
    )}
  </ul>`;
  return chartFrame({
    id,
    title,
    description,
    svg: (labelledBy) => svgElement({ id, description, ...size }, labelledBy, [grid, lines, axis]),
    note: legend,
    table: dataTable(series, [
      { header: 'Step', cell: (line) => stepLabel(line.step), nowrap: true },
      { header: 'Calls', cell: (line) => formatCount(line.total), numeric: true },
      {
        header: 'Finished',
        cell: (line) => {
          const last = line.shares.findIndex((share) => share >= 1);
          return `+${formatCount((last + 1) * timeline.bucketMinutes)} min`;
        },
        numeric: true,
      },
    ]),
  });
}
