/**
 * Why a model request failed, as a value: providers map their transport's and API's failures
 * onto this closed union, and the loop's retry plan and the front ends' messages read it.
 */

/**
 * `auth` (the key or token), `permission`, `billing` (a spend limit), `not_found` (the model),
 * `too_large` (the request), `client` (another refusal of the request) are final; `rate_limit`,
 * `overloaded`, `server` and `connection` are retried unless the provider said otherwise
 * (`retryable`); `aborted` is the user's.
 */
export type ModelErrorKind =
  | 'rate_limit'
  | 'overloaded'
  | 'server'
  | 'connection'
  | 'aborted'
  | 'client'
  | 'auth'
  | 'permission'
  | 'billing'
  | 'not_found'
  | 'too_large';

export interface ModelError {
  kind: ModelErrorKind;
  status?: number;
  /** How long the provider asked us to wait before trying again. */
  retryAfterMs?: number;
  /** The provider's own verdict when it gave one; wins over the kind's default. */
  retryable?: boolean;
  /** The provider's error type (`overloaded_error`, ...) when it sent one. */
  type?: string;
  /** The provider's request id, for a support request. */
  requestId?: string;
  /** What happened and, where known, what to do about it; one line, safe to print. */
  message: string;
}
