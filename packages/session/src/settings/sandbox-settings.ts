/**
 * The settings files' `sandbox` key as the OS sandbox's options (Claude Code's names):
 * `enabled`, `autoAllowBashIfSandboxed`, `allowUnsandboxedCommands`, `excludedCommands`,
 * `network.allowedDomains` / `network.deniedDomains`, `filesystem.allowWrite` / `denyWrite` /
 * `denyRead`. The loader merged it key by key (the higher file winning) and withheld an untrusted
 * repository's. A value of the wrong type is a notice naming its file; the other keys are ignored.
 */
import { isAbsolute, join, resolve } from 'node:path';
import type { Sourced } from './types.js';

export interface SandboxSettings {
  enabled?: boolean;
  autoAllowBashIfSandboxed?: boolean;
  allowUnsandboxedCommands?: boolean;
  excludedCommands: string[];
  allowedDomains: string[];
  deniedDomains: string[];
  allowWrite: string[];
  denyWrite: string[];
  denyRead: string[];
  problems: string[];
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** `~/x` and relative paths (to the work root) made absolute. */
function absolute(p: string, home: string, workroot: string): string {
  if (p === '~' || p.startsWith('~/')) return join(home, p.slice(2));
  return isAbsolute(p) ? p : resolve(workroot, p);
}

/** The options the `sandbox` settings ask for; see the module comment. */
export function sandboxSettings(
  sandbox: Record<string, Sourced<unknown>>,
  where: { home: string; workroot: string },
): SandboxSettings {
  const out: SandboxSettings = {
    excludedCommands: [],
    allowedDomains: [],
    deniedDomains: [],
    allowWrite: [],
    denyWrite: [],
    denyRead: [],
    problems: [],
  };
  const flag = (key: 'enabled' | 'autoAllowBashIfSandboxed' | 'allowUnsandboxedCommands'): void => {
    const v = sandbox[key];
    if (v === undefined) return;
    if (typeof v.value === 'boolean') out[key] = v.value;
    else out.problems.push(`${v.file}: sandbox.${key} must be true or false; it was ignored`);
  };
  flag('enabled');
  flag('autoAllowBashIfSandboxed');
  flag('allowUnsandboxedCommands');
  const list = (value: unknown, file: string, key: string): string[] => {
    if (value === undefined) return [];
    if (Array.isArray(value) && value.every((v) => typeof v === 'string')) return value as string[];
    out.problems.push(`${file}: sandbox.${key} must be a list of strings; it was ignored`);
    return [];
  };
  const excluded = sandbox['excludedCommands'];
  if (excluded !== undefined) out.excludedCommands = list(excluded.value, excluded.file, 'excludedCommands');
  const network = sandbox['network'];
  if (network !== undefined && isObject(network.value)) {
    out.allowedDomains = list(network.value['allowedDomains'], network.file, 'network.allowedDomains');
    out.deniedDomains = list(network.value['deniedDomains'], network.file, 'network.deniedDomains');
  }
  const fs = sandbox['filesystem'];
  if (fs !== undefined && isObject(fs.value)) {
    const paths = (key: 'allowWrite' | 'denyWrite' | 'denyRead'): string[] =>
      list(fs.value && (fs.value as Record<string, unknown>)[key], fs.file, `filesystem.${key}`).map((p) =>
        absolute(p, where.home, where.workroot),
      );
    out.allowWrite = paths('allowWrite');
    out.denyWrite = paths('denyWrite');
    out.denyRead = paths('denyRead');
  }
  return out;
}
