import { lineText } from '../../migration/contracts/line-text.js';

/**
 * HTML built from `html` templates: every interpolated value is escaped unless it is itself
 * `SafeHtml`, so customer data (names, reasons, file names) can never inject markup, nor (through
 * `lineText`) a control character: a right-to-left override in an account name would otherwise
 * reverse the figures printed after it on a page that is signed.
 */
export class SafeHtml {
  private constructor(private readonly text: string) {}

  /** Wraps markup written by us, never by data: template literals and the stylesheet. */
  static trusted(text: string): SafeHtml {
    return new SafeHtml(text);
  }

  toString(): string {
    return this.text;
  }
}

/** Values an `html` template accepts; `null`, `undefined` and `false` render nothing. */
export type HtmlValue =
  SafeHtml | string | number | null | undefined | false | readonly HtmlValue[];

const entities: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes text for element content and quoted attribute values alike. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => entities[char] ?? char);
}

function render(value: HtmlValue): string {
  if (value === null || value === undefined || value === false) return '';
  if (value instanceof SafeHtml) return value.toString();
  if (Array.isArray(value)) return (value as readonly HtmlValue[]).map(render).join('');
  return escapeHtml(lineText(String(value)));
}

/** Tagged template: `html\`<td>${name}</td>\`` escapes `name`. */
export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): SafeHtml {
  let out = strings[0] ?? '';
  values.forEach((value, index) => {
    out += render(value) + (strings[index + 1] ?? '');
  });
  return SafeHtml.trusted(out);
}

/** Our own stylesheet, placed inside `<style>`; it must not close the element early. */
export function trustedCss(css: string): SafeHtml {
  if (css.includes('</')) throw new Error('a stylesheet must not contain "</"');
  return SafeHtml.trusted(css);
}
