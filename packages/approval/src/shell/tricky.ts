/**
 * The text-level half of "allow only where the parser and bash agree". mvdan/sh and bash read a
 * few constructs differently: a comment that ends in a backslash (mvdan/sh joins the next line
 * into the comment's command, bash runs it), a carriage return (mvdan/sh takes it for a blank,
 * bash for part of a word), NUL (bash stops reading there), Unicode blanks. An allow rule covers a
 * command only when none of these occur anywhere in its text, so what the parser shows is what
 * bash runs; the AST-level half (here-document delimiters) is in allow-walk.ts. The check is
 * deliberately blunter than bash: a `#` after a blank inside quotes also counts (the command then
 * asks, which is always safe).
 */

/** Characters that are not plain text to one of the two readers: C0/C1 controls but tab and line feed, DEL, Unicode blanks and line separators. */
const UNCLEAR_CHAR =
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u00a0\u1680\u2000-\u200f\u2028-\u202f\u205f-\u206f\u3000\ufeff]/;
/**
 * A `#` that may start a comment to one of the two readers: anywhere but inside a run of plain
 * word characters. Bash starts a comment only at the start of a word; mvdan/sh also starts one
 * right after a closing quote (`echo "a"#;m1` runs m1 in bash, the parser sees a comment).
 */
const COMMENT_START = /(^|[^A-Za-z0-9_./:=+,@%-])#/;

/** Why the command's text is outside the subset both readers agree on, or undefined when it is inside. */
export function trickyText(command: string): string | undefined {
  const char = UNCLEAR_CHAR.exec(command);
  if (char)
    return char[0] === '\r'
      ? 'it has a carriage return (bash reads it as part of a word, the parser as a blank)'
      : `it has the character U+${(char[0].codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}, which bash and the parser may read differently`;
  if (COMMENT_START.test(command))
    return 'it has a comment (a comment that ends in a backslash hides the next line from the parser, not from bash)';
  if (/\\\n/.test(command))
    return 'it continues a line with a backslash (where that happens inside a comment or here-document, bash and the parser disagree)';
  return undefined;
}

/** A here-document delimiter both readers end at the same line: a plain name, bare or in single quotes. */
export const PLAIN_DELIMITER = /^[A-Za-z_][A-Za-z0-9_]*$/;
