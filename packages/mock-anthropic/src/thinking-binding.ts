import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { ApiErrorResponse } from './errors.js';
import { invalid } from './errors.js';
import type { ModelSpec } from './model-table.js';
import { modelSpec } from './model-table.js';
import { canonicalJson, isRecord } from './tokens.js';
import type { ThinkingPlan } from './validate/thinking-config.js';

/** Fixed across server instances, so a block signed by one mock verifies on the next (resume tests). */
const SIGNING_KEY = 'mock-anthropic preserved-thinking key v1';
/** The account every signature names unless the server is given another. */
export const MOCK_ACCOUNT = 'acct_mock_0001';

export const BOUND_MESSAGE =
  'Invalid `signature` in `thinking` block. The block is bound to a different conversation. Remove the block, or set `thinking.block_binding.prefix_mismatch_behavior` to "drop_block".';
export const INVALID_SIGNATURE_MESSAGE = 'Invalid `signature` in `thinking` block.';

/** A thinking block the API removed (or let through unchecked) and why, as in `input_transformations`. */
export interface ThinkingTransformation {
  type: 'thinking_dropped' | 'thinking_mismatch_allowed';
  path: string;
  reason: 'model_binding_mismatch' | 'prefix_binding_mismatch' | 'organization_binding_mismatch';
}

interface Payload {
  v: 1;
  m: string;
  a: string;
  p: string;
  c: string;
}

const sha = (text: string): string => createHash('sha256').update(text).digest('base64url');
const mac = (text: string): string => createHmac('sha256', SIGNING_KEY).update(text).digest('base64url');

