import type { Answer, EventOf } from '@coding-harness/protocol';

/** An approval question as the modal shows it: the event, and the call's input when it was seen. */
export type Question = EventOf<'approval_requested'> & { input?: unknown };

/** The approval modal's state: choosing y/a/n, or typing the optional message after `n`. */
export interface ApprovalState {
  /** The question; its `alwaysRule` (what an "always" answer stores, '' for none) is shown before the answer. */
  request: Question;
  phase: 'choose' | 'message';
  message: string;
  /** First visible line of the preview. */
  scroll: number;
}

/** A fresh modal for `request`. */
export function openApproval(request: Question): ApprovalState {
  return { request, phase: 'choose', message: '', scroll: 0 };
}

/** What a key did in the modal: a new state, or the final answer. */
export type ApprovalResult = { type: 'state'; state: ApprovalState } | { type: 'answer'; answer: Answer };

/**
 * `y` once, `a` for the session, `p` for the project too (saved in `.claude/settings.local.json`;
 * only when "always" stores a rule), `n` then a line for an optional message (Enter sends it,
 * empty means no message), Esc denies at any point (keeping a message typed so far).
 * Up/Down/PageUp/PageDown scroll a long preview.
 */
export function approvalKey(state: ApprovalState, name: string | undefined, ch: string | undefined): ApprovalResult {
  const keep = (s: ApprovalState): ApprovalResult => ({ type: 'state', state: s });
  if (name === 'escape') return { type: 'answer', answer: deny(state.message) };
  const scrollBy = name === 'up' ? -1 : name === 'down' ? 1 : name === 'pageup' ? -10 : name === 'pagedown' ? 10 : 0;
  if (scrollBy) return keep({ ...state, scroll: Math.max(0, state.scroll + scrollBy) });
  if (state.phase === 'message') {
    if (name === 'return') return { type: 'answer', answer: deny(state.message) };
    if (name === 'backspace') return keep({ ...state, message: state.message.slice(0, -1) });
    if (ch && ch >= ' ' && ch !== '\x7f' && name !== 'enter') return keep({ ...state, message: state.message + ch });
    return keep(state);
  }
  switch (ch?.toLowerCase() ?? '') {
    case 'y':
      return { type: 'answer', answer: { type: 'once' } };
    case 'a':
      return { type: 'answer', answer: { type: 'session' } };
    case 'p':
      return state.request.alwaysRule ? { type: 'answer', answer: { type: 'project' } } : keep(state);
    case 'n':
      return keep({ ...state, phase: 'message' });
  }
  return keep(state);
}

function deny(message: string): Answer {
  const m = message.trim();
  return m ? { type: 'deny', message: m } : { type: 'deny' };
}
