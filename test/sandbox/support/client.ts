/* eslint-disable @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-member-access -- contract tests assert on untyped JSON response bodies */
import { request } from 'undici';
import { parseJsonWithDecimalStrings } from '../../../src/json/exact-json.js';
import { signatureFor } from './signing.js';

export interface ApiResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  /** The body parsed without floats: money arrives as its exact decimal text ("150.00"). */
  body: ApiBody;
}

/** Loosely typed JSON, for assertions. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type ApiBody = any;

export interface CallOptions {
  /** Bearer token; null sends none. Defaults to the client's token. */
  token?: string | null;
  /** Unix seconds to sign with (default: now + the client's clock offset). */
  timestamp?: number;
  /** Path to sign instead of the real one (to prove what is and is not signed). */
  signPath?: string;
  /** Secret to sign with instead of the client's. */
  secret?: string;
  /** Replace the computed signature. */
  signature?: string;
  /** Send no signature headers at all. */
  unsigned?: boolean;
  headers?: Record<string, string>;
}

/** A minimal signed client for the contract tests (independent of src/partner-api). */
export class SandboxTestClient {
  token: string | null = null;
  /** Seconds added to the local clock when signing (mirrors admin.setClockOffsetSeconds). */
  clockOffsetSeconds = 0;

  constructor(
    readonly baseUrl: string,
    readonly clientId: string,
    readonly clientSecret: string,
  ) {}

  /** Calls `/partners${path}`; `body` is sent as-is when a string, else as JSON. */
  async call(
    method: string,
    path: string,
    body?: unknown,
    options: CallOptions = {},
  ): Promise<ApiResponse> {
    const text = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
    const timestamp = String(
      options.timestamp ?? Math.floor(Date.now() / 1000) + this.clockOffsetSeconds,
    );
    const pathOnly = path.split('?')[0]!;
    const { signature } = signatureFor({
      secret: options.secret ?? this.clientSecret,
      method,
      path: options.signPath ?? pathOnly,
      timestamp,
      body: text,
    });
    const headers: Record<string, string> = {};
    if (!options.unsigned) {
      headers['x-client-id'] = this.clientId;
      headers['x-timestamp'] = timestamp;
      headers['x-signature'] = options.signature ?? signature;
    }
    const token = options.token === undefined ? this.token : options.token;
    if (token) headers.authorization = `Bearer ${token}`;
    if (text !== '') headers['content-type'] = 'application/json';
    Object.assign(headers, options.headers);
    const response = await request(`${this.baseUrl}/partners${path}`, {
      method: method as 'GET',
      headers,
      body: text === '' ? undefined : text,
    });
    const responseText = await response.body.text();
    let parsed: ApiBody = null;
    try {
      parsed = responseText ? parseJsonWithDecimalStrings(responseText) : null;
    } catch {
      parsed = null;
    }
    return {
      status: response.statusCode,
      headers: response.headers,
      text: responseText,
      body: parsed,
    };
  }

  get(path: string, options?: CallOptions) {
    return this.call('GET', path, undefined, options);
  }

  post(path: string, body?: unknown, options?: CallOptions) {
    return this.call('POST', path, body, options);
  }

  patch(path: string, body?: unknown, options?: CallOptions) {
    return this.call('PATCH', path, body, options);
  }

  put(path: string, body?: unknown, options?: CallOptions) {
    return this.call('PUT', path, body, options);
  }

  delete(path: string, options?: CallOptions) {
    return this.call('DELETE', path, undefined, options);
  }

  /** Calls and asserts the status, returning `data` (throws with the body for a readable failure). */
  async expect(
    status: number,
    method: string,
    path: string,
    body?: unknown,
    options?: CallOptions,
  ): Promise<ApiBody> {
    const response = await this.call(method, path, body, options);
    if (response.status !== status) {
      throw new Error(
        `${method} ${path}: expected ${status}, got ${response.status}: ${response.text}`,
      );
    }
    return response.body?.data;
  }
}
