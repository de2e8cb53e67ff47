import { denialForNonInteractive } from '@coding-harness/approval';
import type { AskFn } from '@coding-harness/approval';

/**
 * The `ask` of a run that cannot ask (`-p`): every question is answered "no", with a message
 * (for the model and, via the approval_resolved event, the user) naming the flag that would allow it.
 */
export const nonInteractiveAsk: AskFn = async (request) => ({
  type: 'deny',
  message: denialForNonInteractive(request),
});
