/**
 * Names below the work root that write_file and edit_file never touch, in any permission mode, at
 * any depth and whether or not they exist yet (compared case-insensitively: `segments` are lower
 * case), and that the sandbox binds read-only for bash. Each is something that runs or instructs
 * later, outside this call: git's metadata (`core.fsmonitor` in `.git/config` runs on the next
 * `git status`), Claude Code's project folder (skills, commands, agents, settings with hooks), the
 * agents' instruction files, git hook folders, package-manager configuration (`.npmrc` can set
 * the shell scripts run with), MCP server lists, editor tasks and direnv files. `folder` entries
 * cover everything below them; the folder named by git's `core.hooksPath` is added per work root
 * (`hooksPathDirs`).
 */
export const PROTECTED_NAMES: readonly { segments: readonly string[]; folder: boolean; rule: string }[] = [
  {
    segments: ['.git'],
    folder: true,
    rule: 'git metadata (.git, a folder or a file, at any depth): its config and hooks run code',
  },
  {
    segments: ['.agents', 'skills'],
    folder: true,
    rule: 'a skills folder (.agents/skills, at any depth): the next session trusts what it holds',
  },
  {
    segments: ['.claude'],
    folder: true,
    rule: "Claude Code's project folder (.claude, at any depth): its skills, commands, agents and settings (with hooks) are trusted by the next session",
  },
  {
    segments: ['.husky'],
    folder: true,
    rule: 'a git hooks folder (.husky, at any depth): git runs its scripts',
  },
  ...['agents.md', 'claude.md', 'claude.local.md'].map((name) => ({
    segments: [name],
    folder: false,
    rule: 'an agent instruction file (AGENTS.md, CLAUDE.md, CLAUDE.local.md, at any depth): the next session follows it',
  })),
  ...['.npmrc', '.yarnrc', '.yarnrc.yml'].map((name) => ({
    segments: [name],
    folder: false,
    rule: 'package-manager configuration (.npmrc, .yarnrc, .yarnrc.yml, at any depth): it chooses the shell and node options scripts run with',
  })),
  {
    segments: ['.mcp.json'],
    folder: false,
    rule: 'an MCP server list (.mcp.json, at any depth): it names programs to start',
  },
  {
    segments: ['.vscode', 'tasks.json'],
    folder: false,
    rule: 'editor tasks (.vscode/tasks.json, at any depth): they can run when the folder is opened',
  },
  {
    segments: ['.envrc'],
    folder: false,
    rule: 'a direnv file (.envrc, at any depth): it runs when a shell enters the folder',
  },
];
