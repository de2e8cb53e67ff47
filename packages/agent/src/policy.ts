import type { ApprovalRequest, AskFn, Authorization } from '@coding-harness/approval';

/**
 * What the agent needs from `@coding-harness/approval`'s Policy (structurally; the real Policy
 * has more). Kept narrow so the loop can be exercised with any conforming policy.
 */
export interface AgentPolicy {
  authorize(request: ApprovalRequest, ask: AskFn): Promise<Authorization>;
  /**
   * Auto-approves `rules` until `endTurn()`; `origin` says why (e.g. `skill deploy`). With
   * `maxKind: 'read'` grants for write and exec tools are dropped. Returns the rules' parse
   * errors (each naming its rule), or nothing.
   */
  grantForTurn(
    rules: readonly string[],
    origin: string,
    opts?: { maxKind?: 'read' | 'write' | 'exec' },
  ): readonly string[] | void;
  /**
   * Denies `rules` until `endTurn()` (a loaded skill's `disallowed-tools`), beating every grant
   * and mode; denials name `origin`. Returns the rules' parse errors (each naming its rule).
   */
  denyForTurn(rules: readonly string[], origin: string): readonly string[] | void;
  endTurn(): void;
  /**
   * Optional: false when a Read/Grep/Glob deny rule matches this realpath. Handed to the tools so
   * grep and glob never return a denied file, whatever spelling or link led to it.
   */
  readFilter?(absRealPath: string): boolean;
}
