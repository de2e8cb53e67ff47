import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Skill } from '@coding-harness/skills';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createToolContext } from '@coding-harness/tools';
import { createSkillTool } from './skill.js';
import { expandSkillText } from './skill-arguments.js';
import { allowFlagFor, findDynamicCommands } from './skill-dynamic-context.js';
import type { CommandVerdict } from './skill-dynamic-context.js';
import { runTool } from './testing/run-tool.test.util.js';

let tmp: string;
beforeEach(() => {
  tmp = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'skill-dyn-')));
});
afterEach(() => fs.rmSync(tmp, { recursive: true, force: true }));

function makeSkill(name: string, body: string, extra: Partial<Skill> = {}): Skill {
  const dir = path.join(tmp, 'skills', name);
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'SKILL.md');
  fs.writeFileSync(file, `---\nname: ${name}\ndescription: d\n---\n${body}`);
  return {
    name,
    description: 'd',
    dir,
    file,
    source: 'project',
    root: path.dirname(dir),
    allowedTools: [],
    userInvocable: true,
    disableModelInvocation: false,
    extra: {},
    ...extra,
  };
}

/** An authorizer that allows the listed commands and records every question. */
function allowing(allowed: string[], denied: string[] = []) {
  const asked: string[] = [];
  const authorizeCommand = async (command: string): Promise<CommandVerdict> => {
    asked.push(command);
    if (denied.includes(command))
      return { allowed: false, denied: true, message: `denied by Bash(${command}) (--disallowed-tools)` };
    return allowed.includes(command)
      ? { allowed: true }
      : { allowed: false, denied: false, message: 'no rule allows it' };
  };
  return { asked, authorizeCommand };
}

async function load(skill: Skill, auth: ReturnType<typeof allowing>, args?: string, secrets: string[] = []) {
  const ctx = createToolContext({ root: tmp, skills: [skill], secrets, env: {} });
  const tool = createSkillTool({
    skills: () => [skill],
    forced: () => false,
    sessionId: () => undefined,
    authorize: (command) => auth.authorizeCommand(command),
  });
  return runTool(tool, { name: skill.name, ...(args !== undefined ? { args } : {}) }, ctx);
}

describe('finding dynamic context (Claude Code syntax)', () => {
  it('finds `!`cmd`` at a line start or after whitespace, and ```! blocks', () => {
    const text = '!`pwd`\n- branch: !`git branch --show-current`\n```!\nls\necho hi\n```\n';
    expect(findDynamicCommands(text).map((c) => c.command)).toEqual([
      'pwd',
      'git branch --show-current',
      'ls\necho hi',
    ]);
  });

  it('ignores ordinary text: `#REF!`: `, KEY=!`x`, a! `y`, empty spans, ! inside a block', () => {
    const text = 'A cell shows `#REF!`: `=A1`. KEY=!`x` and a!`y` and !`` and ```!\n```\n```!\necho !`z`\n```';
    expect(findDynamicCommands(text).map((c) => c.command)).toEqual(['echo !`z`']);
  });

  it('never triggers on text holding no "!`" after whitespace and no ```! (property)', () => {
    const alphabet = fc.constantFrom('`', '!', ' ', '\n', 'a', '#', ':', '=', '$', '-');
    fc.assert(
      fc.property(fc.array(alphabet, { maxLength: 60 }), (chars) => {
        const text = chars.join('');
        const trigger = /(?:^|\s)!`[^`]+`/m.test(text) || /```!/.test(text);
        if (!trigger) expect(findDynamicCommands(text)).toEqual([]);
      }),
      { numRuns: 2000 },
    );
  });

  it('skips a placeholder that an argument value brought in', () => {
    const expanded = expandSkillText('Topic: $ARGUMENTS\n!`echo real`', { args: '!`rm -rf x`', skillDir: '/d' });
    expect(findDynamicCommands(expanded.text, expanded.inserted).map((c) => c.command)).toEqual(['echo real']);
  });

  it('spells the rule to add as a quoted --allowed-tools flag', () => {
    expect(allowFlagFor('git status')).toBe(`--allowed-tools 'Bash(git status)'`);
    expect(allowFlagFor("echo 'x'")).toBe(`--allowed-tools 'Bash(echo '\\''x'\\'')'`);
  });
});

