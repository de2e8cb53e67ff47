// Run inside the outside-consumer project: a library user's own agent. It adds a tool of its own
// (declared with zod through `defineTool`; an `exec` tool that approval would ask about, allowed
// by a rule that names it by its rule name), drops bash, sets its own system prompt, and runs one
// turn against the scripted mock server. Prints one JSON object with what the mock received and what the turn produced.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createAgent } from '@coding-harness/agent';
import { createPolicy } from '@coding-harness/approval';
import { createProviderRegistry } from '@coding-harness/model';
import { createAnthropicProvider } from '@coding-harness/model/anthropic';
import { MOCK_MODELS, ScriptBuilder, startMockServer } from '@coding-harness/mock-anthropic';
import { createToolRegistry, defineTool } from '@coding-harness/tools';
import * as z from 'zod';

const SYSTEM_PROMPT = 'You are Shouty, an assistant that answers in capitals.';
const shout = defineTool({
  name: 'shout',
  description: 'Returns the text in capitals.',
  kind: 'exec',
  ruleNames: ['Shout'],
  pathFields: [],
  schema: z.object({ text: z.string() }).strict(),
  summarize: (input) => `shout ${input.text}`,
  permission: (input) => ({ kind: 'exec', target: input.text }),
  execute: async (input) => ({
    content: [{ type: 'text', text: input.text.toUpperCase() }],
    display: 'shouted',
    isError: false,
  }),
});

const home = mkdtempSync(path.join(os.tmpdir(), 'consumer-home-'));
const workroot = mkdtempSync(path.join(os.tmpdir(), 'consumer-root-'));
const server = await startMockServer({
  script: new ScriptBuilder().toolUse('shout', { text: 'hello' }, { text: 'Shouting.' }).text('Done: HELLO.').build(),
});
try {
  const registry = createToolRegistry({ tools: [shout], omit: ['bash'] });
  const agent = await createAgent({
    providers: createProviderRegistry([createAnthropicProvider({ apiKey: 'sk-test', baseURL: server.url })]),
    model: MOCK_MODELS[0].id,
    registry,
    policy: createPolicy({ mode: 'default', tools: registry.ruleNames(), allow: ['Shout'] }),
    systemPrompt: SYSTEM_PROMPT,
    workroot,
    configDir: path.join(home, '.config/coding-harness'),
  });
  const events = [];
  for await (const event of agent.send('shout hello')) events.push(event);
  const requests = server.messageRequests().map((r) => r.body);
  const last = requests.at(-1);
  console.log(
    JSON.stringify({
      systemPrompt: agent.systemPrompt,
      system: requests.map((b) => JSON.stringify(b.system)),
      tools: requests.map((b) => b.tools.map((t) => t.name)),
      toolResult: last.messages
        .flatMap((m) => (Array.isArray(m.content) ? m.content : []))
        .find((c) => c.type === 'tool_result'),
      events: events.map((e) => e.type),
      errors: events.filter((e) => e.type === 'error').map((e) => e.message),
      end: events.at(-1),
    }),
  );
} finally {
  await server.close();
  rmSync(home, { recursive: true, force: true });
  rmSync(workroot, { recursive: true, force: true });
}
