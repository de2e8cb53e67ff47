/**
 * Real-world compatibility corpus: `fixtures/real-world/<collection-style>/<slug>/SKILL.md`
 * reproduce the frontmatter shapes and quirks of public skill collections (Anthropic's,
 * OpenAI's Codex skills, superpowers, Composio's generated automations, Claude Code, Gemini
 * CLI / OpenCode / pi), with our own text. Each collection's `expected.json` lists every
 * folder: the exact fields a correct parser gives, the problem (a substring of its fix), or
 * `ignored` (not a skill, nothing to say). Nothing else may appear.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { discover } from './discover.js';
import { formatListing } from './listing.js';
import { CLAUDE_CODE_FIELDS } from './fields-claude.js';
import { lint } from './lint.js';
import { loadBody } from './load-body.js';
import { listResources } from './resources.js';
import type { DiscoverResult, Skill } from './types.js';
import { useTempDirs } from './temp-tree.test-helper.js';

const FIXTURES = fs.realpathSync(fileURLToPath(new URL('../fixtures/real-world/', import.meta.url)));

interface Loaded {
  name: string;
  description: string;
  allowedTools?: string[];
  userInvocable?: boolean;
  disableModelInvocation?: boolean;
  argumentHint?: string;
  license?: string;
  compatibility?: string;
  metadata?: Record<string, unknown>;
  /** The Claude Code fields, as `Skill` holds them. */
  whenToUse?: string;
  arguments?: string[];
  disallowedTools?: string[];
  model?: string;
  effort?: string;
  context?: string;
  agent?: string;
  paths?: string[];
  shell?: string;
  /** Keys kept untouched in `extra`, in file order. */
  extraKeys?: string[];
  resources?: string[];
  /** Notes the Agent Skills specification makes strict (lint problems), in order. */
  strictNotes?: string[];
  /** Other notes, in order (those the reference validator refuses among them). */
  notes?: string[];
}
interface Problem {
  /** A substring of the problem message: the fix. */
  problem: string;
  /** The file the problem names, inside the folder; default SKILL.md. */
  file?: string;
}
type Expected = Loaded | Problem | { ignored: true };

const CLAUDE_KEYS = [
  'whenToUse',
  'arguments',
  'disallowedTools',
  'model',
  'effort',
  'context',
  'agent',
  'paths',
  'shell',
] as const;

const isProblem = (e: Expected): e is Problem => 'problem' in e;
const isLoaded = (e: Expected): e is Loaded => 'name' in e;

const collections = fs
  .readdirSync(FIXTURES, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)
  .sort();

function expectedOf(collection: string): Record<string, Expected> {
  return JSON.parse(fs.readFileSync(path.join(FIXTURES, collection, 'expected.json'), 'utf8')) as Record<
    string,
    Expected
  >;
}

const temp = useTempDirs();

async function discoverOnly(explicit: string[]): Promise<DiscoverResult> {
  return discover({ home: temp('skills-rw-home-'), workroot: temp('skills-rw-work-'), explicit, trustProject: false });
}

function byName(skills: Skill[], name: string): Skill {
  const skill = skills.find((s) => s.name === name);
  if (!skill) throw new Error(`skill ${name} did not load`);
  return skill;
}

