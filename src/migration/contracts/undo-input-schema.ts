// Pure (zod is plain JavaScript): the undo workflow checks its own input with this, since one
// started from the Temporal Web UI reaches it unchecked.
import { z } from 'zod';
import { MAX_RUN_WEIGHT, MIN_RUN_WEIGHT } from './fair-share.js';
import { RUN_NAME_PATTERN } from './run-name.js';
import { stepNames } from './steps.js';
import type { UndoInput } from './undo-types.js';

/** Bounds the units one undo execution starts: its history stays well under Temporal's limits. */
const MAX_UNDO_UNITS_PER_RUN = 2_000;

const undoInputSchema = z
  .object({
    runName: z
      .string()
      .regex(RUN_NAME_PATTERN, 'must be a run name (letters, digits, ".", "_", "-")'),
    profile: z.string().min(1).max(128),
    mode: z.enum(['dry-run', 'live']),
    steps: z.array(z.enum(stepNames)).min(1).max(stepNames.length).optional(),
    weight: z.number().min(MIN_RUN_WEIGHT).max(MAX_RUN_WEIGHT).optional(),
    unitsPerRun: z.number().int().min(1).max(MAX_UNDO_UNITS_PER_RUN).optional(),
  })
  .strict();

export type UndoInputCheck = { ok: true; input: UndoInput } | { ok: false; message: string };

/** The input, or what to fix in words the operator can act on. */
export function checkUndoInput(value: unknown): UndoInputCheck {
  const parsed = undoInputSchema.safeParse(value);
  if (parsed.success) return { ok: true, input: parsed.data };
  const problems = parsed.error.issues.slice(0, 10).map((issue) => {
    const field = issue.path.map(String).join('.') || 'input';
    if (issue.code === 'unrecognized_keys')
      return `${issue.keys.join(', ')}: not a setting of an undo, remove it.`;
    return `${field} ${issue.message}.`;
  });
  return { ok: false, message: `The undo input is invalid: ${problems.join(' ')}` };
}
