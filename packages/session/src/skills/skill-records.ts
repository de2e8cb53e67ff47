/**
 * The skills plugin's record in the session file: `{"type":"skill","name","args","content"}`,
 * one per successful (non-fork) load, `content` being the text the model got (secrets already
 * redacted). Compaction puts that text back; nothing is loaded or run again. Records written
 * before the plugin kept `content` have only `name` and `args`: their text is looked up in the
 * transcript, else the skill is named without it.
 */
import type { PluginRecord } from '@coding-harness/agent';
import type { Message } from '@coding-harness/model';
import { resultText } from '@coding-harness/model';

/** The record type (the same one the agent wrote before the skills runtime became a plugin). */
export const SKILL_RECORD = 'skill';

/** One load as the session file keeps it. */
export interface SkillRecord extends PluginRecord {
  type: typeof SKILL_RECORD;
  name: string;
  args: string;
  /** The loaded text as the model got it; absent in records of older harnesses. */
  content?: string;
}

export function skillRecord(name: string, args: string, content: string): SkillRecord {
  return { type: SKILL_RECORD, name, args, content };
}

function isSkillRecord(r: PluginRecord): r is SkillRecord {
  return (
    r.type === SKILL_RECORD &&
    typeof r.name === 'string' &&
    r.name !== '' &&
    typeof r.args === 'string' &&
    (r.content === undefined || typeof r.content === 'string')
  );
}

/** The loaded skills of a conversation, the latest load of each, newest first; malformed records are skipped. */
export function latestLoads(records: readonly PluginRecord[]): SkillRecord[] {
  const byName = new Map<string, SkillRecord>();
  for (const r of records) {
    if (!isSkillRecord(r)) continue;
    byName.delete(r.name);
    byName.set(r.name, r);
  }
  return [...byName.values()].reverse();
}

/**
 * For a record without `content` (an older harness's): the result text of the last successful
 * call of `toolName` that loaded `name`, if the transcript still holds it.
 */
export function contentFromTranscript(
  messages: readonly Message[],
  toolName: string,
  name: string,
): string | undefined {
  let callId: string | undefined;
  let found: string | undefined;
  for (const m of messages)
    for (const p of m.content) {
      if (p.type === 'tool_call' && p.name === toolName && (p.input as { name?: unknown } | null)?.name === name)
        callId = p.id;
      else if (p.type === 'tool_result' && p.callId === callId && p.isError !== true) found = resultText(p.content);
    }
  return found;
}
