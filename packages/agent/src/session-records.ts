/**
 * The shapes of a session file's lines, as types and as the schemas that check them at load.
 * A session file is input like any other (a crash, a full disk, an older or newer harness, a
 * hand edit can leave anything in it): every line is checked before it is used, and one that
 * does not fit is skipped by the loader, never trusted. The schemas only check; the loader keeps
 * the parsed JSON itself (upgraded to neutral parts where an older harness wrote API blocks), and
 * a provider's serialisation of it is deterministic, so what is sent back keeps its exact bytes.
 */
import type { Effort, Message, SystemText, ToolSpec } from '@coding-harness/model';
import * as z from 'zod/mini';
import type { PluginRecord } from './hooks.js';
import { upgradeRecord } from './session-upgrade.js';

/** The first line of every session file. */
export interface SessionHeader {
  type: 'session';
  id: string;
  workroot: string;
  model: string;
  createdAt: string;
}

/**
 * The exact system texts and tools the session's first request sent (neutral; a provider turns
 * them into the same bytes every time). A resumed session sends these again unchanged: a provider
 * may check that thinking sent back was produced under the same prefix
 * (docs/2026-12-01-append-only-prefix.md).
 */
export interface SessionPrefix {
  system: SystemText[];
  tools: ToolSpec[];
}

/** One line after the header. */
export type SessionRecord =
  | { type: 'message'; message: Message }
  /** The transcript was compacted: these messages replace everything before. */
  | { type: 'compaction'; messages: Message[] }
  /** The transcript keeps only its first `keep` messages (e.g. the refused exchange is dropped). */
  | { type: 'truncate'; keep: number }
  /** The prefix sent with every request of this session; written right after the header. */
  | ({ type: 'prefix' } & SessionPrefix)
  /**
   * The model and effort in force from here on (a `setModel` / `setEffort` switch; no `effort`:
   * the model's default). A resume continues with the last one; the prefix is not touched.
   */
  | { type: 'settings'; model: string; effort?: Effort }
  /**
   * The system prompt and tools a resume note told the model are current (written after that
   * note's message): a later resume tells only what changed since, not the same news again.
   */
  | ({ type: 'current' } & SessionPrefix);

/** Session ids are file names: letters, digits, `-` and `_` only (no `/`, `.`, NUL), at most 128. */
export const SESSION_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/;

/** True when `id` can name a session file. */
export function isSessionId(id: string): boolean {
  return typeof id === 'string' && SESSION_ID.test(id);
}

const meta = z.optional(z.record(z.string(), z.record(z.string(), z.unknown())));
const text = z.looseObject({ type: z.literal('text'), text: z.string(), meta });
const image = z.looseObject({ type: z.literal('image'), mediaType: z.string(), data: z.string() });
const document = z.looseObject({
  type: z.literal('document'),
  mediaType: z.enum(['application/pdf', 'text/plain']),
  data: z.string(),
  title: z.optional(z.string()),
});
const resultPart = z.discriminatedUnion('type', [text, image, document]);
/**
 * One schema per part type the harness sends back; a part of any other type makes the message
 * unusable. Parts of files written before the model layer are upgraded before the check
 * (session-upgrade.ts).
 */
const part = z.discriminatedUnion('type', [
  text,
  image,
  document,
  z.looseObject({ type: z.literal('thinking'), text: z.string(), redacted: z.optional(z.boolean()), meta }),
  z.looseObject({
    type: z.literal('tool_call'),
    id: z.string().check(z.minLength(1)),
    name: z.string().check(z.minLength(1)),
    input: z.record(z.string(), z.unknown()),
    meta,
  }),
  z.looseObject({
    type: z.literal('tool_result'),
    callId: z.string().check(z.minLength(1)),
    content: z.array(resultPart),
    isError: z.optional(z.boolean()),
  }),
  z.looseObject({
    type: z.literal('provider'),
    provider: z.string().check(z.minLength(1)),
    kind: z.string(),
    block: z.looseObject({ type: z.string() }),
    text: z.optional(z.string()),
  }),
]);

