import { html, type SafeHtml } from './escape.js';
import type { Tone } from './labels.js';

/**
 * A status word with an icon. The icon is decoration for sighted readers (hidden from screen
 * readers); the word carries the meaning, so print in black and white loses nothing.
 */
export function chip(status: { icon: string; label: string; tone: Tone }): SafeHtml {
  return html`<span class="chip tone-${status.tone}"
    ><span class="icon" aria-hidden="true">${status.icon}</span> ${status.label}</span
  >`;
}
