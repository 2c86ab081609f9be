import { stringifyJsonExact } from '../../src/json/exact-json.js';

/**
 * How a fault changes a 2xx answer the handler gave, the write itself applied in full: an answer
 * the client cannot read as the documented shape (docs/sandbox.md, "Fault injection").
 */
export interface AnswerAlteration {
  /** Fields removed from each record under `data` (each object value of `data`). */
  omitFields?: string[];
  /** Fields set on each record under `data`, replacing the handler's values. */
  setFields?: Record<string, unknown>;
  /** The whole body replaced by this text, which need not be JSON. */
  bodyText?: string;
}

/** A fault switched on at run time for the requests that match `method` and `path`. */
export interface FaultRule {
  method?: string;
  /** Exact path, or a prefix ending in '*' ("/partners/*"). The query string is not matched. */
  path: string;
  latencyMs?: number;
  /** Only the next `latencyCount` matching requests are delayed (every one when unset). */
  latencyCount?: number;
  /** Share of matching requests answered 500 before the handler runs, 0..1. */
  errorRate?: number;
  /** The next `count` matching requests get 429, whatever the limiter says. */
  burst429?: { count: number; retryAfterSeconds?: number | null };
  /** The next `count` matching requests are applied in full, then the socket is destroyed. */
  commitThenDrop?: { count: number };
  /** The next `count` matching requests answered 2xx are applied in full, their answer altered. */
  alterAnswer?: AnswerAlteration & { count: number };
  /**
   * Matching requests whose body holds one of these texts are refused with a 400 business_rule,
   * applying nothing: a refusal Ledgerlift cannot foresee from the exports (the workspace's own
   * rules), as long as the rule is set.
   */
  refuseBodiesWith?: string[];
  /** Seed of the errorRate draws, so a run can be replayed. */
  seed?: number;
}

/** What the injector decided for one request, before the handler runs. */
export interface FaultDecision {
  latencyMs: number;
  respond500: boolean;
  respond429: { retryAfterSeconds: number | null } | null;
  dropAfterCommit: boolean;
}

interface ActiveRule {
  rule: FaultRule;
  burstLeft: number;
  dropLeft: number;
  /** 2xx answers still to alter. */
  alterLeft: number;
  /** Delayed requests still to come; Infinity when the rule sets no count. */
  slowLeft: number;
  random: () => number;
}

/** mulberry32: a tiny seeded PRNG, enough for reproducible error shares. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const NO_FAULT: FaultDecision = {
  latencyMs: 0,
  respond500: false,
  respond429: null,
  dropAfterCommit: false,
};

/**
 * Holds the fault rules. Every matching rule applies, in the order they were set: latencies add
 * up, and the first rule that answers (500 or 429) wins. A rule with the same method and path as
 * an existing one replaces it.
 */
export class FaultInjector {
  private rules: ActiveRule[] = [];

  set(rule: FaultRule): void {
    validateRule(rule);
    const method = rule.method?.toUpperCase();
    this.rules = this.rules.filter(
      (active) => !(active.rule.path === rule.path && active.rule.method?.toUpperCase() === method),
    );
    this.rules.push({
      rule: { ...rule, method },
      burstLeft: rule.burst429?.count ?? 0,
      dropLeft: rule.commitThenDrop?.count ?? 0,
      alterLeft: rule.alterAnswer?.count ?? 0,
      slowLeft: rule.latencyCount ?? Infinity,
      random: rule.seed === undefined ? Math.random : seededRandom(rule.seed),
    });
  }

  clear(): void {
    this.rules = [];
  }

  list(): FaultRule[] {
    return this.rules.map((active) => active.rule);
  }

  decide(method: string, path: string): FaultDecision {
    if (this.rules.length === 0) return NO_FAULT;
    const decision: FaultDecision = { ...NO_FAULT };
    for (const active of this.rules) {
      const { rule } = active;
      if (rule.method && rule.method !== method) continue;
      if (!pathMatches(rule.path, path)) continue;
      if (rule.latencyMs && active.slowLeft > 0) {
        active.slowLeft -= 1;
        decision.latencyMs += rule.latencyMs;
      }
      const answered = decision.respond500 || decision.respond429 !== null;
      if (!answered && active.burstLeft > 0) {
        active.burstLeft -= 1;
        const retryAfter = rule.burst429?.retryAfterSeconds;
        decision.respond429 = { retryAfterSeconds: retryAfter === undefined ? 1 : retryAfter };
        continue;
      }
      if (!answered && rule.errorRate && active.random() < rule.errorRate) {
        decision.respond500 = true;
        continue;
      }
      if (!answered && !decision.dropAfterCommit && active.dropLeft > 0) {
        active.dropLeft -= 1;
        decision.dropAfterCommit = true;
      }
    }
    return decision;
  }

