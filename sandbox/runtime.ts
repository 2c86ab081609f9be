import { RateLimiter } from './auth/rate-limiter.js';
import { SandboxClock } from './clock.js';
import type { SandboxConfig } from './sandbox-config.js';
import { FaultInjector } from './faults/fault-injector.js';
import { RequestLog } from './http/request-log.js';
import { SandboxStore } from './state/store.js';
import { WebhookDispatcher } from './webhooks/dispatcher.js';

/** Everything one running sandbox holds: configuration, clock, state and the run-time switches. */
export class SandboxRuntime {
  readonly clock = new SandboxClock();
  readonly store: SandboxStore;
  readonly limiter: RateLimiter;
  readonly faults = new FaultInjector();
  readonly requestLog = new RequestLog();
  readonly webhooks: WebhookDispatcher;
  /** The limit the sandbox started with: an admin may change `config.limits`, and reset restores it. */
  private readonly configuredRequestsPerWindow: number | null;

  constructor(readonly config: SandboxConfig) {
    this.configuredRequestsPerWindow = config.limits.requestsPerWindow;
    this.store = new SandboxStore(config, this.clock);
    this.limiter = new RateLimiter(() => config.limits);
    this.webhooks = new WebhookDispatcher(this.clock, () => config.limits);
  }

  appById(clientId: string) {
    return this.config.apps.find((app) => app.clientId === clientId);
  }

  /** Back to the seeded state: data, tokens, limit and limiter, faults, clock offset and logs. */
  reset(): void {
    this.store.reset();
    this.config.limits.requestsPerWindow = this.configuredRequestsPerWindow;
    this.limiter.clear();
    this.faults.clear();
    this.clock.setOffsetSeconds(0);
    this.requestLog.clear();
    this.webhooks.clear();
  }
}