/** Deep copy without any `cache_control` (moving a breakpoint does not change a prefix, nor a block sent back). */
export function strip(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(strip);
  if (!isRecord(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) if (k !== 'cache_control') out[k] = strip(v);
  return out;
}

function blocksOf(content: unknown): unknown[] {
  if (typeof content === 'string') return [{ type: 'text', text: content }];
  return Array.isArray(content) ? content.map(strip) : [];
}

/**
 * Hashes of the conversation prefix before each message: system + tools, then every message
 * (role and blocks, `cache_control` removed, string content as one text block).
 */
export class PrefixChain {
  private readonly heads: string[];
  /** The hash of the request's system prompt and tools (where every chain starts). */
  readonly root: string;
  /** The first message starts with a compaction block, which stands in for the messages it summarized. */
  private readonly summaryFirst: boolean;

  constructor(body: Record<string, unknown>, messages: readonly unknown[]) {
    this.root = sha(canonicalJson({ system: blocksOf(body.system ?? []), tools: strip(body.tools ?? []) }));
    let head = this.root;
    const first = isRecord(messages[0]) ? blocksOf(messages[0].content)[0] : undefined;
    const standsFor = compactedPrefix(first, this.root);
    this.summaryFirst = standsFor !== undefined;
    // After a compaction block the chain goes on from the prefix of the summarized messages (when
    // the system prompt and tools are those of the compaction request); the block itself adds nothing.
    if (standsFor !== undefined) head = standsFor;
    this.heads = [head];
    messages.forEach((message, i) => {
      const m = isRecord(message) ? message : {};
      const blocks = blocksOf(m.content).slice(i === 0 && this.summaryFirst ? 1 : 0);
      if (blocks.length > 0) head = sha(`${head}\n${canonicalJson({ role: m.role, content: blocks })}`);
      this.heads.push(head);
    });
  }

  /** The prefix of block `blockIndex` of message `messageIndex`, given that message's earlier blocks. */
  at(messageIndex: number, earlierBlocks: readonly unknown[]): string {
    const earlier = messageIndex === 0 && this.summaryFirst ? earlierBlocks.slice(1) : earlierBlocks;
    return sha(`${this.heads[messageIndex] ?? ''}\n${canonicalJson(earlier.map(strip))}`);
  }

  /** The prefix after the first `count` messages: what a compaction block of them stands for. */
  after(count: number): string {
    return `${this.root}|${this.heads[count] ?? ''}`;
  }
}

/**
 * The chain head a signed compaction block stands for, or undefined for anything else. Under
 * another system prompt or tool list the head is one no thinking was signed at (the kept turns'
 * thinking then fails the prefix check, as the docs warn).
 */
function compactedPrefix(block: unknown, root: string): string | undefined {
  if (!isRecord(block) || block.type !== 'compaction' || typeof block.signature !== 'string') return undefined;
  const payload = readSignature(block.signature);
  if (!payload || payload.c !== sha(typeof block.content === 'string' ? block.content : '')) return undefined;
  const [signedRoot, head] = payload.p.split('|');
  return signedRoot === root ? head : sha(`${root}\n${canonicalJson(strip(block))}`);
}

/** The prefix a block signed by the mock names, when `signature` is the mock's and `text` is the signed text. */
export function verifyBlock(signature: string, text: string): string | undefined {
  const payload = readSignature(signature);
  return payload && payload.c === sha(text) ? payload.p : undefined;
}

/** Signs a block the mock emits: over the model, the account, its prefix and its visible text. */
export function signBlock(model: string, account: string, prefix: string, visibleText: string): string {
  const payload: Payload = { v: 1, m: model, a: account, p: prefix, c: sha(visibleText) };
  const body = Buffer.from(JSON.stringify(payload)).toString('base64');
  return `${body}${mac(body)}`;
}

function readSignature(signature: string): Payload | undefined {
  if (signature.length <= 43) return undefined;
  const body = signature.slice(0, -43);
  const tag = Buffer.from(signature.slice(-43));
  const expected = Buffer.from(mac(body));
  if (tag.length !== expected.length || !timingSafeEqual(tag, expected)) return undefined;
  try {
    const payload = JSON.parse(Buffer.from(body, 'base64').toString('utf8')) as Payload;
    return payload.v === 1 ? payload : undefined;
  } catch {
    return undefined;
  }
}

export interface BindingOptions {
  spec: ModelSpec;
  plan: ThinkingPlan;
  account: string;
  /** Account created before 2026-08-31: the prefix check runs only when `block_binding` is set. */
  oldAccount: boolean;
}

/**
 * Runs the preserved-thinking checks on every thinking / redacted_thinking block sent back
 * (platform docs, build-with-claude/preserved-thinking and its prefix-checks page): a forged or
 * edited block is a 400; a block from another account (account-bound models) or from a model
 * this one cannot read is dropped silently; a block whose prefix changed is a 400 with the exact
 * "bound to a different conversation" text on models that run the prefix check, unless
 * `drop_block` drops it with the rest of its turn's consecutive thinking.
 */
export function checkThinkingBlocks(
  body: Record<string, unknown>,
  messages: readonly unknown[],
  opts: BindingOptions,
): { ok: true; transformations: ThinkingTransformation[] } | { ok: false; error: ApiErrorResponse } {
  const transformations: ThinkingTransformation[] = [];
  let chain: PrefixChain | undefined;
  for (const [i, message] of messages.entries()) {
    if (!isRecord(message) || message.role !== 'assistant' || !Array.isArray(message.content)) continue;
    const content = message.content as unknown[];
    let dropRun = false;
    for (const [j, block] of content.entries()) {
      const isThinking = isRecord(block) && (block.type === 'thinking' || block.type === 'redacted_thinking');
      if (!isThinking) {
        dropRun = false;
        continue;
      }
      const path = `messages.${i}.content.${j}`;
      if (dropRun) {
        transformations.push({ type: 'thinking_dropped', path, reason: 'prefix_binding_mismatch' });
        continue;
      }
      const signature = String(block.type === 'thinking' ? block.signature : block.data);
      const payload = readSignature(signature);
      const visible = block.type === 'thinking' ? String(block.thinking) : '';
      if (!payload || payload.c !== sha(visible))
        return { ok: false, error: invalid(`${path}: ${INVALID_SIGNATURE_MESSAGE}`) };
      const producer = modelSpec(payload.m);
      if (producer?.accountBound && payload.a !== opts.account) {
        transformations.push({ type: 'thinking_dropped', path, reason: 'organization_binding_mismatch' });
        continue;
      }
      if (payload.m !== opts.spec.id && !opts.spec.reads.includes(payload.m) && !producer?.portableBlocks) {
        transformations.push({ type: 'thinking_dropped', path, reason: 'model_binding_mismatch' });
        continue;
      }
      if (!opts.spec.prefixCheck) continue;
      chain ??= new PrefixChain(body, messages);
      if (chain.at(i, content.slice(0, j)) === payload.p) continue;
      if (opts.oldAccount && !opts.plan.bindingSet) {
        transformations.push({ type: 'thinking_mismatch_allowed', path, reason: 'prefix_binding_mismatch' });
        continue;
      }
      if (!opts.plan.dropBlocks) return { ok: false, error: invalid(`${path}: ${BOUND_MESSAGE}`) };
      transformations.push({ type: 'thinking_dropped', path, reason: 'prefix_binding_mismatch' });
      dropRun = true;
    }
  }
  return { ok: true, transformations };
}