const systemText = z.looseObject({ text: z.string() });
const tool = z.looseObject({
  name: z.string().check(z.minLength(1)),
  description: z.string(),
  inputSchema: z.looseObject({}),
});

/** What a mid-conversation system message holds: text, and tools offered or withdrawn from there on. */
const systemPart = z.discriminatedUnion('type', [
  text,
  z.looseObject({ type: z.literal('tool_addition'), tool }),
  z.looseObject({ type: z.literal('tool_removal'), name: z.string().check(z.minLength(1)) }),
]);

const message = z.union([
  z.looseObject({ role: z.enum(['user', 'assistant']), content: z.array(part).check(z.minLength(1)) }),
  z.looseObject({ role: z.literal('system'), content: z.array(systemPart).check(z.minLength(1)) }),
]);

const headerSchema = z.looseObject({
  type: z.literal('session'),
  id: z.string(),
  workroot: z.string(),
  model: z.string(),
  createdAt: z.string(),
});

const recordSchemas = {
  message: z.looseObject({ type: z.literal('message'), message }),
  compaction: z.looseObject({ type: z.literal('compaction'), messages: z.array(message) }),
  truncate: z.looseObject({ type: z.literal('truncate'), keep: z.number().check(z.int(), z.nonnegative()) }),
  prefix: z.looseObject({
    type: z.literal('prefix'),
    system: z.array(systemText).check(z.minLength(1)),
    tools: z.array(tool),
  }),
  settings: z.looseObject({
    type: z.literal('settings'),
    model: z.string().check(z.minLength(1)),
    // Checked against the model's descriptor when applied: an effort the model does not take is a notice then.
    effort: z.optional(z.string()),
  }),
  current: z.looseObject({
    type: z.literal('current'),
    system: z.array(systemText).check(z.minLength(1)),
    tools: z.array(tool),
  }),
} as const;

/** The record types the agent writes itself (the header's too): a plugin record never has one of these. */
export const RECORD_TYPES: readonly string[] = [...Object.keys(recordSchemas), 'session'];

/** Checks a parsed header line; the value itself is returned untouched. */
export function checkHeader(value: unknown): { ok: true; header: SessionHeader } | { ok: false; why: string } {
  const result = headerSchema.safeParse(value);
  return result.success ? { ok: true, header: value as SessionHeader } : { ok: false, why: firstIssue(result.error) };
}

/**
 * Checks one parsed record line, after upgrading what an older harness wrote (session-upgrade.ts):
 * `plugin` for an object whose `type` the agent does not write itself (a plugin's record, kept
 * as it is for the plugins; a newer harness's kinds land here too), `unknown` for a line with no
 * string `type`, `invalid` with the first problem when one of the agent's records does not fit.
 */
export function checkRecord(
  parsed: unknown,
):
  | { ok: true; record: SessionRecord }
  | { ok: 'plugin'; record: PluginRecord }
  | { ok: false; unknown: boolean; why: string } {
  const value = upgradeRecord(parsed);
  const type =
    typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as { type?: unknown }).type
      : undefined;
  const schema =
    typeof type === 'string' && Object.hasOwn(recordSchemas, type)
      ? recordSchemas[type as keyof typeof recordSchemas]
      : undefined;
  if (type === 'session') return { ok: false, unknown: false, why: 'a second header line' };
  if (!schema)
    return typeof type === 'string' && type !== ''
      ? { ok: 'plugin', record: value as PluginRecord }
      : { ok: false, unknown: true, why: 'not a record (no "type")' };
  const result = schema.safeParse(value);
  return result.success
    ? { ok: true, record: value as SessionRecord }
    : { ok: false, unknown: false, why: firstIssue(result.error) };
}

function firstIssue(error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] }): string {
  const issue = error.issues[0];
  if (!issue) return 'does not fit';
  const at = issue.path.map(String).join('.');
  return at === '' ? issue.message : `${at}: ${issue.message}`;
}
