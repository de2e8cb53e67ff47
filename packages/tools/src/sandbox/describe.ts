/**
 * What `harness sandbox` and `/sandbox` show: whether commands are sandboxed, and if so what they
 * can write, what is read-only inside that, what is hidden, which hosts they reach and which
 * environment variables they get. Lines of plain text, paths under home written with `~`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_ENV_ALLOW } from './options.js';
import { protectionFor } from './protect.js';
import type { Sandbox } from './sandbox.js';

function tilde(p: string, home: string): string {
  return p === home ? '~' : p.startsWith(`${home}${path.sep}`) ? `~${p.slice(home.length)}` : p;
}

function exists(p: string): boolean {
  try {
    fs.lstatSync(p);
    return true;
  } catch {
    return false;
  }
}

/** The description, one line per item. */
export function describeSandbox(sandbox: Sandbox): string[] {
  const o = sandbox.options;
  const status = sandbox.status();
  const t = (p: string): string => tilde(p, o.home);
  if (status.state !== 'on')
    return [
      `sandbox: ${status.state}: ${status.why}`,
      'commands run unconfined as you, with your files and network; each one asks first unless a rule allows it',
    ];
  const protection = protectionFor(o.root, [o.root, ...o.allowWrite], o.denyWrite);
  const hidden = o.denyRead.filter(exists);
  const extraEnv = o.envAllow.filter((name) => !DEFAULT_ENV_ALLOW.includes(name));
  return [
    `sandbox: on (bubblewrap ${status.bwrap}); commands that stay inside it run without a question unless a deny rule matches${o.autoAllowBashIfSandboxed ? '' : ' (auto-allow is off: they ask as usual)'}`,
    `writable: ${[o.root, ...o.allowWrite].map(t).join(', ')}, and /tmp (private to this session)${protection.gitWritable.length > 0 ? `; git metadata ${protection.gitWritable.map(t).join(', ')}` : ''}`,
    `read-only inside them: ${protection.readOnly.map(t).join(', ') || '(nothing found now)'}; protected files a command creates (AGENTS.md, CLAUDE.md, .npmrc, .envrc, .mcp.json, .husky, .git hooks...) are removed when it ends`,
    `hidden: ${hidden.map(t).join(', ') || '(none of the listed paths exist)'}; also every host socket (/run) and the host's /tmp`,
    o.allowedDomains.length === 0
      ? 'network: none (allow a host with --allowed-tools "WebFetch(domain:example.com)")'
      : `network: only through the sandbox's proxy, to ${o.allowedDomains.join(', ')}${o.deniedDomains.length > 0 ? `; never ${o.deniedDomains.join(', ')}` : ''}`,
    `environment: ${[...DEFAULT_ENV_ALLOW, ...extraEnv].join(' ')}; nothing else (the API key and other tokens are left out)`,
    'processes: each command gets its own PID namespace: it sees only its own processes, and everything it started ends with it',
    o.allowUnsandboxedCommands
      ? 'outside the sandbox: only when the model asks for it (dangerouslyDisableSandbox), and you are always asked first'
      : 'outside the sandbox: never (sandbox.allowUnsandboxedCommands is false)',
  ];
}
