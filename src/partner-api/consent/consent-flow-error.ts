/** Why the consent flow did not produce an authorization code. */
export type ConsentFailure =
  /** The user pressed Deny (`error=access_denied`) or the server sent another OAuth error. */
  | 'denied'
  /** The redirect carried a `state` other than ours: possibly forged, so the code is not used. */
  | 'state_mismatch'
  /** The redirect carried neither a code nor an error. */
  | 'missing_code'
  /** Nobody completed the consent in time. */
  | 'timeout'
  /** The caller cancelled. */
  | 'aborted'
  /** The loopback port could not be opened. */
  | 'listen_failed';

/** The consent flow failed before the code exchange (exchange failures are PartnerApi errors). */
export class ConsentFlowError extends Error {
  override readonly name = 'ConsentFlowError';
  constructor(
    message: string,
    readonly failure: ConsentFailure,
  ) {
    super(message);
  }
}
