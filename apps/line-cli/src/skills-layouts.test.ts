/** Plugin, marketplace, monorepo and commands layouts, through the built CLI against the mock: what the model sees. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ScriptBuilder } from '@coding-harness/mock-anthropic';
import { afterEach, describe, expect, it } from 'vitest';
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

function skillEnum(request: Parameters<typeof body>[0]): unknown {
  const tool = body(request).tools?.find((t) => t.name === 'skill');
  return (tool?.input_schema as { properties?: { name?: { enum?: unknown } } } | undefined)?.properties?.name?.enum;
}

describe('skill layouts through the built CLI', () => {
  it('a marketplace given to --skills: /plugin:skill forces the plugin skill, its body reaches the model', async () => {
    const box = makeSandbox();
    const market = join(box.root, 'market');
    mkdirSync(join(market, '.claude-plugin'), { recursive: true });
    writeFileSync(
      join(market, '.claude-plugin', 'marketplace.json'),
      JSON.stringify({ name: 'm', plugins: [{ name: 'security', source: './plugins/security' }] }),
    );
    const plugin = join(market, 'plugins', 'security');
    mkdirSync(join(plugin, '.claude-plugin'), { recursive: true });
    writeFileSync(join(plugin, '.claude-plugin', 'plugin.json'), JSON.stringify({ name: 'security' }));
    writeSkill(
      join(plugin, 'skills'),
      'audit',
      'name: audit\ndescription: Audit code for injection bugs.',
      'Audit steps for $ARGUMENTS: trace every input, then run ${CLAUDE_PLUGIN_ROOT}/scripts/scan.sh.\n',
    );
    mkdirSync(join(plugin, 'commands'), { recursive: true });
    writeFileSync(join(plugin, 'commands', 'triage.md'), 'Triage the open findings.\n');
    const server = await mock(new ScriptBuilder().text('audited').build());
    const done = await run(['-C', box.work, '--skills', market, '-p', '/security:audit src/db.ts'], {
      env: childEnv(box, server),
    });
    expect(done.stderr).toBe('');
    expect(done.code).toBe(0);
    const request = server.messageRequests()[0];
    const system = systemText(request);
    expect(system).toContain('- security:audit: Audit code for injection bugs.');
    // A command without frontmatter is the user's /security:triage only (Claude Code's rule): not offered to the model.
    expect(system).not.toContain('security:triage');
    expect(skillEnum(request)).toEqual(['security:audit']);
    const result = toolResults(request)[0]!;
    expect(result.is_error ?? false).toBe(false);
    expect(resultText(result)).toContain('Skill: security:audit');
    expect(resultText(result)).toContain(
      `Audit steps for src/db.ts: trace every input, then run ${plugin}/scripts/scan.sh.`,
    );
  });

  it('a nested monorepo skill appears in the listing; one clashing with a root skill is named by its folder', async () => {
    const box = makeSandbox();
    mkdirSync(join(box.work, '.git'));
    writeSkill(
      join(box.work, '.agents', 'skills'),
      'deploy',
      'name: deploy\ndescription: Deploy the whole repo.',
      'Root deploy.\n',
    );
    writeSkill(
      join(box.work, 'packages', 'web', '.claude', 'skills'),
      'deploy',
      'name: deploy\ndescription: Deploy the web package.',
      'Web deploy.\n',
    );
    writeSkill(
      join(box.work, 'packages', 'web', '.claude', 'skills'),
      'storybook',
      'name: storybook\ndescription: Run the component stories.',
      'Stories.\n',
    );
    mkdirSync(join(box.work, '.claude', 'commands', 'frontend'), { recursive: true });
    writeFileSync(
      join(box.work, '.claude', 'commands', 'frontend', 'component.md'),
      '# Scaffold a component\n\nMake $ARGUMENTS.\n',
    );
    const server = await mock(new ScriptBuilder().toolUse('skill', { name: 'packages/web:deploy' }).text('ok').build());
    const done = await run(['-C', box.work, '-p', 'deploy the web app'], { env: childEnv(box, server) });
    expect(done.code).toBe(0);
    const system = systemText(server.messageRequests()[0]);
    expect(system).toContain('- deploy: Deploy the whole repo.');
    expect(system).toContain('- packages/web:deploy: Deploy the web package.');
    expect(system).toContain('- storybook: Run the component stories.');
    // Without frontmatter the command is user-only: /frontend:component runs it, the listing leaves it out.
    expect(system).not.toContain('frontend:component');
    const loaded = toolResults(server.messageRequests()[1]).at(-1)!;
    expect(resultText(loaded)).toContain('Web deploy.');
  });

  it('a .claude/commands file without frontmatter runs as /sub:name with $ARGUMENTS substituted', async () => {
    const box = makeSandbox();
    mkdirSync(join(box.work, '.git'));
    mkdirSync(join(box.work, '.claude', 'commands', 'frontend'), { recursive: true });
    writeFileSync(
      join(box.work, '.claude', 'commands', 'frontend', 'component.md'),
      '# Scaffold a component\n\nMake $ARGUMENTS with tests.\n',
    );
    const server = await mock(new ScriptBuilder().text('made').build());
    const done = await run(['-C', box.work, '-p', '/frontend:component Button'], { env: childEnv(box, server) });
    expect(done.code).toBe(0);
    const result = toolResults(server.messageRequests()[0])[0]!;
    expect(result.is_error ?? false).toBe(false);
    expect(resultText(result)).toContain('Make Button with tests.');
    expect(resultText(result)).not.toContain('Files in this skill');
  });

  it('--untrusted: nested and command skills of the repository are not loaded', async () => {
    const box = makeSandbox();
    mkdirSync(join(box.work, '.git'));
    writeSkill(join(box.work, 'pkg', '.agents', 'skills'), 'inner', 'name: inner\ndescription: Inner skill.', 'x\n');
    mkdirSync(join(box.work, '.claude', 'commands'), { recursive: true });
    writeFileSync(join(box.work, '.claude', 'commands', 'go.md'), 'Go.\n');
    const server = await mock(new ScriptBuilder().text('ok').build());
    const done = await run(['-C', box.work, '--untrusted', '-p', 'hi'], { env: childEnv(box, server) });
    expect(done.code).toBe(0);
    const system = systemText(server.messageRequests()[0]);
    expect(system).not.toContain('inner');
    expect(system).not.toContain('- go:');
  });
});
