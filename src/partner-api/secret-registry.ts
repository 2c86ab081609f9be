/**
 * The secrets this client has handled (client secret, tokens, signatures, authorization codes),
 * so that any text quoted from elsewhere, an API error body above all, can be scrubbed of them
 * before it becomes an error message. Nothing the client writes itself ever contains them; this is
 * the second line of defence for what the server echoes back.
 */
export class SecretRegistry {
  private readonly secrets: string[] = [];

  /** @param capacity How many recent secrets to remember (old signatures age out). */
  constructor(private readonly capacity = 256) {}

  /** Remembers `secret` (ignores values too short to be secrets, which would over-redact). */
  add(secret: string | undefined): void {
    if (secret === undefined || secret.length < 8) return;
    const existing = this.secrets.indexOf(secret);
    if (existing !== -1) this.secrets.splice(existing, 1);
    this.secrets.push(secret);
    if (this.secrets.length > this.capacity) this.secrets.shift();
  }

  /** `text` with every remembered secret replaced by `[redacted]`. */
  redact(text: string): string {
    let result = text;
    for (const secret of this.secrets) {
      if (result.includes(secret)) result = result.split(secret).join('[redacted]');
    }
    return result;
  }
}
