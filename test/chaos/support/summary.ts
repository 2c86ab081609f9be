import { appendFileSync } from 'node:fs';

/**
 * One line per chaos test with its numbers ("CHAOS SUMMARY worker-crash: 11 kills across 9
 * steps, 0 duplicates, 0 gaps"), printed, and appended to CHAOS_SUMMARY_FILE when set, so the
 * figures in docs/reliability.md come from a real run.
 */
export function summary(test: string, figures: Record<string, unknown>): void {
  const text = Object.entries(figures)
    .map(([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join(' ');
  const line = `CHAOS SUMMARY ${test}: ${text}`;
  console.log(line);
  const file = process.env.CHAOS_SUMMARY_FILE;
  if (file) appendFileSync(file, `${line}\n`);
}
