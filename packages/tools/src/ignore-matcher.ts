/**
 * The linear-time `.gitignore` matcher other packages take as a parameter (skill discovery's
 * nested walk): re2js, loaded on the first call only, over `ignore`'s rules (ignore-rules.ts).
 */
import { compileRules } from './ignore-rules.js';
import { loadRe2 } from './re2.js';

/** Loads re2js, then returns the factory: one `.gitignore` text -> a test of one relative path (folders end in `/`). */
export async function loadIgnoreMatcher(): Promise<
  (text: string, where: string, note: (message: string) => void) => (relativePath: string) => boolean
> {
  await loadRe2();
  return (text, where, note) => {
    const test = compileRules(text, where, note);
    return (relativePath) => test(relativePath).ignored;
  };
}
