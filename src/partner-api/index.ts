/**
 * The Partner Accounting API client: the only way Ledgerlift talks to the API. See
 * docs/partner-api-client.md for configuration, the error taxonomy, tokens and the credential store.
 */
export { createPartnerApiClient } from './client.js';
export type { PartnerApiClient, PartnerApiClientOptions } from './client.js';
export { SecretRegistry } from './secret-registry.js';
export { runConsentFlow, consentUrl } from './consent/consent-flow.js';
export type { ConsentFlowOptions, ConsentFlowResult } from './consent/consent-flow.js';
export { ConsentFlowError } from './consent/loopback-callback.js';
export { resolveConnection } from './config.js';
export * from './errors.js';
export type { PartnerApiLogEvent } from './logger.js';
export { splitIntoBatches } from './bulk.js';
export { collect, paginate } from './pagination.js';
export type { Page } from './pagination.js';
export { scanNewestFirst } from './find.js';
export { signRequest, signingBaseString, bodyHashOf, signedPathOf } from './signing.js';
export type { Account } from './schemas/accounts-schema.js';