describe('real-world corpus', () => {
  it('holds the seven collection styles and at least 30 skill folders, every folder listed in expected.json', () => {
    expect(collections).toEqual([
      'anthropic-style',
      'claude-code-style',
      'codex-style',
      'composio-style',
      'gemini-opencode-pi-style',
      'quirks',
      'superpowers-style',
    ]);
    let skillFolders = 0;
    for (const collection of collections) {
      const onDisk = fs
        .readdirSync(path.join(FIXTURES, collection), { withFileTypes: true })
        .filter((d) => d.isDirectory())
        .map((d) => d.name)
        .sort();
      expect(Object.keys(expectedOf(collection)).sort(), collection).toEqual(onDisk);
      skillFolders += Object.values(expectedOf(collection)).filter((e) => !('ignored' in e)).length;
    }
    expect(skillFolders).toBeGreaterThanOrEqual(30);
  });

  it('keeps the quirky fixtures byte-exact (git must not normalise them)', () => {
    const bytes = (slug: string, file = 'SKILL.md') => fs.readFileSync(path.join(FIXTURES, 'quirks', slug, file));
    const crlf = bytes('crlf-endings').toString('latin1');
    expect(crlf.split('\r\n').length).toBeGreaterThan(10);
    expect(crlf.replace(/\r\n/g, '')).not.toContain('\n');
    expect([...bytes('bom-start').subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const both = bytes('bom-crlf-no-final-newline');
    expect([...both.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(both.toString('latin1')).toContain('---\r\n');
    expect(both.at(-1)).not.toBe(0x0a);
    expect(bytes('no-final-newline').at(-1)).toBe('.'.charCodeAt(0));
    expect(bytes('fence-at-eof').toString('utf8').endsWith('\n---')).toBe(true);
    expect(bytes('fence-trailing-blanks').toString('utf8')).toMatch(/^--- {2}\n[\s\S]*\n--- \t\n/);
    expect(bytes('not-utf8').includes(0xe9)).toBe(true);
    expect(bytes('big-body').length).toBeGreaterThan(64 * 1024);
  });

  for (const collection of collections) {
    describe(collection, () => {
      const root = path.join(FIXTURES, collection);
      const expected = expectedOf(collection);

      it('discover loads exactly the expected skills with exact fields, problems and notes', async () => {
        const result = await discoverOnly([root]);
        const loaded = Object.entries(expected).filter((e): e is [string, Loaded] => isLoaded(e[1]));
        const problems = Object.entries(expected).filter((e): e is [string, Problem] => isProblem(e[1]));

        expect(result.skills.map((s) => s.name)).toEqual(loaded.map(([slug]) => slug).sort());
        for (const [slug, want] of loaded) {
          const skill = byName(result.skills, slug);
          expect(skill.name, slug).toBe(want.name);
          expect(skill.description, slug).toBe(want.description);
          expect(skill.dir, slug).toBe(path.join(root, slug));
          expect(skill.file, slug).toBe(path.join(root, slug, 'SKILL.md'));
          expect(skill.source, slug).toBe('explicit');
          expect(skill.root, slug).toBe(root);
          expect(skill.allowedTools, slug).toEqual(want.allowedTools ?? []);
          expect(skill.userInvocable, slug).toBe(want.userInvocable ?? true);
          expect(skill.disableModelInvocation, slug).toBe(want.disableModelInvocation ?? false);
          expect(skill.argumentHint, slug).toBe(want.argumentHint);
          expect(skill.license, slug).toBe(want.license);
          expect(skill.compatibility, slug).toBe(want.compatibility);
          expect(skill.metadata, slug).toEqual(want.metadata);
          for (const key of CLAUDE_KEYS) expect(skill[key], `${slug} ${key}`).toEqual(want[key]);
          expect(Object.keys(skill.extra), slug).toEqual(want.extraKeys ?? []);
          expect(listResources(skill).resources, slug).toEqual(want.resources ?? []);

          const notes = result.notes.filter((n) => n.path === skill.file);
          const strict = notes.filter((n) => n.strict === true).map((n) => n.message);
          const plain = notes.filter((n) => n.strict !== true).map((n) => n.message);
          expect(strict.length, `${slug} strict notes: ${strict.join(' | ')}`).toBe(want.strictNotes?.length ?? 0);
          want.strictNotes?.forEach((text, i) => expect(strict[i], slug).toContain(text));
          expect(plain.length, `${slug} notes: ${plain.join(' | ')}`).toBe(want.notes?.length ?? 0);
          want.notes?.forEach((text, i) => expect(plain[i], slug).toContain(text));
        }

        expect(result.problems.length, result.problems.map((p) => `${p.path}: ${p.message}`).join('\n')).toBe(
          problems.length,
        );
        for (const [slug, want] of problems) {
          const file = path.join(root, slug, want.file ?? 'SKILL.md');
          const found = result.problems.filter((p) => p.path === file);
          expect(found, slug).toHaveLength(1);
          expect(found[0]?.message, slug).toContain(want.problem);
        }
        // Every note is about a loaded skill of this collection (counted exactly above).
        const files = new Set(result.skills.map((s) => s.file));
        for (const note of result.notes) expect(files.has(note.path), `${note.path}: ${note.message}`).toBe(true);
      });

      it('lint --strict adds what the reference validator refuses: unknown keys and the refused notes', async () => {
        const loose = (await lint([root])).filter((f) => f.severity === 'problem').length;
        const strict = (await lint([root], { strict: true })).filter((f) => f.severity === 'problem');
        const refused = Object.values(expected)
          .filter(isLoaded)
          .map(
            (want) =>
              (want.notes ?? []).filter((n) => n.includes('refuse')).length +
              ((want.extraKeys ?? []).some((k) => !(k in CLAUDE_CODE_FIELDS)) ? 1 : 0),
          )
          .reduce((a, b) => a + b, 0);
        expect(strict.length, strict.map((f) => f.message).join('\n')).toBe(loose + refused);
      });

      it('lint reports each expected problem and strict note as a problem, nothing more', async () => {
        const findings = await lint([root]);
        const wantProblems = new Map<string, string[]>();
        for (const [slug, want] of Object.entries(expected)) {
          if (isProblem(want)) wantProblems.set(path.join(root, slug, want.file ?? 'SKILL.md'), [want.problem]);
          else if (isLoaded(want) && want.strictNotes)
            wantProblems.set(path.join(root, slug, 'SKILL.md'), want.strictNotes);
        }
        const got = findings.filter((f) => f.severity === 'problem');
        expect(got.length, got.map((f) => `${f.path}: ${f.message}`).join('\n')).toBe(
          [...wantProblems.values()].flat().length,
        );
        for (const [file, texts] of wantProblems) {
          const messages = got.filter((f) => f.path === file).map((f) => f.message);
          expect(messages.length, file).toBe(texts.length);
          texts.forEach((text, i) => expect(messages[i], file).toContain(text));
        }
        for (const [slug, want] of Object.entries(expected)) {
          if (!isLoaded(want)) continue;
          const file = path.join(root, slug, 'SKILL.md');
          const unknown = (want.extraKeys ?? []).filter((k) => !(k in CLAUDE_CODE_FIELDS));
          const note = findings.find((f) => f.path === file && f.message.includes('nor Claude Code defines'));
          if (unknown.length === 0) expect(note, slug).toBeUndefined();
          else expect(note?.message, slug).toContain(unknown.map((k) => `\`${k}\``).join(', '));
          for (const key of want.extraKeys ?? [])
            if (key in CLAUDE_CODE_FIELDS)
              expect(
                findings.some((f) => f.path === file && f.message.startsWith(`\`${key}\` (a Claude Code field`)),
                `${slug} ${key}`,
              ).toBe(true);
        }
        for (const f of findings) expect(f.path.startsWith(root + path.sep), f.path).toBe(true);
      });
    });
  }

  it('loads every collection together with no shadowing, and lists every model-invocable skill', async () => {
    const result = await discoverOnly(collections.map((c) => path.join(FIXTURES, c)));
    const all = collections.flatMap((c) => Object.values(expectedOf(c)));
    expect(result.skills).toHaveLength(all.filter(isLoaded).length);
    expect(result.problems).toHaveLength(all.filter(isProblem).length);
    expect(result.notes.filter((n) => n.message.includes('shadows'))).toEqual([]);
    const listing = formatListing(result.skills, { budgetChars: 100_000 });
    for (const skill of result.skills) {
      expect(listing.includes(`- ${skill.name}: `), skill.name).toBe(!skill.disableModelInvocation);
    }
  });

  it('keeps passthrough keys untouched: hooks, requires, metadata lists of maps', async () => {
    const cc = await discoverOnly([path.join(FIXTURES, 'claude-code-style')]);
    expect(byName(cc.skills, 'lint-guard').extra.hooks).toEqual({
      PostToolUse: [
        {
          matcher: 'Edit|Write',
          hooks: [{ type: 'command', command: 'npx eslint --max-warnings 0 $CLAUDE_FILE_PATHS', timeout: 30 }],
        },
      ],
    });
    expect(byName(cc.skills, 'deploy-check').extra).toEqual({});
    expect(byName(cc.skills, 'ui-review').extra).toEqual({});
    const composio = await discoverOnly([path.join(FIXTURES, 'composio-style')]);
    expect(byName(composio.skills, 'issue-tracker-automation').extra.requires).toEqual({ mcp: ['toolhub', 'github'] });
    expect(byName(composio.skills, 'kanban-board-automation').extra.requires).toEqual({ mcp: ['toolhub'] });
    const superpowers = await discoverOnly([path.join(FIXTURES, 'superpowers-style')]);
    expect(byName(superpowers.skills, 'plan-writing').extra).toEqual({
      version: '1.0.3',
      languages: 'all',
    });
  });

  it('reads bodies of the quirky files as written, line endings normalised', async () => {
    const { skills } = await discoverOnly([path.join(FIXTURES, 'quirks')]);
    expect(await loadBody(byName(skills, 'crlf-endings'))).toEqual({
      ok: true,
      body: '\n# CRLF\n\nBody line one.\nBody line two.\n',
    });
    expect(await loadBody(byName(skills, 'bom-crlf-no-final-newline'))).toEqual({
      ok: true,
      body: '\nLast line has no newline.',
    });
    expect(await loadBody(byName(skills, 'no-final-newline'))).toEqual({ ok: true, body: '\n# Body\n\nEnds here.' });
    expect(await loadBody(byName(skills, 'fence-at-eof'))).toEqual({ ok: true, body: '' });
    const big = await loadBody(byName(skills, 'big-body'));
    expect(big.ok && big.body.split('\n')).toHaveLength(401);
    expect(big.ok && big.body.endsWith(`399 ${'x'.repeat(195)}\n`)).toBe(true);
  });
});
