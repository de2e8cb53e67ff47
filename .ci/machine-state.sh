# Sourced by .ci/run: CI leaves the machine as it found it. Two things are checked, before the run
# and after it (also when it failed): /dev/null is still the null device, and nothing was written
# under the real $HOME (tests give every harness, npm and bin they run a temp home of their own).
# The home check needs a home nobody else writes to meanwhile. On a machine shared with other
# work (another checkout's tests, a harness run by hand), give the run one of its own, keeping
# npm's cache and settings where they are:
#   HOME=$(mktemp -d) npm_config_cache=~/.npm npm_config_userconfig=~/.npmrc bash .ci/run

# /dev/null as the run found it: a character device, its device number (major:minor) and mode.
# `[ -c ]` first: if it is an ordinary file, everything that writes `>/dev/null` fills that file.
null_device() {
  if [ ! -c /dev/null ] || [ -L /dev/null ]; then
    echo "not a character device: $(stat -c '%F, mode %a, %s bytes' /dev/null 2>&1)"
  else
    stat -c 'character device %t:%T, mode %a' /dev/null
  fi
}

# Every entry under $HOME, one per line: its type and path, and for anything but a folder its size
# and modification time (a folder's own mtime changes whenever an entry is added inside it,
# including in the excluded caches below; new, removed and changed entries show up themselves).
# Left out, each because the run's own tooling writes it, not the tests:
#   .npm                          npm's cache, logs and npx's packages: every `npx -y pnpm@...`
#                                 of this script (the tests' own npm and npx use a temp cache)
#   .cache/pnpm, .local/share/pnpm, .local/state/pnpm
#                                 pnpm's metadata cache, content-addressed store and state: the
#                                 install step (`pnpm install --frozen-lockfile`)
#   .config/turborepo             turbo's own settings (telemetry notice), written by `turbo run`
#   .cache/biome                  Biome's cache folder, made by `biome format` in `pnpm check`
#   .claude (but not .claude/skills and .claude/commands)
#                                 Claude Code's state, when one is running on the same machine (a
#                                 developer's box); the harness only ever reads ~/.claude/skills
#                                 and ~/.claude/commands, which stay checked
# The folders above those (.cache, .config, .local, .local/share, .local/state) are listed only by
# their contents: on a fresh home the tools create them, and that is all they do there.
home_listing() {
  find "$HOME" \
    \( -path "$HOME/.npm" \
    -o -path "$HOME/.cache/pnpm" -o -path "$HOME/.local/share/pnpm" -o -path "$HOME/.local/state/pnpm" \
    -o -path "$HOME/.config/turborepo" -o -path "$HOME/.cache/biome" \
    -o \( -path "$HOME/.claude/*" ! -path "$HOME/.claude/skills" ! -path "$HOME/.claude/skills/*" \
    ! -path "$HOME/.claude/commands" ! -path "$HOME/.claude/commands/*" \) \) -prune \
    -o -type d -printf 'd %P\n' \
    -o -printf '%y %s %T@ %P\n' 2>/dev/null |
    { grep -v -x -e 'd .cache' -e 'd .config' -e 'd .local' -e 'd .local/share' -e 'd .local/state' || true; } |
    LC_ALL=C sort
}

# Records the state before the run, in $MACHINE_STATE (a temp folder outside $HOME).
machine_state_before() {
  MACHINE_STATE=$(mktemp -d)
  null_device >"$MACHINE_STATE/null-before"
  home_listing >"$MACHINE_STATE/home-before"
  if ! grep -q '^character device' "$MACHINE_STATE/null-before"; then
    echo "ci: /dev/null is $(cat "$MACHINE_STATE/null-before") before the run; restore it (mknod -m 666 /dev/null c 1 3) first" >&2
    return 1
  fi
}

# Compares with the state before; prints what changed and returns 1 if anything did.
machine_state_after() {
  local status=0
  null_device >"$MACHINE_STATE/null-after"
  if ! cmp -s "$MACHINE_STATE/null-before" "$MACHINE_STATE/null-after"; then
    echo "ci: /dev/null was $(cat "$MACHINE_STATE/null-before") and is now $(cat "$MACHINE_STATE/null-after")" >&2
    status=1
  fi
  home_listing >"$MACHINE_STATE/home-after"
  if ! cmp -s "$MACHINE_STATE/home-before" "$MACHINE_STATE/home-after"; then
    echo "ci: the run wrote under \$HOME ($HOME); tests must use a temp home (- before, + after):" >&2
    diff "$MACHINE_STATE/home-before" "$MACHINE_STATE/home-after" | grep '^[<>]' | sed 's/^</-/; s/^>/+/' | head -50 >&2
    status=1
  fi
  rm -rf "$MACHINE_STATE"
  return $status
}
