import { aboutDuration } from '../../migration/contracts/shown-figures.js';
import { html, type SafeHtml } from './escape.js';

/** "about 45 min", or "under 1 min" (never "about under 1 min"), the figure in bold. */
export function aboutMinutes(minutes: number): SafeHtml {
  const text = aboutDuration(minutes * 60);
  const about = 'about ';
  return text.startsWith(about)
    ? html`about <strong>${text.slice(about.length)}</strong>`
    : html`<strong>${text}</strong>`;
}
