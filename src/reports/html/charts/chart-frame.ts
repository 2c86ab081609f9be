import { html, type HtmlValue, type SafeHtml } from '../escape.js';

export interface ChartFrame {
  /** The figure's id, and the prefix of its title and description ids. */
  id: string;
  title: string;
  /** What the chart shows, in one or two sentences: read by screen readers as the SVG's desc. */
  description: string;
  /** The drawing; undefined when there is nothing to draw, and `empty` says why. */
  svg?: (labelledBy: string) => SafeHtml;
  /** The figures behind the chart, shown on request. */
  table?: HtmlValue;
  /** Said instead of a drawing when there is no data. */
  empty?: string;
  /** A legend or a short note under the chart. */
  note?: HtmlValue;
}

/**
 * A chart as a figure: a heading, the SVG (its own title and description for screen readers), a
 * note, and the figures as a table behind a disclosure. With no data, a sentence replaces the SVG.
 */
export function chartFrame(chart: ChartFrame): SafeHtml {
  const titleId = `${chart.id}-title`;
  const drawing = chart.svg
    ? chart.svg(`${titleId} ${chart.id}-desc`)
    : html`<p class="chart-empty">${chart.empty ?? 'No data.'}</p>`;
  return html`<figure class="chart" id="${chart.id}" aria-labelledby="${titleId}">
    <figcaption class="chart-title" id="${titleId}">${chart.title}</figcaption>
    ${drawing} ${chart.note ? html`<div class="chart-note">${chart.note}</div>` : ''}
    ${
      chart.table && chart.svg
        ? html`<details class="chart-data">
            <summary>The figures</summary>
            ${chart.table}
          </details>`
        : ''
    }
  </figure>`;
}

/** The SVG element every chart uses: scales to its box, labelled by the figure's title. */
export function svgElement(
  chart: { id: string; description: string; width: number; height: number },
  labelledBy: string,
  content: HtmlValue,
): SafeHtml {
  return html`<svg
    class="chart-svg"
    viewBox="0 0 ${chart.width} ${chart.height}"
    role="img"
    aria-labelledby="${labelledBy}"
    xmlns="http://www.w3.org/2000/svg"
  >
    <desc id="${chart.id}-desc">${chart.description}</desc>
    ${content}
  </svg>`;
}
