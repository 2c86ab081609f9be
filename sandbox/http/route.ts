import type { SandboxApp } from '../sandbox-config.js';
import type { WebhookEvent } from '../state/records.js';
import type { SandboxStore } from '../state/store.js';
import type { WorkspaceData } from '../state/workspace-state.js';
import type { PartnerWarning } from './body-reader.js';

export type Query = Record<string, string | string[] | undefined>;

/** What a signed request carries once its signature has been checked. */
export interface SignedContext {
  store: SandboxStore;
  app: SandboxApp;
  params: Record<string, string>;
  query: Query;
  /** The body parsed with exact numbers (`LosslessNumber`), or undefined when none was sent. */
  body: unknown;
  nowMs: number;
  /** ISO timestamp of "now" on the sandbox clock. */
  now: string;
  /** YYYY-MM-DD of "now" on the sandbox clock. */
  today: string;
}

/** A data request: signed, with a valid Bearer token scoped to `ws`. */
export interface RequestContext extends SignedContext {
  ws: WorkspaceData;
  /** Queues a webhook delivery for the subscriptions of this workspace. */
  emit(event: WebhookEvent, data: Record<string, unknown>): void;
}

/** A handler's answer; the server wraps it in the envelope. */
export interface RouteResult {
  status?: number;
  message?: string;
  data: Record<string, unknown>;
  warnings?: PartnerWarning[];
}

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface RouteBase {
  method: HttpMethod;
  /** Path under /partners in fastify syntax, e.g. "/customers/:uuid". */
  path: string;
}

export interface DataRoute extends RouteBase {
  kind?: 'data';
  /** Permission the app must hold (403 without it), e.g. manage_settings. */
  permission?: string;
  /** Report routes take no body: an empty body or the text `{}` only. */
  noBody?: boolean;
  handler(ctx: RequestContext): RouteResult;
}

export interface TokenRoute extends RouteBase {
  kind: 'token';
  handler(ctx: SignedContext): RouteResult;
}

export type PartnerRoute = DataRoute | TokenRoute;
