/**
 * `@path` mentions attached to the user's message, as Claude Code attaches them: a file as if the
 * read tool had been called on it (the call's input, then its result: numbered lines, or the image
 * or PDF itself), a folder as a listing. Everything goes through read_file's own checks (the work
 * root's jail, binary refusal, image and PDF limits), a Read deny rule keeps a file out, and the
 * session's secrets are redacted as in every tool result. A mention that names nothing (`@alice`)
 * stays plain text; one that names a file it may not read says why, for the front end to show.
 */
import fs from 'node:fs';
import type { Part } from '@coding-harness/model';
import { createToolContext, displayPath, readFileTool, redactSecrets, resolveInJail } from '@coding-harness/tools';
import type { ToolContext } from '@coding-harness/tools';
import { attachedText } from './attached-part.js';
import { findMentions } from './parse.js';
import type { Mention } from './parse.js';

/** What resolving mentions needs: the work root (realpath), the read rules, the secrets. */
export interface AttachDeps {
  root: string;
  /** False when a Read deny rule covers this realpath (the policy's `readFilter`). */
  readFilter: (absRealPath: string) => boolean;
  secrets: readonly string[];
  signal?: AbortSignal;
}

/** Parts to attach after the message's text, and one line per mention for the front end. */
export interface Attachments {
  parts: Part[];
  notes: string[];
}

/** A folder listing shows at most this many entries. */
export const LISTING_MAX = 500;

/** The attachments of every mention in `text` that names a file or folder. */
export async function attachMentions(text: string, deps: AttachDeps): Promise<Attachments> {
  const out: Attachments = { parts: [], notes: [] };
  const mentions = findMentions(text);
  if (mentions.length === 0) return out;
  const ctx = createToolContext({
    root: deps.root,
    readFilter: deps.readFilter,
    secrets: deps.secrets,
    ...(deps.signal ? { signal: deps.signal } : {}),
  });
  for (const mention of mentions) await attachOne(mention, ctx, deps, out);
  return out;
}

async function attachOne(mention: Mention, ctx: ToolContext, deps: AttachDeps, out: Attachments): Promise<void> {
  const found = [mention.path, mention.trimmed].map((p) => ({ p, jail: resolveInJail(ctx.root, [], p, 'read') }));
  const existing = found.find(({ jail }) => jail.ok && fs.existsSync(jail.abs));
  if (existing === undefined) {
    const outside = found.find(({ jail }) => !jail.ok);
    if (outside && !outside.jail.ok && fs.existsSync(outside.p))
      out.notes.push(`@${outside.p} not attached: ${outside.jail.error}`);
    return;
  }
  const { p } = existing;
  const abs = (existing.jail as { abs: string }).abs;
  const shown = displayPath(ctx.root, abs);
  if (!deps.readFilter(abs)) {
    out.notes.push(`@${p} not attached: a Read deny rule covers ${shown} (/permissions lists the rules)`);
    return;
  }
  if (fs.statSync(abs).isDirectory()) return void attachFolder(abs, shown, p, ctx, out);
  const result = await readFileTool.execute({ path: shown }, ctx);
  const texts = result.content.filter((part) => part.type === 'text').map((part) => part.text);
  const body = redactSecrets(texts.join('\n'), ctx.secrets, ctx.secretLabels);
  if (result.isError) {
    out.notes.push(`@${p} not attached: ${body}`);
    return;
  }
  out.parts.push(
    attachedText(`Called the ${readFileTool.name} tool with the following input: ${JSON.stringify({ path: shown })}`),
    attachedText(`Result of calling the ${readFileTool.name} tool:\n${body}`),
    ...result.content.filter((part) => part.type !== 'text'),
  );
  out.notes.push(`attached @${p} (${redactSecrets(result.display, ctx.secrets, ctx.secretLabels)})`);
}

function attachFolder(abs: string, shown: string, p: string, ctx: ToolContext, out: Attachments): void {
  const entries = fs
    .readdirSync(abs, { withFileTypes: true })
    .map((entry) => (entry.isDirectory() ? `${entry.name}/` : entry.name))
    .sort();
  const kept = entries.slice(0, LISTING_MAX);
  const more = entries.length - kept.length;
  const listing = redactSecrets(kept.map((name) => `- ${name}`).join('\n'), ctx.secrets, ctx.secretLabels);
  out.parts.push(
    attachedText(
      `The folder ${shown === '.' ? '.' : `${shown}/`} (mentioned as @${p}) holds ${entries.length} entries:\n${listing}${more > 0 ? `\n… and ${more} more` : ''}`,
    ),
  );
  out.notes.push(`attached @${p} (a listing of ${entries.length} entries)`);
}
