// A stdio MCP server for the prompt and resource tests, written with the SDK's server half: a
// prompt whose result holds an image, an image resource, and a tool that adds a prompt while
// connected (the server then says its prompt list changed).
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { z } from 'zod';

// A 1x1 PNG.
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

const server = new McpServer({ name: 'prompts-fixture', version: '1.0.0' });
server.registerPrompt(
  'look',
  { description: 'Shows a picture', argsSchema: { what: z.string().describe('what to look for') } },
  ({ what }) => ({
    messages: [
      { role: 'user', content: { type: 'text', text: `Find ${what} in this picture.` } },
      { role: 'user', content: { type: 'image', data: PNG, mimeType: 'image/png' } },
    ],
  }),
);
server.registerResource('dot', 'fixture://dot.png', { mimeType: 'image/png' }, async (uri) => ({
  contents: [{ uri: uri.href, mimeType: 'image/png', blob: PNG }],
}));
server.registerTool('add-prompt', { description: 'Adds the prompt "later"', inputSchema: {} }, async () => {
  server.registerPrompt('later', { description: 'Added while connected' }, () => ({
    messages: [{ role: 'user', content: { type: 'text', text: 'I came later.' } }],
  }));
  return { content: [{ type: 'text', text: 'added' }] };
});
await server.connect(new StdioServerTransport());
