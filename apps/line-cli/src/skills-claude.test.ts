/**
 * Claude Code skills through the built CLI against the mock: what the model receives for named
 * arguments, the `\$` escape, the session and project variables and dynamic context; and
 * `harness skills lint --strict / --fix`, and the one start-up line for skipped skills.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ScriptBuilder } from '@coding-harness/mock-anthropic';
import { afterEach, describe, expect, it } from 'vitest';
import type { Sandbox } from './test-support/cli.js';
import { childEnv, cleanup, makeSandbox, mock, resultText, run, toolResults, writeSkill } from './test-support/cli.js';

afterEach(cleanup);

const ISSUE_BODY = [
  'Fix issue $issue on $branch; the fee is \\$1.00.',
  'Session: ${CLAUDE_SESSION_ID}',
  'Project: ${CLAUDE_PROJECT_DIR}',
  'Tree: !`printf clean-tree`',
  'A spreadsheet cell shows `#REF!`: `=A1`.',
  '',
].join('\n');

function issueSkill(box: Sandbox, extra = ''): string {
  return writeSkill(
    join(box.home, '.agents', 'skills'),
    'issue',
    `name: issue\ndescription: Fix a numbered issue on a branch.\narguments: issue branch\n${extra}`,
    ISSUE_BODY,
  );
}

/** The skill tool's result in the first request, and the run. */
async function forced(box: Sandbox, args: string[]) {
  const server = await mock(new ScriptBuilder().text('done').build());
  const res = await run(['-C', box.work, '-p', '/issue 42 main', '--output-format', 'json', ...args], {
    env: childEnv(box, server),
  });
  const result = toolResults(server.messageRequests()[0])[0];
  return { res, result };
}

describe('a Claude Code skill, as the model sees it', () => {
  it('substitutes named arguments, keeps \\$1.00, fills the session id and project dir, inlines allowed dynamic context', async () => {
    const box = makeSandbox();
    issueSkill(box);
    const { res, result } = await forced(box, ['--allowed-tools', 'Bash(printf clean-tree)']);
    expect(res.code, res.stderr).toBe(0);
    const sessionId = (JSON.parse(res.stdout) as { session_id: string }).session_id;
    const text = resultText(result!);
    expect(result!.is_error ?? false).toBe(false);
    expect(text).toContain(
      [
        'Fix issue 42 on main; the fee is $1.00.',
        `Session: ${sessionId}`,
        `Project: ${box.work}`,
        'Tree: clean-tree',
        'A spreadsheet cell shows `#REF!`: `=A1`.',
      ].join('\n'),
    );
  });

  it('a dynamic context command no rule allows fails the load, naming the flag to add', async () => {
    const box = makeSandbox();
    issueSkill(box);
    // Without the sandbox: inside it the command would be allowed (confined), with no rule at all.
    const { result } = await forced(box, ['--no-sandbox']);
    expect(result!.is_error).toBe(true);
    expect(resultText(result!)).toBe(
      `Cannot load skill "issue": Shell command permission check failed for pattern "!\`printf clean-tree\`": no rule allows it; a skill's commands never ask, so allow it before loading the skill: --allowed-tools 'Bash(printf clean-tree)' (or the same rule in the skill's allowed-tools, which apply when you run it with /name)`,
    );
  });

  it("a personal skill's own allowed-tools let its commands run when the user forces it", async () => {
    const box = makeSandbox();
    issueSkill(box, 'allowed-tools: Bash(printf clean-tree)');
    const { result } = await forced(box, []);
    expect(result!.is_error ?? false).toBe(false);
    expect(resultText(result!)).toContain('Tree: clean-tree');
  });

  it('a deny rule beats the skill: --disallowed-tools stops the load', async () => {
    const box = makeSandbox();
    issueSkill(box, 'allowed-tools: Bash(printf clean-tree)');
    const { result } = await forced(box, ['--disallowed-tools', 'Bash(printf:*)']);
    expect(result!.is_error).toBe(true);
    expect(resultText(result!)).toContain('Shell command permission check failed for pattern "!`printf clean-tree`"');
  });

  it("the skill's own disallowed-tools stop its own dynamic context, whatever else allows it", async () => {
    const box = makeSandbox();
    issueSkill(box, 'allowed-tools: Bash(printf clean-tree)\ndisallowed-tools: Bash(printf:*)');
    const { result } = await forced(box, ['--allowed-tools', 'Bash(printf clean-tree)']);
    expect(result!.is_error).toBe(true);
    expect(resultText(result!)).toBe(
      `Cannot load skill "issue": Shell command permission check failed for pattern "!\`printf clean-tree\`": the skill's own disallowed-tools rule Bash(printf:*) denies it`,
    );
  });
});

