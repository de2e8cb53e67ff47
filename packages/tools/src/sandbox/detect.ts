/**
 * Whether this machine can sandbox, found at start without running anything: Linux, a `bwrap`
 * executable (the configured path or the first on PATH), and user namespaces not switched off by
 * the kernel. A few `stat` calls and one small /proc read, so a session that never runs a
 * command pays nothing measurable. Whether bwrap really starts (a container may still refuse
 * namespaces) is learnt from the first sandboxed command (sandbox.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_PATH } from '../secrets.js';

export type Detection = { ok: true; bwrap: string } | { ok: false; why: string };

function executable(file: string): boolean {
  try {
    const stat = fs.statSync(file);
    return stat.isFile() && (stat.mode & 0o111) !== 0;
  } catch {
    return false;
  }
}

/** Finds a usable bwrap: `configured` if given (it must exist), else the first absolute PATH entry holding one. */
export function detectSandbox(
  env: NodeJS.ProcessEnv,
  configured?: string,
  platform: NodeJS.Platform = process.platform,
): Detection {
  if (platform !== 'linux')
    return {
      ok: false,
      why: `no sandbox on ${platform} yet (Linux with bubblewrap only; macOS sandbox-exec is planned)`,
    };
  let bwrap: string | undefined;
  if (configured !== undefined) {
    if (!executable(configured))
      return { ok: false, why: `${configured} (sandbox.bwrapPath) is not an executable file` };
    bwrap = configured;
  } else {
    for (const dir of (env['PATH'] ?? DEFAULT_PATH).split(':')) {
      if (!dir.startsWith('/')) continue;
      const file = path.join(dir, 'bwrap');
      if (executable(file)) {
        bwrap = file;
        break;
      }
    }
  }
  if (bwrap === undefined)
    return {
      ok: false,
      why: 'bubblewrap (bwrap) is not installed: apt-get install bubblewrap, or dnf install bubblewrap',
    };
  try {
    if (fs.readFileSync('/proc/sys/user/max_user_namespaces', 'utf8').trim() === '0')
      return { ok: false, why: 'user namespaces are switched off (/proc/sys/user/max_user_namespaces is 0)' };
  } catch {
    /* not readable: let the first command find out */
  }
  return { ok: true, bwrap };
}
