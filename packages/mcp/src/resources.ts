/**
 * A server's resources as the user attaches them (`@server:uri`): `resources/list` and
 * `resources/templates/list` (every page) for completion, and `resources/read` contents as parts:
 * text as text, an image blob as an image part, a PDF as a document, other binary as a note. The
 * text of one read is capped (the MCP output cap, in characters) with a note saying so.
 */
import type { ResultPart } from '@coding-harness/model';
import type { McpClient } from './sdk.js';

/** What the harness keeps of a listed resource or template. */
export interface McpResourceInfo {
  uri: string;
  name?: string;
  description?: string;
  mimeType?: string;
  /** True for a `uriTemplate` (`demo://text/{id}`): completion offers its fixed head. */
  template?: boolean;
}

const IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);
/** The API's limit on one image, as base64 characters (5 MB of bytes). */
const IMAGE_BASE64_MAX = Math.ceil((5 * 1024 * 1024 * 4) / 3);
/** A PDF larger than this (base64 characters, 32 MB of bytes: the API's request limit) is a note. */
const PDF_BASE64_MAX = Math.ceil((32 * 1024 * 1024 * 4) / 3);

/** The server's resources and resource templates (every page); empty when it offers none. */
export async function listResources(client: McpClient, timeoutMs: number): Promise<McpResourceInfo[]> {
  if (!client.getServerCapabilities()?.resources) return [];
  const options = { timeout: timeoutMs };
  const [listed, templates] = await Promise.all([
    client.listResources(undefined, options),
    client.listResourceTemplates(undefined, options).catch(() => ({ resourceTemplates: [] })),
  ]);
  const pick = (r: { name?: string; description?: string; mimeType?: string }) => ({
    ...(r.name !== undefined ? { name: r.name } : {}),
    ...(r.description !== undefined ? { description: r.description } : {}),
    ...(r.mimeType !== undefined ? { mimeType: r.mimeType } : {}),
  });
  return [
    ...listed.resources.map((r) => ({ uri: r.uri, ...pick(r) })),
    ...templates.resourceTemplates.map((t) => ({ uri: t.uriTemplate, template: true, ...pick(t) })),
  ];
}

/** Parts of a read, and what the front end is told of it (sizes, what was cut or left out). */
export interface ResourceParts {
  parts: ResultPart[];
  notes: string[];
}

function blobPart(item: Record<string, unknown>, uri: string, notes: string[]): ResultPart | undefined {
  const type = typeof item.mimeType === 'string' ? item.mimeType : 'application/octet-stream';
  const blob = item.blob as string;
  if (IMAGE_TYPES.has(type)) {
    if (blob.length <= IMAGE_BASE64_MAX) return { type: 'image', mediaType: type, data: blob };
    notes.push(`${uri}: the image is over the API's 5 MB limit, not attached`);
    return { type: 'text', text: `[resource ${uri}: ${type} image over 5 MB, not attached]` };
  }
  if (type === 'application/pdf') {
    if (blob.length <= PDF_BASE64_MAX) return { type: 'document', mediaType: 'application/pdf', data: blob };
    notes.push(`${uri}: the PDF is over 32 MB, not attached`);
    return { type: 'text', text: `[resource ${uri}: PDF over 32 MB, not attached]` };
  }
  const bytes = Math.floor((blob.length * 3) / 4);
  return { type: 'text', text: `[resource ${uri}: ${type}, ${bytes} bytes of binary, not shown]` };
}

/**
 * The contents of a read (or an embedded resource) as parts. Texts share `maxChars`: past it a
 * text is cut and a note says how much was left out.
 */
export function resourceContentsParts(contents: readonly Record<string, unknown>[], maxChars: number): ResourceParts {
  const parts: ResultPart[] = [];
  const notes: string[] = [];
  let left = maxChars;
  for (const item of contents) {
    const uri = String(item.uri ?? '');
    if (typeof item.text === 'string') {
      const text = item.text;
      const kept = text.slice(0, Math.max(0, left));
      left -= kept.length;
      const cut = text.length - kept.length;
      const tail =
        cut > 0
          ? `\n[cut: ${cut} more characters, over the ${maxChars}-character cap for MCP resources; set MAX_MCP_OUTPUT_TOKENS to raise it]`
          : '';
      if (cut > 0) notes.push(`${uri}: cut to ${kept.length} of ${text.length} characters`);
      parts.push({ type: 'text', text: `[resource ${uri}]\n${kept}${tail}` });
    } else if (typeof item.blob === 'string') {
      const part = blobPart(item, uri, notes);
      if (part !== undefined) parts.push(part);
    }
  }
  return { parts, notes };
}

/** Runs `resources/read`; its parts, or the server's refusal as a message. */
export async function readResource(
  client: McpClient,
  uri: string,
  options: { timeoutMs: number; maxChars: number },
): Promise<({ ok: true } & ResourceParts) | { ok: false; message: string }> {
  try {
    const result = await client.readResource({ uri }, { timeout: options.timeoutMs });
    const contents = (result as { contents?: unknown }).contents;
    const list = Array.isArray(contents) ? (contents as Record<string, unknown>[]) : [];
    if (list.length === 0) return { ok: false, message: 'the server returned no contents' };
    return { ok: true, ...resourceContentsParts(list, options.maxChars) };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}
