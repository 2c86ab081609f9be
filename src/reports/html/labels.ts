import type { RunPhase } from '../../migration/contracts/workflow-types.js';

/** "opening-balance" becomes "Opening balance": step names as headings. */
export function stepLabel(step: string): string {
  const words = step.replace(/-/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * How each phase reads in the status line. The icon and the word carry the meaning, so the status
 * survives printing in black and white and readers who do not see colour; `tone` only adds colour.
 */
export const phaseStatus: Record<RunPhase, { icon: string; label: string; tone: Tone }> = {
  staging: { icon: '…', label: 'Reading the exports', tone: 'neutral' },
  blocked: { icon: '✗', label: 'Blocked', tone: 'bad' },
  migrating: { icon: '…', label: 'Migrating', tone: 'neutral' },
  verifying: { icon: '…', label: 'Verifying the books', tone: 'neutral' },
  reporting: { icon: '…', label: 'Writing the report', tone: 'neutral' },
  'awaiting-operator': { icon: '‖', label: 'Waiting for the operator', tone: 'warn' },
  replaying: { icon: '…', label: 'Replaying failed rows', tone: 'neutral' },
  paused: { icon: '‖', label: 'Paused', tone: 'warn' },
  completed: { icon: '✓', label: 'Completed', tone: 'good' },
  'needs-review': { icon: '!', label: 'Needs review', tone: 'warn' },
};

export type Tone = 'good' | 'warn' | 'bad' | 'neutral';

export const severityStatus: Record<
  'error' | 'warning' | 'info',
  { icon: string; label: string; tone: Tone }
> = {
  error: { icon: '✗', label: 'Error', tone: 'bad' },
  warning: { icon: '!', label: 'Warning', tone: 'warn' },
  info: { icon: 'i', label: 'Info', tone: 'neutral' },
};

/** Whose figures were compared with the target. */
export const verificationSourceLabel: Record<'workspace' | 'projection', string> = {
  workspace: "The workspace's reports",
  projection: 'The projected books (dry run: nothing was written)',
};
