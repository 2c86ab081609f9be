import type { RunStore } from '../../run-store/run-store.js';
import { noteCall, type CallNote } from '../call-log/capture-calls.js';
import type { UnitInput, UnitResult } from '../contracts/workflow-types.js';
import {
  answeredAndApplied,
  mayHaveApplied,
  refusalOf,
  RetryableCallError,
} from '../engine/call-failure.js';
import type { EngineDeps } from '../engine/engine.js';
import { openUnit } from './open-unit.js';
import { isSuccess, type RowOutcome } from '../outcomes/row-outcome.js';
import { lateByMs, REQUEUE_DELAY_MS, type SendWindow } from './send-deadline.js';
import { needsReconciliation, settleDelayMs, type UnitAttempt } from './unit-attempt.js';

/**
 * Executes one unit: exactly one API call in a live run, a prediction in a dry run.
 *
 * Rows already settled (by an earlier attempt, a reconciliation or another run) are left out. If an
 * earlier attempt may have committed, nothing is sent: the caller reconciles first and calls again.
 * Rows fail with the API's reason when it refused them; any other failure throws, and unless the
 * client's error proves the call was not applied, the attempt is left ambiguous: whatever fails
 * after the send (an answer Ledgerlift cannot read, a bug reading it) never sends a row twice.
 *
 * With a send window (the paced API activity passes one), a call whose run-store work before the
 * send outlasted it is not sent: the unit goes back to the queue (src/migration/sending/send-deadline.ts).
 */
export async function executeUnit(
  deps: EngineDeps,
  input: UnitInput,
  sendWindow?: SendWindow,
): Promise<UnitResult> {
  const { store, handler, log, view, attemptKey, attempt, context, pending } = await openUnit(
    deps,
    input,
  );
  if (pending.length === 0) {
    return { kind: 'done', rows: { done: 0, failed: 0, skipped: 0 }, calls: 0 };
  }
  // A call of this unit, or of an earlier unit that gave up on these rows, may have been applied.
  // Asked of a live write only: a dry run sends nothing, and this looked up every row again.
  const mayExist = () =>
    needsReconciliation(attempt) ||
    (attempt?.state !== 'reconciled' &&
      pending.some((row) => view.get(row.entity, row.key)?.maybeApplied));
  if (input.scope.mode === 'live' && !handler.idempotent && mayExist()) {
    const settleMs = settleDelayMs(attempt, deps.ambiguousSettleMs, deps.now());
    if (settleMs > 0) {
      throw new RetryableCallError(
        'AmbiguousWrite',
        `an earlier call of this unit may still be applied; looking for its rows in ${Math.ceil(settleMs / 1000)} s`,
        settleMs,
      );
    }
    await store.putDocument(attemptKey, {
      attempts: attempt?.attempts ?? 0,
      ...(attempt?.firstStartedAt ? { firstStartedAt: attempt.firstStartedAt } : {}),
      state: 'reconciled',
    } satisfies UnitAttempt);
    // Counted over all the unit's rows: each lookup keeps its index while rows get settled.
    return { kind: 'reconcile', lookups: handler.lookups(context.unitRows ?? pending) };
  }

  const prepared = handler.prepare(context, pending);
  await log.append(prepared.failed);
  const finish = (outcomes: RowOutcome[], calls: number): UnitResult => {
    const all = [...prepared.failed, ...outcomes];
    const succeededRows = rowsOf(outcomes.filter(isSuccess));
    const succeeded = prepared.sent.filter((row) => succeededRows.has(rowId(row)));
    return {
      kind: 'done',
      rows: {
        done: handler.recordsFinished
          ? handler.recordsFinished(context, succeeded)
          : succeeded.length,
        failed: all.filter((o) => o.status === 'failed').length,
        skipped: all.filter((o) => o.status === 'skipped').length,
      },
      calls,
    };
  };
  if (prepared.request === undefined || prepared.sent.length === 0) return finish([], 0);

  if (input.scope.mode === 'dry-run') {
    const predicted = handler.predict(context, prepared.sent);
    await log.append(predicted);
    return finish(predicted, 1);
  }

  const startedAt = deps.now().toISOString();
  await store.putDocument(attemptKey, {
    state: 'sending',
    attempts: (attempt?.attempts ?? 0) + 1,
    firstStartedAt: attempt?.firstStartedAt ?? startedAt,
    lastSentAt: startedAt,
  } satisfies UnitAttempt);
  // Checked after the intent is stored, the last run-store write before the send.
  const lateMs = lateByMs(sendWindow, deps.now().getTime());
  if (lateMs > 0) {
    // Nothing was sent: the attempt is as it was, so the next one sends without reconciling. If
    // this write fails, "sending" stays and the next attempt reconciles first, which is safe too.
    await store.putDocument(
      attemptKey,
      attempt ?? ({ state: 'not-sent', attempts: 0 } satisfies UnitAttempt),
    );
    throw new RetryableCallError(
      'StalledBeforeSend',
      `the run store held this call ${Math.ceil(lateMs / 1000)} s past its turn; it goes back to the paced queue`,
      REQUEUE_DELAY_MS,
    );
  }
  const api = await deps.api(input.scope.profile);
  let outcomes: RowOutcome[];
  try {
    const written = await handler.send(api, prepared.request);
    outcomes = handler.interpret(context, written, prepared.sent);
    noteCall(noteOf(prepared.sent.length, outcomes));
  } catch (error) {
    noteCall(noteOf(prepared.sent.length, []));
    const refusal = refusalOf(error);
    await settleFailure(store, attemptKey, error, refusal !== undefined);
    // Not refused: the error goes to the activity boundary as is, and Temporal retries; the attempt
    // record says whether the retry looks for the rows before it sends.
    if (refusal === undefined) throw error;
    outcomes = prepared.sent.map((row) => ({
      entity: row.entity,
      key: row.key,
      status: 'failed',
      code: refusal.code,
      reason: refusal.reason,
      step: input.unit.step,
      phase: input.unit.phase,
      unit: context.unitId,
      ...(row.location ? { location: row.location } : {}),
    }));
  }
  outcomes = outcomes.map((outcome) => ({ ...outcome, sentAt: startedAt }));
  await log.append(outcomes);
  const answeredRows = rowsOf(outcomes);
  const unanswered = prepared.sent.filter((row) => !answeredRows.has(rowId(row)));
  await store.putDocument(attemptKey, {
    state: unanswered.length > 0 ? 'ambiguous' : 'done',
    attempts: (attempt?.attempts ?? 0) + 1,
    firstStartedAt: attempt?.firstStartedAt ?? startedAt,
    lastSentAt: startedAt,
  } satisfies UnitAttempt);
  if (unanswered.length > 0) {
    // The answer did not account for every row: some may exist. Reconcile before sending again.
    throw new RetryableCallError(
      'AmbiguousWrite',
      `the API's answer did not mention ${unanswered.length} of ${prepared.sent.length} rows`,
    );
  }
  return finish(outcomes, 1);
}

