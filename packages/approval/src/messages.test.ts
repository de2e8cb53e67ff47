import { describe, expect, it } from 'vitest';
import { denialForNonInteractive, shellQuote } from './messages.js';
import { parseRule, parseRuleList } from './rules.js';
import { bash, request } from './requests.test-helpers.js';
import { TOOLS } from './rule-tools.test-helpers.js';

/** The rules a message suggests after --allowed-tools, unquoted as a shell would. */
function suggestedRules(message: string): string[][] {
  return [...message.matchAll(/--allowed-tools '((?:[^']|'\\'')*)'|--allowed-tools (\S+)/g)].map((m) =>
    parseRuleList((m[1] ?? m[2] ?? '').replace(/'\\''/g, "'")),
  );
}

describe('denialForNonInteractive', () => {
  it('names bash, the command, the exact rule, the prefix rule and the mode', () => {
    const message = denialForNonInteractive(bash('npm test'));
    expect(message).toMatch(/^bash needs approval, and this run is non-interactive \(-p\), so it was not run/);
    expect(message).toContain("--allowed-tools 'Bash(npm test)' (this command)");
    expect(message).toContain("--allowed-tools 'Bash(npm test:*)' (commands like it)");
    expect(message).toContain('--allowed-tools Bash (every bash call)');
    expect(message).toContain('--permission-mode bypassPermissions');
    expect(message).not.toContain('acceptEdits');
  });

  it('suggests accept-edits for a file change inside the root', () => {
    const message = denialForNonInteractive(request('edit_file', 'src/app.ts'));
    expect(message).toContain("--allowed-tools 'Edit(src/app.ts)' (this path)");
    expect(message).toContain('--permission-mode acceptEdits');
  });

  it('does not suggest a path rule or accept-edits outside the root', () => {
    const message = denialForNonInteractive(request('write_file', '/etc/hosts'));
    expect(message).not.toContain('(this path)');
    expect(message).not.toContain('acceptEdits');
    expect(message).toContain('--allowed-tools Write (every write_file call)');
  });

  it('only suggests rules that parse, quoted for the shell', () => {
    for (const req of [
      bash("echo 'it''s' && git log -1"),
      bash('printf "a\nb"'),
      request('write_file', 'src/[id].ts'),
    ]) {
      const groups = suggestedRules(denialForNonInteractive(req));
      expect(groups.length).toBeGreaterThan(0);
      for (const rule of groups.flat()) expect(parseRule(rule, TOOLS).ok).toBe(true);
    }
  });
});

describe('shellQuote', () => {
  it('leaves plain words alone and single-quotes the rest', () => {
    expect(shellQuote('Edit')).toBe('Edit');
    expect(shellQuote("Bash(echo 'x')")).toBe(`'Bash(echo '\\''x'\\'')'`);
  });
});
