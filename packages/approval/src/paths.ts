import { isAbsolute, posix } from 'node:path';
import picomatch from 'picomatch';

/**
 * Path rules against paths. Tools pass the target as the realpath of what they touch (symlinks
 * and `..` resolved): root-relative when it is inside the work root, absolute otherwise. With the
 * policy's `root`, a relative rule (`Read(secrets/**)`) also matches an absolute path inside the
 * root, and an absolute rule (`Read(//etc/**)`) a relative one.
 */
const matchers = new Map<string, (path: string) => boolean>();

function matcher(pattern: string): (path: string) => boolean {
  let found = matchers.get(pattern);
  if (!found) {
    found = picomatch(pattern, { dot: true });
    matchers.set(pattern, found);
  }
  return found;
}

/** Whether `pattern` (root-relative, or absolute when it starts with `/`) matches `target`. */
export function pathMatches(
  pattern: string,
  target: string,
  root: string | undefined,
  effect: 'allow' | 'deny',
): boolean {
  const raw = target.replace(/^(\.\/)+/, '');
  // An allow rule never reaches through `..`; a deny rule looks at the normalized path as well.
  if (effect === 'allow' && raw.split(/[\\/]/).includes('..')) return false;
  const forms = effect === 'deny' ? [raw, posix.normalize(raw)] : [raw];
  return forms.some((path) => {
    const candidate = inPatternTerms(pattern, path, root);
    return (
      candidate !== undefined &&
      (matcher(pattern)(candidate) || (effect === 'deny' && coversDirectory(pattern, candidate)))
    );
  });
}

/** A deny rule for files under a directory (`secrets/**`) also denies the directory itself (`grep secrets`). */
function coversDirectory(pattern: string, path: string): boolean {
  return pattern.endsWith('/**') && (pattern.slice(0, -3) === path || matcher(pattern.slice(0, -3))(path));
}

function inPatternTerms(pattern: string, path: string, root: string | undefined): string | undefined {
  const absolutePattern = pattern.startsWith('/');
  if (isAbsolute(path)) {
    if (absolutePattern) return path;
    if (root === undefined) return undefined;
    const relative = posix.relative(root, path);
    return relative === '' ? '.' : relative.startsWith('..') ? undefined : relative;
  }
  if (!absolutePattern) return path;
  return root === undefined ? undefined : posix.join(root, path);
}

/** A literal path as a picomatch pattern: glob characters get a backslash. */
export function escapeGlob(path: string): string {
  return path.replace(/[*?[\]{}()!+@\\]/g, (char) => `\\${char}`);
}
