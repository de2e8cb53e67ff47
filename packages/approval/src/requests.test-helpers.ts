import type { ApprovalRequest, CallKind } from './types.js';

const KINDS: Record<string, CallKind> = {
  bash: 'exec', read_file: 'read', glob: 'read', grep: 'read', skill: 'read', write_file: 'write', edit_file: 'write',
};

/** Test helper: a request the way the agent builds one (kind from the tool, target, summary). */
export function request(tool: string, target?: string, extra: Partial<ApprovalRequest> = {}): ApprovalRequest {
  const kind = KINDS[tool] ?? 'exec';
  const insideRoot = kind === 'write' || kind === 'read' ? !target?.startsWith('/') : undefined;
  return {
    tool,
    kind,
    input: {},
    ...(target === undefined ? {} : { target }),
    ...(insideRoot === undefined || tool === 'skill' ? {} : { insideRoot }),
    summary: `${tool}: ${target ?? ''}`,
    ...extra,
  };
}

/** Test helper: a bash request. */
export const bash = (command: string): ApprovalRequest => request('bash', command);