  /** The text that makes a matching request with this body refused, if a rule names one. */
  refusalFor(method: string, path: string, bodyText: string): string | undefined {
    for (const { rule } of this.rules) {
      if (rule.method && rule.method !== method) continue;
      if (!pathMatches(rule.path, path)) continue;
      const text = rule.refuseBodiesWith?.find((candidate) => bodyText.includes(candidate));
      if (text !== undefined) return text;
    }
    return undefined;
  }

  /**
   * The alteration of a 2xx answer to a matching request, from the first rule with alterations
   * left, which counts it. Asked only once the handler has answered 2xx, so a request refused
   * (a 429 from the limiter, a 400) does not use one up.
   */
  alterationFor(method: string, path: string): AnswerAlteration | undefined {
    for (const active of this.rules) {
      const { rule } = active;
      if (rule.method && rule.method !== method) continue;
      if (!pathMatches(rule.path, path) || active.alterLeft <= 0) continue;
      active.alterLeft -= 1;
      return rule.alterAnswer;
    }
    return undefined;
  }
}

/** The text of an answer `payload` (the envelope) as `alteration` changes it. */
export function alteredAnswerText(
  payload: Record<string, unknown>,
  alteration: AnswerAlteration,
): string {
  if (alteration.bodyText !== undefined) return alteration.bodyText;
  const { data } = payload;
  if (!isObject(data)) return stringifyJsonExact(payload);
  const records = Object.fromEntries(
    Object.entries(data).map(([key, value]) => [
      key,
      isObject(value) ? alteredRecord(value, alteration) : value,
    ]),
  );
  return stringifyJsonExact({ ...payload, data: records });
}

function alteredRecord(
  record: Record<string, unknown>,
  { omitFields = [], setFields = {} }: AnswerAlteration,
): Record<string, unknown> {
  const kept = Object.entries(record).filter(([field]) => !omitFields.includes(field));
  return { ...Object.fromEntries(kept), ...setFields };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function pathMatches(pattern: string, path: string): boolean {
  if (pattern.endsWith('*')) return path.startsWith(pattern.slice(0, -1));
  return pattern === path;
}

function validateRule(rule: FaultRule): void {
  if (
    rule.refuseBodiesWith !== undefined &&
    (!Array.isArray(rule.refuseBodiesWith) ||
      !rule.refuseBodiesWith.every((text) => typeof text === 'string' && text !== ''))
  ) {
    throw new RangeError('fault rule: refuseBodiesWith must list non-empty texts');
  }
  if (typeof rule.path !== 'string' || !rule.path.startsWith('/')) {
    throw new RangeError('fault rule: path must start with "/"');
  }
  if (rule.errorRate !== undefined && (rule.errorRate < 0 || rule.errorRate > 1)) {
    throw new RangeError('fault rule: errorRate must be between 0 and 1');
  }
  if (rule.latencyMs !== undefined && rule.latencyMs < 0) {
    throw new RangeError('fault rule: latencyMs must not be negative');
  }
  if (
    rule.latencyCount !== undefined &&
    (!Number.isInteger(rule.latencyCount) || rule.latencyCount < 0)
  ) {
    throw new RangeError('fault rule: latencyCount must be a whole number, 0 or more');
  }
  if (rule.alterAnswer !== undefined) validateAlteration(rule.alterAnswer);
}

function validateAlteration(alteration: AnswerAlteration & { count: number }): void {
  const { count, omitFields, setFields, bodyText } = alteration;
  if (!Number.isInteger(count) || count < 0) {
    throw new RangeError('fault rule: alterAnswer.count must be a whole number, 0 or more');
  }
  if (
    omitFields !== undefined &&
    (!Array.isArray(omitFields) || omitFields.some((field) => typeof field !== 'string'))
  ) {
    throw new RangeError('fault rule: alterAnswer.omitFields must be a list of field names');
  }
  if (setFields !== undefined && !isObject(setFields)) {
    throw new RangeError('fault rule: alterAnswer.setFields must be an object');
  }
  if (bodyText !== undefined && typeof bodyText !== 'string') {
    throw new RangeError('fault rule: alterAnswer.bodyText must be text');
  }
}
