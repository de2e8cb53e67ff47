/**
 * An ACP prompt (content blocks) as the one text a harness turn takes. The session is text only
 * today, so the agent advertises `embeddedContext` and no images or audio: text blocks are joined,
 * an embedded text resource (a file or selection the editor attached) is added as a marked block
 * with its URI, a resource link is named so the model can read it. What cannot be taken yet (an
 * image, audio, a binary resource) refuses the whole prompt with a message saying what and why:
 * nothing is sent then, and nothing is dropped without a word.
 */
import type { ContentBlock } from '@agentclientprotocol/sdk';

/** The prompt's text, or why it was refused. */
export type PromptText = { ok: true; text: string } | { ok: false; error: string };

const TEXT_ONLY = 'this session takes text and text resources only; nothing was sent to the model';

/** The text of one embedded text resource, marked with its URI (and MIME type when given). */
function resourceText(uri: string, mimeType: string | null | undefined, text: string): string {
  const type = mimeType ? ` type="${mimeType}"` : '';
  const body = text.endsWith('\n') ? text : `${text}\n`;
  return `<resource uri="${uri}"${type}>\n${body}</resource>`;
}

/** Joins `blocks` into one text (see the module comment). */
export function promptText(blocks: readonly ContentBlock[]): PromptText {
  // Text and links run on inline (an editor splits "fix @file please" into three blocks); a resource is a block of its own.
  let text = '';
  const paragraph = (part: string): void => {
    text += `${text === '' ? '' : text.endsWith('\n') ? '\n' : '\n\n'}${part}\n`;
  };
  for (const item of blocks) {
    switch (item.type) {
      case 'text':
        text += item.text;
        break;
      case 'resource': {
        const resource = item.resource;
        if (!('text' in resource)) return { ok: false, error: `the resource ${resource.uri} is binary: ${TEXT_ONLY}` };
        paragraph(resourceText(resource.uri, resource.mimeType, resource.text));
        break;
      }
      case 'resource_link':
        text += `[${item.name}](${item.uri})`;
        break;
      case 'image':
        return { ok: false, error: `an image (${item.mimeType}) is attached: ${TEXT_ONLY}` };
      case 'audio':
        return { ok: false, error: `audio (${item.mimeType}) is attached: ${TEXT_ONLY}` };
      default:
        return { ok: false, error: `a ${(item as { type: string }).type} block is attached: ${TEXT_ONLY}` };
    }
  }
  return text.trim() === ''
    ? { ok: false, error: 'the prompt has no text: nothing was sent to the model' }
    : { ok: true, text };
}
