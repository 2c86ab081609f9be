import { z } from 'zod';
import { isRecord, parseShape, type SuccessEnvelope } from '../envelope.js';
import type { CallOptions } from '../request-executor.js';
import type { WriteResult } from '../schemas/common.js';
import {
  openingBalanceSchema,
  openingBalanceSetSchema,
  workspaceSchema,
  type OpeningBalance,
  type OpeningBalanceSet,
  type Workspace,
} from '../schemas/opening-balance-schema.js';
import { encodeBody, type RouteKit } from '../request-executor.js';

const cutoverSchema = z.object({ cutoverDate: z.iso.date() });

/** Workspace settings the migration needs: its currency and country, and the cutover date. */
export function workspaceRoutes(kit: RouteKit) {
  return {
    /** The workspace: its currency and country among them (GET /partners/workspace, R32). */
    get(options?: CallOptions): Promise<Workspace> {
      return kit.get(
        '/workspace',
        (envelope) => keyedWrite(workspaceSchema, 'workspace')(envelope).data,
        options,
      );
    },

    /**
     * Sets the cutover date (YYYY-MM-DD), the first day of activity in the workspace; the opening
     * balance journal is dated there and holds the legacy balances as at the day before (R8).
     */
    setCutoverDate(cutoverDate: string, options?: CallOptions): Promise<WriteResult<Workspace>> {
      return kit.write(
        'PATCH',
        '/workspace',
        encodeBody(cutoverSchema, { cutoverDate }, 'cutover date'),
        keyedWrite(workspaceSchema, 'workspace'),
        options,
      );
    },
  };
}

/** The opening balance (draft and publish in one call). */
export function openingBalanceRoutes(kit: RouteKit) {
  return {
    get(options?: CallOptions): Promise<OpeningBalance> {
      return kit.get(
        '/opening-balance',
        (envelope) => keyedWrite(openingBalanceSchema, 'openingBalance')(envelope).data,
        options,
      );
    },

    /**
     * Drafts and publishes balanced rows (debit and credit as money strings, sent as two-place
     * string decimals). Without `replaceExisting`, an existing balance gives 409.
     */
    set(body: OpeningBalanceSet, options?: CallOptions): Promise<WriteResult<OpeningBalance>> {
      return kit.write(
        'POST',
        '/opening-balance',
        encodeBody(openingBalanceSetSchema, body, 'opening balance'),
        keyedWrite(openingBalanceSchema, 'openingBalance'),
        options,
      );
    },
  };
}

/** Reads `data[key]` when present, else `data` itself: these records carry no `id` to spot them by. */
function keyedWrite<S extends z.ZodType>(
  schema: S,
  key: string,
): (envelope: SuccessEnvelope) => WriteResult<z.output<S>> {
  return (envelope) => {
    const { data } = envelope;
    const record = isRecord(data) && isRecord(data[key]) ? data[key] : data;
    return { data: parseShape(schema, record, `the ${key}`), warnings: envelope.warnings };
  };
}

export type WorkspaceRoutes = ReturnType<typeof workspaceRoutes>;
export type OpeningBalanceRoutes = ReturnType<typeof openingBalanceRoutes>;
