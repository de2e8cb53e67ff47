// A small stdio MCP server for the tests, written with the SDK's server half: tools that exit
// the process mid-session, return more text than the cap, print the environment, and (with
// FIXTURE_TOOLS=N) N numbered tools for the deferred-loading tests.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { z } from 'zod';

const server = new McpServer({ name: 'fixture', version: '1.0.0' });
// FIXTURE_BASE=0: only the numbered tools (the request-size benchmark counts them alone).
const base = process.env.FIXTURE_BASE !== '0';
if (base)
  server.registerTool('die', { description: 'Exits the server process', inputSchema: {} }, async () => {
    setTimeout(() => process.exit(3), 10);
    return { content: [{ type: 'text', text: 'exiting' }] };
  });
if (base)
  server.registerTool(
    'big',
    { description: 'Returns N characters of text', inputSchema: { chars: z.number().int() } },
    async ({ chars }) => ({ content: [{ type: 'text', text: 'x'.repeat(chars) }] }),
  );
if (base)
  server.registerTool(
    'env',
    { description: 'The environment as JSON', inputSchema: {}, annotations: { readOnlyHint: true } },
    async () => ({
      content: [{ type: 'text', text: JSON.stringify(process.env) }],
    }),
  );
if (base)
  server.registerTool(
    'structured',
    { description: 'Structured content with a resource link', inputSchema: {}, outputSchema: { n: z.number() } },
    async () => ({
      content: [
        { type: 'resource_link', uri: 'file:///tmp/a.txt', name: 'a.txt', description: 'a file' },
        { type: 'resource', resource: { uri: 'mem://note', text: 'embedded note' } },
      ],
      structuredContent: { n: 42 },
    }),
  );
const count = Number(process.env.FIXTURE_TOOLS ?? 0);
for (let i = 0; i < count; i += 1)
  server.registerTool(
    `tool_${i}`,
    {
      description: `Numbered tool ${i}: looks up record ${i} in the fixture's table of widgets, gadgets and gizmos, returning its fields.`,
      inputSchema: {
        id: z.string().describe('The record id'),
        verbose: z.boolean().optional().describe('Every field'),
      },
    },
    async ({ id }) => ({ content: [{ type: 'text', text: `record ${i}: ${id}` }] }),
  );
await server.connect(new StdioServerTransport());
process.stderr.write('fixture server ready\n');
