import path from 'node:path';

/** The code of a failed file call (`ENOENT`, `EACCES`, `ELOOP`...); `EUNKNOWN` when it carries none. */
export function errorCode(e: unknown): string {
  return (e as NodeJS.ErrnoException | undefined)?.code ?? 'EUNKNOWN';
}

/** `path.join` for an absolute, already-normal folder and one plain name, without re-normalising. */
export function joinName(dir: string, name: string): string {
  return dir.endsWith(path.sep) ? dir + name : dir + path.sep + name;
}
