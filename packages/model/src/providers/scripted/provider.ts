/**
 * A provider without a wire: replies are given as neutral parts and streamed back in order, and
 * every request is kept for the caller to read. For tests of code above the seam (the loop, a
 * front end) and for offline demos; it proves the seam too, since nothing in it speaks any API's
 * format. A reply may also be a failure (`error`), which is what a real provider yields for one.
 */
import type {
  Message,
  ModelDescriptor,
  ModelError,
  ModelEvent,
  ModelProvider,
  ModelRequest,
  ModelStopReason,
  Part,
  Usage,
} from '../../index.js';
import { emptyUsage, toolCalls } from '../../index.js';

/** One scripted reply: the assistant's parts (and how it stopped), or a failure. */
export type ScriptedReply =
  | { content: Part[]; stopReason?: ModelStopReason; usage?: Partial<Usage> }
  | { error: ModelError };

export interface ScriptedProviderOptions {
  /** The provider id (default `scripted`). */
  id?: string;
  /** The model ids it serves (default `['scripted-1']`); other ids are described as unknown. */
  models?: readonly string[];
  /** What every model is (limits, thinking modes...); `provider`, `id` and `known` are filled in. */
  descriptor?: Partial<Omit<ModelDescriptor, 'provider' | 'id' | 'known'>>;
  /** The replies, one per request in order; or a function of the request. */
  replies: readonly ScriptedReply[] | ((request: ModelRequest, index: number) => ScriptedReply);
}

export interface ScriptedProvider extends ModelProvider {
  /** The requests received so far, as the loop built them. */
  requests(): readonly ModelRequest[];
}

const BASE: Omit<ModelDescriptor, 'provider' | 'id' | 'known'> = {
  contextWindow: 200_000,
  maxOutput: 32_000,
  defaultMaxTokens: 8_000,
  thinking: ['off'],
  efforts: [],
  capabilities: {
    midConversationSystem: false,
    preservedThinking: false,
    serverCompaction: false,
    midConversationTools: false,
    toolResultClearing: false,
  },
  minCacheableTokens: 0,
  price: { input: 0, output: 0, cacheWrite5m: 0, cacheWrite1h: 0, cacheRead: 0 },
  source: 'scripted: no real model',
  checked: '2026-12-01',
};

/** A scripted provider (see the module comment). A request beyond the script gets a `client` error. */
export function createScriptedProvider(opts: ScriptedProviderOptions): ScriptedProvider {
  const id = opts.id ?? 'scripted';
  const models = opts.models ?? ['scripted-1'];
  const received: ModelRequest[] = [];
  const reply = (request: ModelRequest, index: number): ScriptedReply =>
    typeof opts.replies === 'function'
      ? opts.replies(request, index)
      : (opts.replies[index] ?? {
          error: { kind: 'client', message: `the script has no reply ${index + 1} (it has ${opts.replies.length})` },
        });
  return {
    id,
    models: () => models,
    serves: (model) => models.includes(model),
    describe: (model) => ({ ...BASE, ...opts.descriptor, provider: id, id: model, known: models.includes(model) }),
    requests: () => received,
    async *stream(request, signal) {
      const index = received.push(request) - 1;
      const next = reply(request, index);
      if (signal.aborted) {
        yield { type: 'error', error: { kind: 'aborted', message: 'aborted' }, completed: [], usage: emptyUsage() };
        return;
      }
      if ('error' in next) {
        yield { type: 'error', error: next.error, completed: [], usage: emptyUsage() };
        return;
      }
      yield* streamed(next.content);
      const message: Message = { role: 'assistant', content: next.content };
      yield {
        type: 'done',
        message,
        stopReason: next.stopReason ?? (toolCalls(message).length > 0 ? 'tool_use' : 'end_turn'),
        usage: { ...emptyUsage(), ...next.usage },
        truncatedToolCalls: [],
      };
    },
  };
}

/** The deltas a streamed reply shows: each text and thinking part's text, in order. */
function* streamed(content: readonly Part[]): Generator<ModelEvent> {
  for (const part of content) {
    if (part.type === 'text' && part.text !== '') yield { type: 'text_delta', text: part.text };
    if (part.type === 'thinking' && part.text !== '') yield { type: 'thinking_delta', text: part.text };
  }
}
