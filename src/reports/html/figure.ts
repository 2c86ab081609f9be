import { html, type SafeHtml } from './escape.js';
import { formatCount } from './format.js';

/** One count in a summary card's figures, flagged by tone when it is not zero. */
export function figure(label: string, value: number, tone?: 'bad' | 'warn'): SafeHtml {
  const flagged = tone && value > 0;
  return html`<div class="${flagged ? `figure tone-${tone}` : 'figure'}">
    <dt>${label}</dt>
    <dd>${formatCount(value)}</dd>
  </div>`;
}
