import { TOOLS } from './rule-tools.test-helpers.js';
import type { ApprovalRequest } from './types.js';

/** Test helper: a request the way the agent builds one (kind and rule data from the tool, target, summary). */
export function request(tool: string, target?: string, extra: Partial<ApprovalRequest> = {}): ApprovalRequest {
  const entry = TOOLS.find((t) => t.name === tool);
  const kind = entry?.kind ?? 'exec';
  const insideRoot = kind === 'write' || kind === 'read' ? !target?.startsWith('/') : undefined;
  return {
    tool,
    kind,
    input: {},
    ...(target === undefined ? {} : { target }),
    ...(insideRoot === undefined || tool === 'skill' ? {} : { insideRoot }),
    summary: `${tool}: ${target ?? ''}`,
    ...(entry === undefined ? {} : { ruleTool: entry }),
    ...extra,
  };
}

/** Test helper: a bash request. */
export const bash = (command: string): ApprovalRequest => request('bash', command);
