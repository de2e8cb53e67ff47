/**
 * The bubblewrap command line for one sandboxed command. Namespaces: a new user namespace with
 * every capability dropped and no nested user namespaces (so nothing inside can unmount a
 * read-only bind, root in a container included), a new PID namespace (only the command's own
 * processes are visible, and all of them end when it does), no network (`--unshare-net`; allowed
 * domains go through the proxy's socket), private IPC and host name, a new session (no terminal
 * to push input into). Filesystem: everything read-only; a private `/dev` and `/proc`; `/run`
 * empty (no host sockets: docker, D-Bus, ssh-agent); `/tmp` the session's private folder; the
 * work root and the allowed folders writable; the protected paths read-only again inside them;
 * hidden paths replaced by an empty folder or file. Later binds go over earlier ones, which is
 * what makes the order below the policy.
 */
import fs from 'node:fs';

/** Where the proxy's socket appears inside the sandbox, and the port the in-sandbox bridge listens on. */
export const PROXY_SOCKET_INSIDE = '/run/harness-sandbox/proxy.sock';
export const PROXY_PORT_INSIDE = 3128;

export interface ArgvInput {
  /** Writable folders (the work root first), absolute. */
  writable: readonly string[];
  /** Folders bound onto themselves (writable) before the read-only binds, so they cannot be renamed away. */
  pinned?: readonly string[];
  /** Paths bound read-only inside them (existing). */
  readOnly: readonly string[];
  /** Paths to hide (existing or not: missing ones are skipped). */
  hidden: readonly string[];
  /** The session's private folders: `tmp` (the sandbox's /tmp) and `empty` (an empty file). */
  privateTmp: string;
  emptyFile: string;
  /** The proxy's socket on the host, when some domain is allowed. */
  proxySocket?: string;
  cwd: string;
  /** The status pipe's file descriptor number in the child (bwrap writes `child-pid` there once the sandbox is up). */
  statusFd: number;
}

type Kind = 'dir' | 'file' | 'missing';

function kindOf(p: string): Kind {
  try {
    return fs.statSync(p).isDirectory() ? 'dir' : 'file';
  } catch {
    return 'missing';
  }
}

/** The realpath too, when a hidden path is a link (hiding the link alone would leave its target readable). */
function withTargets(paths: readonly string[]): string[] {
  const out: string[] = [];
  for (const p of paths) {
    out.push(p);
    try {
      const real = fs.realpathSync(p);
      if (real !== p) out.push(real);
    } catch {
      /* missing: nothing to hide */
    }
  }
  return [...new Set(out)];
}

/** bwrap's options (everything before `--`). */
export function bwrapArgs(input: ArgvInput): string[] {
  const args = [
    '--die-with-parent',
    '--new-session',
    '--unshare-user',
    '--unshare-pid',
    '--unshare-ipc',
    '--unshare-net',
    '--unshare-uts',
    '--unshare-cgroup-try',
    '--disable-userns',
    '--cap-drop',
    'ALL',
    '--json-status-fd',
    String(input.statusFd),
    '--ro-bind',
    '/',
    '/',
    '--dev',
    '/dev',
    '--proc',
    '/proc',
    '--tmpfs',
    '/run',
  ];
  try {
    if (!fs.lstatSync('/var/run').isSymbolicLink()) args.push('--tmpfs', '/var/run');
  } catch {
    /* no /var/run */
  }
  args.push('--bind', input.privateTmp, '/tmp');
  for (const dir of input.writable) if (kindOf(dir) === 'dir') args.push('--bind', dir, dir);
  for (const dir of input.pinned ?? []) if (kindOf(dir) === 'dir') args.push('--bind', dir, dir);
  for (const p of input.readOnly) if (kindOf(p) !== 'missing') args.push('--ro-bind', p, p);
  for (const p of withTargets(input.hidden)) {
    const kind = kindOf(p);
    if (kind === 'dir') args.push('--tmpfs', p, '--remount-ro', p);
    else if (kind === 'file') args.push('--ro-bind', input.emptyFile, p);
  }
  if (input.proxySocket !== undefined) args.push('--ro-bind', input.proxySocket, PROXY_SOCKET_INSIDE);
  args.push('--chdir', input.cwd);
  return args;
}

/**
 * The program bwrap starts: bash, or, with a proxy, a small node bridge that listens on
 * 127.0.0.1:3128 inside the sandbox (forwarding to the proxy's socket) and then runs bash,
 * exiting with its status. Written as `node -e` text so the bundled bins need no extra file.
 */
export const BRIDGE_SOURCE = [
  "const net=require('net'),{spawn}=require('child_process');",
  'const [sock,port,...cmd]=process.argv.slice(1);',
  "const server=net.createServer((c)=>{const u=net.connect(sock);c.pipe(u);u.pipe(c);c.on('error',()=>u.destroy());u.on('error',()=>c.destroy());});",
  "server.listen(Number(port),'127.0.0.1',()=>{const child=spawn(cmd[0],cmd.slice(1),{stdio:'inherit'});",
  "child.on('exit',(code,sig)=>process.exit(code===null?128+(require('os').constants.signals[sig]||0):code));});",
].join('');

/** The command after bwrap's `--`; `merge`: its stderr joins stdout on one pipe (the order kept). */
export function innerCommand(command: string, node: string | undefined, merge = true): string[] {
  const bash = ['/bin/bash', '-c', merge ? `exec 2>&1; ${command}` : command];
  if (node === undefined) return bash;
  return [node, '-e', BRIDGE_SOURCE, PROXY_SOCKET_INSIDE, String(PROXY_PORT_INSIDE), ...bash];
}

/** The proxy variables a command inside gets when some domain is allowed (curl, git, npm, pip read them). */
export function proxyEnv(): Record<string, string> {
  const url = `http://127.0.0.1:${PROXY_PORT_INSIDE}`;
  return {
    HTTP_PROXY: url,
    HTTPS_PROXY: url,
    http_proxy: url,
    https_proxy: url,
    ALL_PROXY: url,
    all_proxy: url,
    NO_PROXY: '',
    no_proxy: '',
  };
}
