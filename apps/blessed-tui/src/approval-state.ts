import { alwaysRuleFor } from '@coding-harness/approval';
import type { Answer, ApprovalRequest } from '@coding-harness/approval';

/** The approval modal's state: choosing y/a/n, or typing the optional message after `n`. */
export interface ApprovalState {
  request: ApprovalRequest;
  /** The exact rule an "always" answer stores (`alwaysRuleFor`), shown before the answer; '' when it stores none. */
  alwaysRule: string;
  phase: 'choose' | 'message';
  message: string;
  /** First visible line of the preview. */
  scroll: number;
}

/** A fresh modal for `request`, knowing the rule an "always" answer to it would store. */
export function openApproval(request: ApprovalRequest): ApprovalState {
  return { request, alwaysRule: alwaysRuleFor(request), phase: 'choose', message: '', scroll: 0 };
}

/** What a key did in the modal: a new state, or the final answer. */
export type ApprovalResult = { type: 'state'; state: ApprovalState } | { type: 'answer'; answer: Answer };

/**
 * `y` once, `a` for the session, `n` then a line for an optional message (Enter sends it,
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
    case 'n':
      return keep({ ...state, phase: 'message' });
  }
  return keep(state);
}

function deny(message: string): Answer {
  const m = message.trim();
  return m ? { type: 'deny', message: m } : { type: 'deny' };
}
