import type { Grant } from './types.js';
import { formatRule } from './rules.js';
import type { Rule } from './rules.js';
import type { SourcedRule } from './match.js';

/**
 * The standing permissions of one session: allow rules from flags or settings, grants from
 * "allow for the session" answers, and turn grants (a loaded skill's `allowed-tools`) that last
 * until `endTurn`. Adding the same rule from the same origin twice keeps one.
 */
export class GrantStore {
  private readonly standing: SourcedRule[] = [];
  private turn: SourcedRule[] = [];

  /** Adds session-long rules (flag rules and user answers). */
  addSession(rules: readonly Rule[], origin: string): void {
    for (const rule of rules) add(this.standing, { rule, origin, scope: 'session' });
  }

  /** Adds rules that end with the current user turn. */
  addTurn(rules: readonly Rule[], origin: string): void {
    for (const rule of rules) add(this.turn, { rule, origin, scope: 'turn' });
  }

  /** Removes the session-long rules that format as `key` (any origin) and returns them. */
  removeSession(key: string): SourcedRule[] {
    const removed = this.standing.filter((e) => formatRule(e.rule) === key);
    for (const entry of removed) this.standing.splice(this.standing.indexOf(entry), 1);
    return removed;
  }

  /** Drops every turn grant. */
  endTurn(): void {
    this.turn = [];
  }

  /** Every rule that currently allows calls: session ones first, then turn ones. */
  active(): SourcedRule[] {
    return [...this.standing, ...this.turn];
  }

  /** The grants as `/allowed` shows them, in the order they were added. */
  list(): Grant[] {
    return this.active().map(toGrant);
  }
}

/** A stored rule as the contract's `Grant`. */
export function toGrant(entry: SourcedRule): Grant {
  return { rule: formatRule(entry.rule), scope: entry.scope, origin: entry.origin };
}

function add(list: SourcedRule[], entry: SourcedRule): void {
  const key = JSON.stringify(entry.rule);
  if (!list.some((existing) => existing.origin === entry.origin && JSON.stringify(existing.rule) === key))
    list.push(entry);
}
