/** The failure a plain connection gives when only a browser login would help. */
export class NeedsLoginError extends Error {
  readonly needsLogin = true;
}

/** True for `NeedsLoginError` (by its mark: the error may cross a module copy of the SDK's bundle). */
export const needsLogin = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && (error as { needsLogin?: unknown }).needsLogin === true;
