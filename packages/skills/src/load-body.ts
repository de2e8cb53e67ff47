import { constants } from 'node:fs';
import fs from 'node:fs/promises';
import { parseFrontmatterYaml, splitFrontmatter } from './frontmatter.js';
import type { LoadBodyResult, Skill } from './types.js';
import { MAX_SKILL_BYTES } from './validate.js';

/**
 * Reads SKILL.md now, at invocation time, and returns its body without the frontmatter (line
 * endings normalised to `\n`), so an edited body applies without a restart while the listing
 * stays as discovered. A file that vanished, grew past 1 MiB, is not UTF-8 or whose
 * frontmatter no longer parses is an error naming the path (a command file, `skill.command`,
 * may have no frontmatter at all). Never throws.
 */
export async function loadBody(skill: Pick<Skill, 'file'> & Partial<Pick<Skill, 'command'>>): Promise<LoadBodyResult> {
  const file = skill.file;
  let bytes: Buffer;
  // Opened non-blocking and checked on the descriptor: a SKILL.md swapped for a FIFO since
  // discovery must not hang the turn, and nothing is read before it is known to be a regular file.
  let handle: fs.FileHandle | undefined;
  try {
    handle = await fs.open(file, constants.O_RDONLY | constants.O_NONBLOCK);
    const info = await handle.stat();
    if (!info.isFile()) return { ok: false, error: `${file}: the skill file is no longer a regular file` };
    if (info.size > MAX_SKILL_BYTES) return { ok: false, error: `${file}: the skill file is over 1 MiB` };
    bytes = await handle.readFile();
  } catch (e) {
    const c = (e as NodeJS.ErrnoException).code ?? 'EUNKNOWN';
    return {
      ok: false,
      error: `${file}: cannot read the skill file (${c})${c === 'ENOENT' ? '; it was moved or deleted since startup' : ''}`,
    };
  } finally {
    await handle?.close().catch(() => undefined);
  }
  if (bytes.byteLength > MAX_SKILL_BYTES) return { ok: false, error: `${file}: the skill file is over 1 MiB` };
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return { ok: false, error: `${file}: the skill file is not valid UTF-8 text` };
  }
  const split = splitFrontmatter(text);
  // A command file's frontmatter is optional: without one, the whole text is the body.
  if (!split.ok && skill.command === true && !/^\uFEFF?---/.test(text))
    return { ok: true, body: text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n') };
  if (!split.ok) return { ok: false, error: `${file}: the skill file ${split.message}` };
  const yaml = parseFrontmatterYaml(split.yaml, split.yamlLine);
  if (!yaml.ok) return { ok: false, error: `${file}: the skill file ${yaml.message}` };
  return { ok: true, body: split.body };
}
