import type { RunTimeline } from '../../run-timeline.js';
import { html, type SafeHtml } from '../escape.js';
import { formatCount, formatTimestamp } from '../format.js';
import { dataTable } from '../table.js';
import { chartFrame, svgElement } from './chart-frame.js';
import { linearScale, px, shortNumber } from './scale.js';

const size = { width: 560, height: 220 };
const plot = { left: 44, right: 548, top: 12, bottom: 186 };

export interface CallsChartInput {
  timeline: RunTimeline | undefined;
  dry: boolean;
  /** The API's limit per minute, drawn as a line when known. */
  requestsPerMinute?: number;
}

/** Calls sent per minute (or per bucket of minutes) over the run: one bar per bucket. */
export function callsPerMinuteChart(input: CallsChartInput): SafeHtml {
  const { timeline } = input;
  const id = 'chart-calls';
  const unit =
    timeline && timeline.bucketMinutes > 1 ? `${timeline.bucketMinutes} minutes` : 'minute';
  const title = `API calls per ${unit}`;
  if (!timeline || timeline.calls.length === 0) {
    return chartFrame({
      id,
      title: 'API calls per minute',
      description: 'No calls to draw.',
      empty: input.dry
        ? 'Predicted, not made: a dry run sends no call. The live run draws its calls per minute here.'
        : 'No call was recorded with a time for this run.',
    });
  }
  const total = timeline.calls.reduce((sum, calls) => sum + calls, 0);
  const peak = Math.max(...timeline.calls);
  const limit = input.requestsPerMinute ? input.requestsPerMinute * timeline.bucketMinutes : 0;
  const y = linearScale(0, Math.max(peak, limit), plot.bottom, plot.top);
  const slot = (plot.right - plot.left) / timeline.calls.length;
  const start = Date.parse(timeline.start);
  const timeOf = (bucket: number) =>
    new Date(start + bucket * timeline.bucketMinutes * 60_000).toISOString();
  const description = `${formatCount(total)} calls in ${formatCount(timeline.calls.length)} buckets of ${unit} from ${formatTimestamp(timeline.start)}; at most ${formatCount(peak)} in one.`;
  const bars = timeline.calls.map((calls, bucket) => {
    const top = y(calls);
    return html`<rect
      class="mark bar"
      data-value="${calls}"
      x="${px(plot.left + bucket * slot + slot * 0.1)}"
      y="${px(top)}"
      width="${px(Math.max(slot * 0.8, 0.5))}"
      height="${px(plot.bottom - top)}"
      ><title>${formatTimestamp(timeOf(bucket))}: ${formatCount(calls)} calls</title></rect
    >`;
  });
  const grid = y.ticks.map(
    (tick) =>
      html`<line
          class="grid"
          x1="${plot.left}"
          x2="${plot.right}"
          y1="${px(y(tick))}"
          y2="${px(y(tick))}"
        /><text class="axis" x="${plot.left - 6}" y="${px(y(tick) + 4)}" text-anchor="end"
          >${shortNumber(tick)}</text
        >`,
  );
  const minutes = timeline.calls.length * timeline.bucketMinutes;
  const limitLine = limit
    ? html`<line
          class="limit"
          x1="${plot.left}"
          x2="${plot.right}"
          y1="${px(y(limit))}"
          y2="${px(y(limit))}"
        /><text class="axis limit-label" x="${plot.right}" y="${px(y(limit) - 4)}" text-anchor="end"
          >rate limit ${formatCount(limit)}</text
        >`
    : '';
  const axis = html`<text class="axis" x="${plot.left}" y="${plot.bottom + 18}"
      >${formatTimestamp(timeline.start)}</text
    >
    <text class="axis" x="${plot.right}" y="${plot.bottom + 18}" text-anchor="end"
      >+${formatCount(minutes)} min</text
    >`;
  return chartFrame({
    id,
    title,
    description,
    svg: (labelledBy) =>
      svgElement({ id, description, ...size }, labelledBy, [grid, bars, limitLine, axis]),
    note: html`${formatCount(total)} calls; busiest ${unit}: ${formatCount(peak)}.`,
    table: dataTable(
      timeline.calls.map((calls, bucket) => ({ at: timeOf(bucket), calls })),
      [
        { header: 'From', cell: (row) => formatTimestamp(row.at), nowrap: true },
        { header: 'Calls', cell: (row) => formatCount(row.calls), numeric: true },
      ],
    ),
  });
}