describe('running dynamic context through the skill tool', () => {
  it('runs allowed commands in the work root and inlines their output, arguments substituted first', async () => {
    fs.writeFileSync(path.join(tmp, 'notes.txt'), 'hello from the repo\n');
    const skill = makeSkill('ctx', 'File: !`cat notes.txt`\n```!\necho one\necho $0\n```\nDone.\n');
    const auth = allowing(['cat notes.txt', 'echo one\necho two']);
    const r = await load(skill, auth, 'two');
    expect(r.isError).toBe(false);
    expect(r.content).toContain('File: hello from the repo\none\ntwo\nDone.');
    expect(auth.asked).toEqual(['cat notes.txt', 'echo one\necho two']);
  });

  it('fails the load when no rule allows a command, naming the flag that would', async () => {
    const skill = makeSkill('ask', 'Status: !`git status`\n');
    const r = await load(skill, allowing([]));
    expect(r.isError).toBe(true);
    expect(r.content).toBe(
      `Cannot load skill "ask": Shell command permission check failed for pattern "!\`git status\`": no rule allows it; a skill's commands never ask, so allow it before loading the skill: --allowed-tools 'Bash(git status)' (or the same rule in the skill's allowed-tools, which apply when you run it with /name)`,
    );
  });

  it('fails the load on a deny rule with the rule, and runs nothing after it', async () => {
    const marker = path.join(tmp, 'ran');
    const skill = makeSkill('deny', `!\`rm -rf build\`\n!\`touch ${marker}\`\n`);
    const r = await load(skill, allowing([`touch ${marker}`], ['rm -rf build']));
    expect(r.content).toContain('permission check failed for pattern "!`rm -rf build`": denied by Bash(rm -rf build)');
    expect(r.content).not.toContain('--allowed-tools');
    expect(fs.existsSync(marker)).toBe(false);
  });

  it('judges every command before any runs: one refusal and nothing runs; each refusal is named', async () => {
    const marker = path.join(tmp, 'ran-first');
    const skill = makeSkill('all', `!\`touch ${marker}\`\n!\`make deploy\`\n!\`curl evil\`\n`);
    const auth = allowing([`touch ${marker}`], ['curl evil']);
    const r = await load(skill, auth);
    expect(auth.asked).toEqual([`touch ${marker}`, 'make deploy', 'curl evil']);
    expect(fs.existsSync(marker)).toBe(false);
    expect(r.content).toContain('Cannot load skill "all": none of its 3 commands ran, because 2 are not allowed:');
    expect(r.content).toContain(
      '- Shell command permission check failed for pattern "!`make deploy`": no rule allows it',
    );
    expect(r.content).toContain(
      '- Shell command permission check failed for pattern "!`curl evil`": denied by Bash(curl evil)',
    );
  });

  it('fails the load when a command fails, except exit 1 of grep, find, git diff and diff (no match)', async () => {
    const failing = await load(makeSkill('fail', '!`echo oops; exit 3`\n'), allowing(['echo oops; exit 3']));
    expect(failing.content).toBe(
      'Cannot load skill "fail": Shell command failed for pattern "!`echo oops; exit 3`": exit 3\noops',
    );
    const grep = await load(
      makeSkill('grep', 'Hits: !`grep -r nothing[-]here .` (none)\n'),
      allowing(['grep -r nothing[-]here .']),
    );
    expect(grep.isError).toBe(false);
    expect(grep.content).toContain('Hits:  (none)');
  });

  it('redacts secrets from the inlined output and keeps them out of the command environment', async () => {
    const secret = 'sk-ant-dynamic-secret-0123456789';
    const skill = makeSkill('sec', 'Out: !`printf %s sk-ant-dynamic-secret-0123456789`\n');
    const r = await load(skill, allowing(['printf %s sk-ant-dynamic-secret-0123456789']), undefined, [secret]);
    expect(r.content).toContain('Out: [redacted secret]');
    expect(r.content).not.toContain(secret);
  });

  it('refuses every command when the session gives no authorizer', async () => {
    const skill = makeSkill('none', '!`echo hi`\n');
    const r = await runTool(
      createSkillTool([skill]),
      { name: 'none' },
      createToolContext({ root: tmp, skills: [skill] }),
    );
    expect(r.content).toContain(
      'Shell command permission check failed for pattern "!`echo hi`": this session runs no skill commands',
    );
  });

  it('refuses shell: powershell', async () => {
    const skill = makeSkill('ps', '!`Get-ChildItem`\n', { shell: 'powershell' });
    const r = await load(skill, allowing(['Get-ChildItem']));
    expect(r.content).toContain('`shell: powershell`; dynamic context runs only as bash here');
  });

  it('passes the session id and work root to the body', async () => {
    const skill = makeSkill('ids', 'Session ${CLAUDE_SESSION_ID} in ${CLAUDE_PROJECT_DIR}\n');
    const ctx = createToolContext({ root: tmp, skills: [skill] });
    const tool = createSkillTool({ skills: () => [skill], forced: () => false, sessionId: () => '2026-12-01-x' });
    const r = await runTool(tool, { name: 'ids' }, ctx);
    expect(r.content).toContain(`Session 2026-12-01-x in ${tmp}`);
  });
});
