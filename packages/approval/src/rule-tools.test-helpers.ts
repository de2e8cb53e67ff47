import fs from 'node:fs';
import type { RuleTool } from './types.js';

/**
 * Test helper: the harness's rule table (the built-in tools and the skill tool), as a session's
 * tool registry hands it out. Approval may not import the tools or session packages, so its tests
 * read the file the session pins that table to (`packages/session/fixtures/rule-names.json`,
 * checked there): one source, no copy here.
 */
export const TOOLS: readonly RuleTool[] = Object.freeze(
  JSON.parse(fs.readFileSync(new URL('../../session/fixtures/rule-names.json', import.meta.url), 'utf8')) as RuleTool[],
);

/** Test helper: the entry of one built-in tool. */
export function toolEntry(name: string): RuleTool {
  const entry = TOOLS.find((t) => t.name === name);
  if (entry === undefined) throw new Error(`no built-in tool ${name}`);
  return entry;
}
