/** Paths and helpers for the tests that run real MCP servers (installed as dev dependencies). */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer } from 'node:net';
import type { ConfiguredServer, ServerConfig } from '../config/types.js';

const require = createRequire(import.meta.url);

/** server-everything's entry (`node <it> stdio` or `streamableHttp`). */
export const EVERYTHING = join(
  dirname(require.resolve('@modelcontextprotocol/server-everything/package.json')),
  'dist/index.js',
);
/** server-filesystem's entry (`node <it> <allowed dir>...`). */
export const FILESYSTEM = join(
  dirname(require.resolve('@modelcontextprotocol/server-filesystem/package.json')),
  'dist/index.js',
);
/** The fixture server written with the SDK's server half. */
export const FIXTURE = join(dirname(fileURLToPath(import.meta.url)), 'fixture-server.mjs');

export function stdio(args: string[], env: Record<string, string> = {}): ServerConfig {
  return { type: 'stdio', command: process.execPath, args, env };
}

export function configured(name: string, config: ServerConfig): ConfiguredServer {
  return { name, scope: 'flag', source: `test:${name}`, config };
}

/** A port free right now on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** The prompts and resources fixture (an image prompt, an image resource, a prompt added on demand). */
export const PROMPTS_FIXTURE = join(dirname(fileURLToPath(import.meta.url)), 'prompts-fixture.mjs');
