/**
 * What an invoked skill changes for its turn, through the built bin against the mock: the
 * requests the model gets (tools, model, effort, the subagent's task) and the tool_results.
 */
import { join } from 'node:path';
import { ScriptBuilder } from '@coding-harness/mock-anthropic';
import { afterEach, describe, expect, it } from 'vitest';
import type { Sandbox } from './test-support/cli.js';
import {
  body,
  childEnv,
  cleanup,
  makeSandbox,
  mock,
  resultText,
  run,
  systemText,
  toolResults,
  writeSkill,
} from './test-support/cli.js';

afterEach(cleanup);

/** A personal skill in the sandbox home. */
function skill(box: Sandbox, name: string, frontmatter: string[], text: string): void {
  writeSkill(
    join(box.home, '.agents', 'skills'),
    name,
    [`name: ${name}`, `description: The ${name} skill.`, ...frontmatter].join('\n'),
    text,
  );
}

const toolNames = (request: Parameters<typeof body>[0]) => (body(request).tools ?? []).map((t) => t.name);

describe('an invoked skill and its turn (built CLI, mock API)', () => {
  it('disallowed-tools: bash ran before the skill loaded; after it loads, bash is refused in the same turn, naming the skill', async () => {
    const box = makeSandbox();
    skill(box, 'audit', ['disallowed-tools: Bash'], 'Audit without running commands.\n');
    const server = await mock(
      new ScriptBuilder()
        .toolUse('bash', { command: 'echo before' })
        .toolUse('skill', { name: 'audit' })
        .toolUse('bash', { command: 'echo after' })
        .text('audited')
        .build(),
    );
    const res = await run(['-C', box.work, '-p', 'audit the code', '--permission-mode', 'bypass'], {
      env: childEnv(box, server),
    });
    expect(res.code).toBe(0);
    const ran = toolResults(server.messageRequests()[1]).at(-1)!;
    expect(resultText(ran)).toContain('before');
    const refused = toolResults(server.messageRequests()[3]).at(-1)!;
    expect(refused.is_error).toBe(true);
    expect(resultText(refused)).toBe(
      'This bash call is denied by the rule bash (skill audit (disallowed-tools), this turn); it was not run.',
    );
  });

  it('model and effort: the requests after the skill loads use them, with a notice event', async () => {
    const box = makeSandbox();
    skill(box, 'quick', ['model: haiku', 'effort: low'], 'Be brief.\n');
    const server = await mock(new ScriptBuilder().text('brief').build());
    const res = await run(['-C', box.work, '-p', '/quick now', '--output-format', 'events'], {
      env: childEnv(box, server),
    });
    expect(res.code).toBe(0);
    const first = body(server.messageRequests()[0]) as { model?: string; output_config?: unknown };
    expect(first.model).toBe('claude-haiku-5-5');
    expect(first.output_config).toEqual({ effort: 'low' });
    const notices = res.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { type: string; message?: string })
      .filter((e) => e.type === 'notice')
      .map((e) => e.message);
    expect(
      notices.some((m) =>
        m?.startsWith('skill quick: model claude-haiku-5-5 and effort low for the rest of this turn'),
      ),
    ).toBe(true);
  });

  it('context: fork with agent: Explore runs a subagent: its request has the skill body as the task and read-only tools; the parent gets its final text as the tool_result', async () => {
    const box = makeSandbox();
    skill(box, 'survey', ['context: fork', 'agent: Explore'], 'Survey the work root and report: $ARGUMENTS\n');
    const server = await mock(
      new ScriptBuilder()
        .toolUse('glob', { pattern: '*' })
        .text('FINDINGS: nothing here')
        .text('The survey found nothing.')
        .build(),
    );
    const res = await run(['-C', box.work, '-p', '/survey briefly', '--output-format', 'json'], {
      env: childEnv(box, server),
    });
    expect(res.code).toBe(0);
    const requests = server.messageRequests();
    expect(requests).toHaveLength(3);
    const sub = requests[0];
    expect(toolNames(sub)).toEqual(['read_file', 'glob', 'grep']);
    expect(body(sub).messages).toHaveLength(1);
    expect(JSON.stringify(body(sub).messages[0])).toContain('Survey the work root and report: briefly');
    expect(systemText(sub)).toContain('subagent running the skill "survey"');
    expect(toolNames(requests[2])).toContain('skill');
    const answer = toolResults(requests[2]).at(-1)!;
    expect(answer.is_error ?? false).toBe(false);
    expect(resultText(answer)).toContain('FINDINGS: nothing here');
    const out = JSON.parse(res.stdout.trim().split('\n').at(-1)!) as { result: string; num_turns?: number };
    expect(out.result).toBe('The survey found nothing.');
  });

  it('stacked /a /b args loads both skills, each with the arguments', async () => {
    const box = makeSandbox();
    skill(box, 'alpha', [], 'Alpha: $ARGUMENTS\n');
    skill(box, 'beta', [], 'Beta: $ARGUMENTS\n');
    const server = await mock(new ScriptBuilder().text('ok').build());
    const res = await run(['-C', box.work, '-p', '/alpha /beta the release'], { env: childEnv(box, server) });
    expect(res.code).toBe(0);
    const results = toolResults(server.messageRequests()[0]).map(resultText);
    expect(results).toHaveLength(2);
    expect(results[0]).toContain('Alpha: the release');
    expect(results[1]).toContain('Beta: the release');
  });

  it("a skill denied by --disallowed-tools 'Skill(deploy *)' is not in the listing or the skill tool's schema", async () => {
    const box = makeSandbox();
    skill(box, 'deploy', [], 'Ship it.\n');
    skill(box, 'review', [], 'Review it.\n');
    const server = await mock(new ScriptBuilder().text('ok').build());
    const res = await run(['-C', box.work, '-p', 'hi', '--disallowed-tools', 'Skill(deploy *)'], {
      env: childEnv(box, server),
    });
    expect(res.code).toBe(0);
    const request = server.messageRequests()[0];
    expect(systemText(request)).toContain('review');
    expect(systemText(request)).not.toContain('deploy');
    const schema = JSON.stringify(body(request).tools?.find((t) => t.name === 'skill'));
    expect(schema).toContain('review');
    expect(schema).not.toContain('deploy');
  });
});
