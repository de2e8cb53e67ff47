/**
 * Entry of the child process the session test kills mid-turn: one agent turn against the
 * parent's mock server, events printed one per line. Arguments: url workroot sessionsDir text.
 */
import { createPolicy } from '@coding-harness/approval';
import { createProviderRegistry } from '@coding-harness/model';
import { createAnthropicProvider } from '@coding-harness/model/anthropic';
import { createToolRegistry } from '@coding-harness/tools';
import { createAgent } from '../agent.js';
import { createSessionStore } from '../session-store.js';

const [url, workroot, sessions, text] = process.argv.slice(2) as [string, string, string, string];
const agent = await createAgent({
  providers: createProviderRegistry([createAnthropicProvider({ apiKey: 'test', baseURL: url })]),
  model: 'claude-sonnet-5-5',
  registry: createToolRegistry(),
  policy: createPolicy({ mode: 'bypassPermissions' }),
  workroot,
  // The parent resumes with the same clock: a resume on another day would (rightly) add a note.
  clock: () => new Date('2026-01-01T12:00:00Z'),
  sessionStore: createSessionStore({ dir: sessions }),
});
process.stdout.write(`${JSON.stringify({ type: 'session', id: agent.sessionId })}\n`);
for await (const event of agent.send(text)) process.stdout.write(`${JSON.stringify(event)}\n`);