describe('harness skills shows the Claude Code fields', () => {
  it('in the text listing and in --json, only those the skill sets', async () => {
    const box = makeSandbox();
    issueSkill(box, 'argument-hint: "<issue> <branch>"\nmodel: claude-haiku-4-5\neffort: low\npaths: src/**');
    const text = await run(['skills', '-C', box.work], { env: childEnv(box, undefined) });
    expect(text.stdout).toContain(
      '    argument-hint <issue> <branch>; arguments $issue $branch; model claude-haiku-4-5; effort low; paths src/** (not used to filter)',
    );
    const json = JSON.parse(
      (await run(['skills', '--json', '-C', box.work], { env: childEnv(box, undefined) })).stdout,
    ) as {
      skills: Array<Record<string, unknown>>;
    };
    expect(json.skills[0]).toMatchObject({
      name: 'issue',
      argumentHint: '<issue> <branch>',
      arguments: ['issue', 'branch'],
      model: 'claude-haiku-4-5',
      effort: 'low',
      paths: ['src/**'],
    });
    expect('context' in json.skills[0]!).toBe(false);
  });
});

describe('skipped skills at start-up and harness skills lint', () => {
  function brokenSkills(box: Sandbox): string {
    const root = join(box.work, '.agents', 'skills');
    writeSkill(root, 'deploy', 'name: Deploy Tool\ndescription: Ship it.', 'Ship.\n');
    writeSkill(root, 'trail-', 'name: trail-\ndescription: d', 'x\n');
    mkdirSync(join(root, 'no-front'), { recursive: true });
    writeFileSync(join(root, 'no-front', 'SKILL.md'), 'no frontmatter\n');
    return root;
  }

  it('start-up prints one line for every skipped skill, and harness skills has the details', async () => {
    const box = makeSandbox();
    brokenSkills(box);
    const server = await mock(new ScriptBuilder().text('fine').build());
    const res = await run(['-C', box.work, '-p', 'hi', '--trust'], { env: childEnv(box, server) });
    expect(res.code).toBe(0);
    const lines = res.stderr.split('\n').filter((l) => l.includes('skill'));
    expect(lines).toEqual([expect.stringContaining('3 skills skipped; run harness skills for details')]);
    const list = await run(['skills', '-C', box.work, '--trust'], { env: childEnv(box, undefined) });
    expect(list.stdout).toContain('harness skills lint --fix');
    expect(list.stdout.match(/^skipped: /gm)).toHaveLength(3);
  });

  it('--fix rewrites only the mismatched name line; the skill then loads', async () => {
    const box = makeSandbox();
    const root = brokenSkills(box);
    const file = join(root, 'deploy', 'SKILL.md');
    const before = readFileSync(file, 'utf8');
    const res = await run(['skills', 'lint', '--fix', join(root, 'deploy')], { env: childEnv(box, undefined) });
    expect(res.stdout).toContain(`fixed: ${file}: rewrote \`name: Deploy Tool\` to \`name: deploy\` (the folder name)`);
    expect(res.stdout).toContain('1 name fixed, 0 problems');
    expect(res.code).toBe(0);
    expect(readFileSync(file, 'utf8')).toBe(before.replace('name: Deploy Tool', 'name: deploy'));
  });

  it('--strict fails on an unknown key and a non-string metadata value that plain lint only notes', async () => {
    const box = makeSandbox();
    const dir = writeSkill(
      join(box.root, 'share'),
      'pdf',
      'name: pdf\ndescription: Fill PDF forms.\nwhen_to_use: a PDF form is mentioned\nowner: me\nmetadata:\n  version: 1.2',
      'Fill it.\n',
    );
    const plain = await run(['skills', 'lint', dir], { env: childEnv(box, undefined) });
    expect(plain.code).toBe(0);
    expect(plain.stdout).toContain('note: ');
    expect(plain.stdout).toContain(
      '`when_to_use` (a Claude Code field, not in the Agent Skills specification): honoured:',
    );
    const strict = await run(['skills', 'lint', '--strict', dir], { env: childEnv(box, undefined) });
    expect(strict.code).toBe(1);
    expect(strict.stdout.match(/^problem: /gm)).toHaveLength(2);
    expect(strict.stdout).toContain('`owner`: neither the Agent Skills specification nor Claude Code defines this key');
  });
});
