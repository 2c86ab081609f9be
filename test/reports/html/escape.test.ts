import { describe, expect, it } from 'vitest';
import { escapeHtml, html, trustedCss } from '../../../src/reports/html/escape.js';

describe('html templates', () => {
  it('escapes interpolated text for content and attributes alike', () => {
    expect(escapeHtml(`<a href="x">Tom & Jerry's</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;',
    );
    const value = `" onmouseover="alert(1)`;
    expect(html`<td title="${value}">${value}</td>`.toString()).toBe(
      '<td title="&quot; onmouseover=&quot;alert(1)">&quot; onmouseover=&quot;alert(1)</td>',
    );
  });

  it('nests templates without escaping them twice, and renders lists and absent values', () => {
    const cells = ['a&b', 'c'].map((text) => html`<td>${text}</td>`);
    // Prettier reflows `html` templates (whitespace-safely); an alias keeps this one byte-exact.
    const markup = html;
    expect(markup`<tr>${cells}${null}${undefined}${false}${0}</tr>`.toString()).toBe(
      '<tr><td>a&amp;b</td><td>c</td>0</tr>',
    );
  });

  it('refuses a stylesheet that could close its element', () => {
    expect(() => trustedCss('body{} </style><script>')).toThrow(/must not contain/);
  });
});