/**
 * Records what a failed call means for the unit: done when the API refused the rows (they fail
 * with its reason), not sent when the client proved it was not applied, else ambiguous: reconcile
 * before sending again (src/migration/engine/call-failure.ts).
 */
async function settleFailure(
  store: RunStore,
  attemptKey: string,
  error: unknown,
  refused: boolean,
): Promise<void> {
  const attempt = (await store.getDocument<UnitAttempt>(attemptKey)) as UnitAttempt;
  const state: UnitAttempt['state'] = refused
    ? 'done'
    : mayHaveApplied(error)
      ? 'ambiguous'
      : 'not-sent';
  const answered = state === 'ambiguous' && answeredAndApplied(error);
  await store.putDocument(attemptKey, {
    ...attempt,
    state,
    ...(answered ? { answered: true as const } : {}),
  } satisfies UnitAttempt);
}

/** A row's identity in the outcome log: its entity and key. */
function rowId(row: { entity: string; key: string }): string {
  return `${row.entity}\u0000${row.key}`;
}

/**
 * The rows some outcomes are about, for matching sent rows to them. A set, not a search per row:
 * the invoices step's reclassify-tax unit carries a month of invoices (tens of thousands of rows at
 * the large benchmark size), and a search per row makes its prediction quadratic.
 */
function rowsOf(outcomes: readonly RowOutcome[]): Set<string> {
  return new Set(outcomes.map(rowId));
}

const WORKSPACE_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * What the call log keeps of a write's answer: the rows sent, the UUIDs it produced, and the fields
 * it warned about. A warning's message can quote a customer's values, so only its field is kept
 * ("field: message" in the outcome, src/migration/handlers/outcomes.ts).
 */
function noteOf(rowsSent: number, outcomes: readonly RowOutcome[]): CallNote {
  const ids = new Set<string>();
  const warnings = new Set<string>();
  for (const outcome of outcomes) {
    // Some phases record a marker ("applied", "published") where no record is created.
    if (outcome.id && isSuccess(outcome) && WORKSPACE_UUID.test(outcome.id)) ids.add(outcome.id);
    for (const warning of outcome.warnings ?? []) warnings.add(warning.split(': ')[0] ?? '');
  }
  return { rowsSent, ids: [...ids], warnings: [...warnings].filter((field) => field !== '') };
}
