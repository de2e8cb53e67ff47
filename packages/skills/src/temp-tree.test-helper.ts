import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach } from 'vitest';

/** Temp dirs for one test file, removed after each test. */
export function useTempDirs(): (prefix?: string) => string {
  const made: string[] = [];
  afterEach(() => {
    for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });
  return (prefix = 'skills-') => {
    const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), prefix)));
    made.push(dir);
    return dir;
  };
}

/** Writes `<root>/<slug>/SKILL.md` with the given frontmatter lines and body; returns the folder. */
export function writeSkill(
  root: string,
  slug: string,
  frontmatter: string,
  body = `# ${slug}\n\nDo the thing.\n`,
): string {
  const dir = path.join(root, slug);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'SKILL.md'), `---\n${frontmatter}\n---\n${body}`);
  return dir;
}

/** A minimal valid skill. */
export function writeBasic(root: string, slug: string, description = `Use for ${slug} work.`): string {
  return writeSkill(root, slug, `name: ${slug}\ndescription: ${JSON.stringify(description)}`);
}

/** Writes a file, creating its folders. */
export function put(file: string, text: string | Uint8Array): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
}
