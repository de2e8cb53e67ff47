/**
 * A custom agent's run fields through the built `harness -p` against the mock: `permissionMode`
 * decides its calls (acceptEdits writes where the session's default mode would refuse in -p),
 * `maxTurns` ends its thread, and `skills:` puts each named skill's text into its system prompt.
 * The session's own calls keep the session's mode.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ScriptBuilder } from '@coding-harness/mock-anthropic';
import { afterEach, describe, expect, it } from 'vitest';
import {
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

function put(file: string, text: string): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
}

describe("a custom agent's permissionMode, maxTurns and skills", () => {
  it('its calls run under its mode, its thread stops at maxTurns, its skills are preloaded', async () => {
    const box = makeSandbox();
    writeSkill(
      join(box.home, '.claude', 'skills'),
      'house-style',
      'name: house-style\ndescription: How we write notes.',
      'HOUSE-STYLE-BODY: write in lower case.',
    );
    put(
      join(box.home, '.claude', 'agents', 'scribe.md'),
      [
        '---',
        'name: scribe',
        'description: Writes notes.',
        'tools: Write, Read',
        'permissionMode: acceptEdits',
        'maxTurns: 1',
        'skills: house-style',
        'hooks: { Stop: [] }',
        '---',
        'You are SCRIBE.',
        '',
      ].join('\n'),
    );
    const server = await mock(
      new ScriptBuilder()
        .toolUse('agent', { description: 'note', prompt: 'Write the note.', subagent_type: 'scribe' })
        .toolUse('write_file', { path: 'note.txt', content: 'by the scribe\n' })
        // The main agent, in the default mode, may not write in -p.
        .toolUse('write_file', { path: 'main.txt', content: 'by main\n' })
        .text('done')
        .build(),
    );
    const res = await run(['-C', box.work, '-p', 'go', '--no-sandbox'], { env: childEnv(box, server) });
    expect(res.code, res.stderr).toBe(0);
    const [, sub, afterAgent, last] = server.messageRequests();
    expect(systemText(sub)).toContain('You are SCRIBE.');
    expect(systemText(sub)).toContain('HOUSE-STYLE-BODY: write in lower case.');
    expect(readFileSync(join(box.work, 'note.txt'), 'utf8')).toBe('by the scribe\n');
    // One request, then maxTurns ended the thread without a final answer.
    const agentResult = resultText(toolResults(afterAgent)[0]!);
    expect(agentResult).toContain('stopped without a final answer');
    expect(agentResult).toContain('max_turns');
    expect(existsSync(join(box.work, 'main.txt'))).toBe(false);
    expect(resultText(toolResults(last).at(-1)!)).toContain('needs approval');
    expect(server.messageRequests()).toHaveLength(4);
  });
});
