import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

// The README's "Library use" block, run exactly as written: a user's own tool, a custom system
// prompt and dropped built-in tools, against the strict mock, through the built packages.
const packageDir = fileURLToPath(new URL('..', import.meta.url));
const readme = fs.readFileSync(path.join(packageDir, 'README.md'), 'utf8');

function exampleBlock(): string {
  const section = readme.indexOf('## Library use');
  const match = /```js\n([\s\S]*?)```/.exec(readme.slice(section));
  if (section === -1 || match?.[1] === undefined) throw new Error('README.md: no ```js block under "## Library use"');
  return match[1];
}

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function run(file: string, cwd: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) => !name.startsWith('ANTHROPIC_') && name !== 'CLAUDE_CODE_OAUTH_TOKEN',
    ),
  );
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [file], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

describe('the README library example', () => {
  it('runs as written: the custom tool is called, allowed by its rule name, and the answer printed', async () => {
    // Inside the package directory, so the example resolves the packages as a user's code would
    // (its dependencies and the package's own name through `exports`, to the built dist).
    const dir = fs.mkdtempSync(path.join(packageDir, '.library-example-'));
    const workroot = fs.mkdtempSync(path.join(os.tmpdir(), 'library-example-root-'));
    made.push(dir, workroot);
    const file = path.join(dir, 'example.mjs');
    fs.writeFileSync(file, exampleBlock());
    const { code, stdout, stderr } = await run(file, workroot);
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    expect(stdout).toBe('weather: Sunny in Oslo, 21 °C.\nIt is sunny in Oslo.\n');
  });
});
