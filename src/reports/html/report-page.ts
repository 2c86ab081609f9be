import { html, trustedCss, type SafeHtml } from './escape.js';
import { reportCss } from './styles.js';

/**
 * The self-contained page every report is (the run's and the undo's): inline stylesheet, no
 * scripts, no external resources, so it opens from a folder or an email and prints the same way.
 */
export function reportPage(title: string, main: SafeHtml, footer: SafeHtml): string {
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="generator" content="Ledgerlift" />
        <title>${title}</title>
        <style>
          ${trustedCss(reportCss)}
        </style>
      </head>
      <body>
        <main>${main}</main>
        <footer class="page-footer">${footer}</footer>
      </body>
    </html> `.toString();
}
