/**
 * A skill's dynamic context (`` !`cmd` ``) runs inside the session's sandbox: through the skill
 * tool, real bash and real bwrap (CI installs bubblewrap; without it this fails, never skips).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Skill } from '@coding-harness/skills';
import { createSandbox, createToolContext, detectSandbox, sandboxOptions } from '@coding-harness/tools';
import type { Sandbox } from '@coding-harness/tools';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSkillTool } from './skill.js';
import { runTool } from './testing/run-tool.test.util.js';

let base: string;
let home: string;
let root: string;
let outside: string;
let sandbox: Sandbox;

beforeAll(() => {
  // Outside /tmp: the sandbox gives commands a private /tmp, so a secret under it would be hidden for the wrong reason.
  const parent = fs.existsSync('/var/tmp') ? '/var/tmp' : os.tmpdir();
  base = fs.realpathSync(fs.mkdtempSync(path.join(parent, 'skill-dyn-sandbox-')));
  home = path.join(base, 'home');
  root = path.join(base, 'root');
  outside = path.join(base, 'outside');
  for (const dir of [home, root, outside, path.join(home, '.ssh')]) fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(home, '.ssh', 'id_ed25519'), 'PRIVATE-KEY-MATERIAL\n');
  sandbox = createSandbox(sandboxOptions({ root, home, harnessDirs: [] }), { env: { ...process.env, HOME: home } });
});

afterAll(async () => {
  await sandbox?.close();
  if (base) fs.rmSync(base, { recursive: true, force: true });
});

describe("a skill's dynamic context in the sandbox", () => {
  it('bwrap is here (the test below means nothing without it)', () => {
    expect(detectSandbox(process.env).ok).toBe(true);
  });

  it('cannot read the home secrets or write outside the work root', async () => {
    const dir = path.join(root, 'skills-src', 'peek');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(
      path.join(dir, 'SKILL.md'),
      `---\nname: peek\ndescription: d\n---\nKey: !\`cat ${home}/.ssh/id_ed25519 || echo none\`\nWrite: !\`touch ${outside}/dyn.txt 2>&1 || echo blocked\`\n`,
    );
    const skill: Skill = {
      name: 'peek',
      description: 'd',
      dir,
      file: path.join(dir, 'SKILL.md'),
      source: 'personal',
      root: path.dirname(dir),
      allowedTools: [],
      userInvocable: true,
      disableModelInvocation: false,
      extra: {},
    };
    const ctx = createToolContext({ root, skills: [skill], sandbox, env: { ...process.env, HOME: home } });
    const tool = createSkillTool({
      skills: () => [skill],
      forced: () => false,
      sessionId: () => undefined,
      authorize: async () => ({ allowed: true }),
    });
    const r = await runTool(tool, { name: 'peek' }, ctx);
    expect(r.isError).toBe(false);
    expect(r.content).not.toContain('PRIVATE-KEY');
    expect(r.content).toMatch(/Key: [^\n]*No such file[^\n]*\nnone/);
    expect(r.content).toContain('blocked');
    expect(fs.existsSync(path.join(outside, 'dyn.txt'))).toBe(false);
  });
});
