/**
 * The secrets this client has handled (client secret, tokens, signatures, authorization codes),
 * so that any text quoted from elsewhere, an API error body above all, can be scrubbed of them
 * before it becomes an error message. Nothing the client writes itself ever contains them; this is
 * the second line of defence for what the server echoes back.
 *
 * Long-lived secrets (the client secret, refresh and access tokens) are kept for the client's life:
 * a server may echo them at any time. Only per-request ones (signatures, codes) age out, so that a
 * busy client's list stays bounded.
 */
export class SecretRegistry {
  private readonly recent: string[] = [];
  private readonly longLived = new Set<string>();

  /** @param capacity How many recent per-request secrets to remember (old signatures age out). */
  constructor(private readonly capacity = 256) {}

  /**
   * Remembers `secret` (ignores values too short to be secrets, which would over-redact). A
   * long-lived one never ages out; a per-request one is among the `capacity` most recent.
   */
  add(secret: string | undefined, options: { longLived?: boolean } = {}): void {
    if (secret === undefined || secret.length < 8) return;
    if (options.longLived) {
      this.longLived.add(secret);
      return;
    }
    if (this.longLived.has(secret)) return;
    const existing = this.recent.indexOf(secret);
    if (existing !== -1) this.recent.splice(existing, 1);
    this.recent.push(secret);
    if (this.recent.length > this.capacity) this.recent.shift();
  }

  /** `text` with every remembered secret replaced by `[redacted]`. */
  redact(text: string): string {
    let result = text;
    for (const secret of [...this.longLived, ...this.recent]) {
      if (result.includes(secret)) result = result.split(secret).join('[redacted]');
    }
    return result;
  }
}
