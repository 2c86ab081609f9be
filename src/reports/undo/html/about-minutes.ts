import { html, type SafeHtml } from '../../html/escape.js';
import { formatMinutes } from '../../html/format.js';

/** "about 45 min", or "under 1 min" (never "about under 1 min"), the figure in bold. */
export function aboutMinutes(minutes: number): SafeHtml {
  const text = formatMinutes(minutes);
  return text === 'under 1 min' || text === '0 min' || text === 'unknown'
    ? html`<strong>${text}</strong>`
    : html`about <strong>${text}</strong>`;
}
