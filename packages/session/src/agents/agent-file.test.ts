import { describe, expect, it } from 'vitest';
import { parseAgentText, toolList } from './agent-file.js';

const at = { file: '/h/.claude/agents/x.md', fallbackName: 'x', source: 'personal' as const };

describe("an agent file, Claude Code's format", () => {
  it('reads name, description, tools, model and the body as its system prompt; other keys kept aside', () => {
    const r = parseAgentText(
      '---\nname: code-reviewer\ndescription: Reviews code after changes.\ntools: Read, Grep, Glob, Bash\nmodel: sonnet\ncolor: blue\n---\nYou are a careful reviewer.\n\nCheck the diff.\n',
      at,
    );
    expect(r).toEqual({
      ok: true,
      notes: [],
      agent: {
        name: 'code-reviewer',
        description: 'Reviews code after changes.',
        tools: ['Read', 'Grep', 'Glob', 'Bash'],
        model: 'sonnet',
        prompt: 'You are a careful reviewer.\n\nCheck the diff.',
        source: 'personal',
        file: at.file,
        extra: { color: 'blue' },
      },
    });
  });

  it('model inherit means the session model; tools as a YAML list; disallowedTools; a plugin namespace', () => {
    const r = parseAgentText(
      '---\nname: helper\ndescription: Helps\ntools:\n  - Read\n  - Edit\ndisallowedTools: Bash\nmodel: inherit\neffort: low\n---\nHelp.\n',
      { ...at, source: 'plugin', namespace: 'superpowers' },
    );
    if (!r.ok) throw new Error(r.problem);
    expect(r.agent).toMatchObject({
      name: 'superpowers:helper',
      plugin: 'superpowers',
      tools: ['Read', 'Edit'],
      disallowedTools: ['Bash'],
      effort: 'low',
    });
    expect(r.agent.model).toBeUndefined();
  });

  it('a description with an unquoted colon and examples still loads (as Claude Code reads such files)', () => {
    const r = parseAgentText(
      '---\nname: planner\ndescription: Use this agent when: the user asks for a plan. Examples: <example>plan it</example>\n---\nPlan.\n',
      at,
    );
    expect(r.ok && r.agent.description).toBe(
      'Use this agent when: the user asks for a plan. Examples: <example>plan it</example>',
    );
  });

  it("a block-scalar description full of examples and quotes (the plugin marketplaces' style) loads whole", () => {
    const r = parseAgentText(
      [
        '---',
        'name: step-reviewer',
        'description: |',
        '  Use this agent when a step of the plan is done. Examples: <example>user: "step 3 is finished"',
        '  assistant: "I will ask the step-reviewer agent"</example>',
        'model: inherit',
        'tools: Read, Glob, Grep, Bash',
        '---',
        '',
        'You review finished steps against the plan.',
      ].join('\n'),
      at,
    );
    if (!r.ok) throw new Error(r.problem);
    expect(r.agent.description).toBe(
      'Use this agent when a step of the plan is done. Examples: <example>user: "step 3 is finished"\nassistant: "I will ask the step-reviewer agent"</example>',
    );
    expect(r.agent.tools).toEqual(['Read', 'Glob', 'Grep', 'Bash']);
    expect(r.agent.model).toBeUndefined();
    expect(r.agent.prompt).toBe('You review finished steps against the plan.');
  });

  it('skips a file without a description, without a body, or with a name that cannot be typed, saying why', () => {
    expect(parseAgentText('---\nname: a\n---\nBody\n', at)).toEqual({
      ok: false,
      problem: 'the agent has no `description`: add one saying when the main agent should use it',
    });
    expect(parseAgentText('---\nname: a\ndescription: d\n---\n\n', at)).toMatchObject({
      ok: false,
      problem: expect.stringContaining('no body'),
    });
    expect(parseAgentText('---\nname: "../evil"\ndescription: d\n---\nx\n', at)).toMatchObject({
      ok: false,
      problem: expect.stringContaining('cannot be typed'),
    });
    expect(parseAgentText('no frontmatter at all', at)).toMatchObject({
      ok: false,
      problem: expect.stringContaining('frontmatter'),
    });
  });

  it('a missing name falls back to the file name', () => {
    const r = parseAgentText('---\ndescription: d\n---\nx\n', { ...at, fallbackName: 'from-file' });
    expect(r.ok && r.agent.name).toBe('from-file');
  });

  it('splits tool lists on commas outside parentheses', () => {
    expect(toolList('Read, Bash(git diff:*, x), Agent(reviewer)')).toEqual([
      'Read',
      'Bash(git diff:*, x)',
      'Agent(reviewer)',
    ]);
    expect(toolList(['Read', 3, ' Grep '])).toEqual(['Read', 'Grep']);
    expect(toolList(undefined)).toBeUndefined();
    expect(toolList('')).toEqual([]);
  });

  it("permissionMode, maxTurns and skills apply; a bad value, mcpServers and a plugin agent's mode and hooks are notes", () => {
    const good = parseAgentText(
      '---\nname: a\ndescription: d\npermissionMode: acceptEdits\nmaxTurns: 3\nskills: [style, tests]\n---\nP\n',
      at,
    );
    if (!good.ok) throw new Error(good.problem);
    expect(good.agent).toMatchObject({ permissionMode: 'acceptEdits', maxTurns: 3, skills: ['style', 'tests'] });
    expect(good.notes).toEqual([]);
    const bad = parseAgentText(
      '---\nname: a\ndescription: d\npermissionMode: dontAsk\nmaxTurns: -1\nhooks: {}\nmcpServers: [x]\n---\nP\n',
      at,
    );
    if (!bad.ok) throw new Error(bad.problem);
    expect(bad.agent.permissionMode).toBeUndefined();
    expect(bad.agent.maxTurns).toBeUndefined();
    expect(bad.agent.hooks).toEqual({});
    expect(bad.agent.mcpServers).toEqual(['x']);
    const inline = parseAgentText(
      '---\nname: a\ndescription: d\nmcpServers:\n  - github\n  - local: {command: x}\n---\nP\n',
      at,
    );
    if (!inline.ok) throw new Error(inline.problem);
    expect(inline.agent.mcpServers).toEqual(['github']);
    expect(inline.notes).toEqual([
      '`mcpServers`: inline server configs are not run for agents by this harness yet; configure the server (.mcp.json, settings, --mcp-config) and name it',
    ]);
    expect(bad.notes).toEqual([
      "`permissionMode: dontAsk` is not one of default, acceptEdits, plan, bypassPermissions: the session's mode is used",
      "`maxTurns: -1` is not a whole number above 0: the session's limit is used",
    ]);
    const plugin = parseAgentText(
      '---\nname: a\ndescription: d\npermissionMode: bypassPermissions\nhooks: {Stop: []}\n---\nP\n',
      {
        ...at,
        source: 'plugin',
        namespace: 'p',
      },
    );
    if (!plugin.ok) throw new Error(plugin.problem);
    expect(plugin.agent.permissionMode).toBeUndefined();
    expect(plugin.agent.hooks).toBeUndefined();
    expect(plugin.notes).toEqual([
      "`permissionMode` is not applied to a plugin's agent: the session's mode is used",
      "`hooks` is not applied to a plugin's agent: plugins give hooks in hooks/hooks.json",
    ]);
  });
});
