/** The web tools a session starts with: from its rules, on a model of the Anthropic API only. */
import type { ModelDescriptor, ToolSpec } from '@coding-harness/model';
import type { HarnessFlags } from '../args.js';
import { webRules, webToolSpecs } from './server-tools.js';

export function webWiring(
  flags: Pick<HarnessFlags, 'allowedTools' | 'disallowedTools'>,
  descriptor: Pick<ModelDescriptor, 'provider' | 'id'>,
): { tools: ToolSpec[]; messages: string[] } {
  const tools = webToolSpecs(webRules(flags.allowedTools, flags.disallowedTools));
  if (tools.length === 0 || descriptor.provider === 'anthropic') return { tools, messages: [] };
  return {
    tools: [],
    messages: [
      `web search and fetch run on the Anthropic API's own servers; ${descriptor.id} (provider ${descriptor.provider}) has none, so the WebSearch / WebFetch rules give it no web tools`,
    ],
  };
}
