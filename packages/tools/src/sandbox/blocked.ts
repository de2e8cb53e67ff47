/**
 * What a sandboxed command's result tells the model when the sandbox may be why it failed: the
 * kernel's own words for a blocked write or a missing network, recognised in the output, and the
 * way out (ask to run it outside, which the user is asked about).
 */
import type { SandboxOptions } from './options.js';

const READ_ONLY = /Read-only file system|\bEROFS\b/;
const NO_NETWORK =
  /Network is unreachable|Could not resolve host|Temporary failure in name resolution|Name or service not known|\bENETUNREACH\b|\bEAI_AGAIN\b|getaddrinfo|Could not connect to|Connection refused/;

/** The notes to add to a failed sandboxed command's result (empty when nothing points at the sandbox). */
export function blockedHints(
  output: string,
  failed: boolean,
  options: SandboxOptions,
  notes: readonly string[],
): string[] {
  const hints = [...notes];
  if (failed && READ_ONLY.test(output))
    hints.push(
      'The sandbox blocked a write: only the work root and /tmp are writable, and protected paths in the root (.git config and hooks, .claude, AGENTS.md, .npmrc, ...) are read-only.',
    );
  if (failed && NO_NETWORK.test(output))
    hints.push(
      options.allowedDomains.length === 0
        ? 'The sandbox has no network: no domain is allowed (a WebFetch(domain:…) allow rule or sandbox.network.allowedDomains opens one).'
        : `The sandbox reaches the network only through its proxy, to: ${options.allowedDomains.join(', ')}.`,
    );
  if (hints.length > 0 && failed && options.allowUnsandboxedCommands)
    hints.push(
      'If the command must run outside the sandbox, call bash again with "dangerouslyDisableSandbox": true; the user is asked before it runs.',
    );
  return hints;
}
