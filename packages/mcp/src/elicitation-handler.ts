/**
 * The client's side of `elicitation/create`: the request's schema read as a flat form and put to
 * the session's handler; a URL-mode request or a schema that is not a flat form is declined
 * (the server gets a plain "no", the user a form they could not fill is never shown).
 */
import { formFields } from './elicitation.js';
import type { ElicitAnswer, ElicitHandler } from './elicitation.js';

/** The answer the server gets for one request from `server`. */
export async function answerElicitation(
  server: string,
  handler: ElicitHandler,
  params: Record<string, unknown>,
  signal: AbortSignal,
): Promise<ElicitAnswer> {
  if (params.mode === 'url') return { action: 'decline' };
  const form = formFields(params.requestedSchema);
  if (!form.ok) return { action: 'decline' };
  const message = typeof params.message === 'string' ? params.message : '';
  return handler({ server, message, fields: form.fields }, signal);
}
