/**
 * The one settings loader: reads every source (sources.ts), parses each with jsonc-parser
 * (loaded only when some file exists), merges them lowest precedence first through the key
 * table (keys.ts), and withholds every grant of the repository's files until the repository is
 * trusted: there only `deny` and `ask` rules (and a tighter `defaultMode`) apply. Never throws:
 * an unreadable or malformed file is a notice naming it (and its line), and is skipped.
 */
import { readRegularFile, refusalText } from '@coding-harness/skills';
import { SETTINGS_KEYS } from './keys.js';
import type { MergeSource } from './keys.js';
import { parseSettingsText } from './parse.js';
import { settingsSources } from './sources.js';
import type { SettingsSource, SourceInputs } from './sources.js';
import { emptySettings } from './types.js';
import type { LoadedSettings, SettingsFileState } from './types.js';

/** A settings file larger than this is skipped (a real one is a few KB). */
const SETTINGS_MAX_BYTES = 4 * 1024 * 1024;

export interface LoadSettingsInputs extends SourceInputs {
  /** Whether the repository is trusted (trust.ts); false: its files grant nothing. */
  trusted: boolean;
}

type Read = { source: SettingsSource; text?: string; problem?: string };

function readSource(source: SettingsSource): Read {
  if (source.inline !== undefined) return { source, text: source.inline };
  const read = readRegularFile(source.file, SETTINGS_MAX_BYTES);
  if (read.ok) return { source, text: read.bytes.toString('utf8') };
  if (read.why === 'missing' && source.scope !== 'flag') return { source };
  return { source, problem: `${source.file} ${refusalText(read)}; the settings file was skipped` };
}

/** Reads, parses and merges every settings source; see the module comment. */
export async function loadSettings(inputs: LoadSettingsInputs): Promise<LoadedSettings> {
  const reads = settingsSources(inputs).map(readSource);
  const settings = emptySettings();
  const files: SettingsFileState[] = [];
  const notices: string[] = [];
  const withheldByFile: LoadedSettings['withheld'] = [];
  const present = reads.some((r) => r.text !== undefined);
  // ~15 ms to load, so only when there is a file to parse.
  const jsonc = present ? await import('jsonc-parser') : undefined;
  const known = new Map(SETTINGS_KEYS.map((k) => [k.key, k]));
  for (const { source, text, problem } of reads) {
    const restricted = source.repository && !inputs.trusted;
    const state = (s: SettingsFileState['state']): SettingsFileState => ({
      scope: source.scope,
      file: source.file,
      state: s,
      restricted,
    });
    if (problem !== undefined) notices.push(problem);
    if (text === undefined || jsonc === undefined) {
      files.push(state(problem === undefined ? 'missing' : 'skipped'));
      continue;
    }
    const parsed = parseSettingsText(jsonc, source.file, text);
    if (!parsed.ok) {
      notices.push(parsed.problem);
      files.push(state('skipped'));
      continue;
    }
    files.push(state('loaded'));
    const from: MergeSource = { file: source.file, scope: source.scope, restricted };
    const withheld: string[] = [];
    for (const [key, value] of Object.entries(parsed.data)) {
      const row = known.get(key);
      if (row === undefined) {
        settings.unknownKeys.push({ value: key, file: source.file, scope: source.scope });
        continue;
      }
      const merged = row.merge(settings, value, from);
      notices.push(...merged.problems.map((p) => `${source.file}: ${p}`));
      withheld.push(...merged.withheld);
    }
    if (withheld.length > 0) withheldByFile.push({ file: source.file, keys: withheld });
    if (withheld.length > 0)
      notices.push(
        `${source.file}: ${withheld.join(', ')} not applied: this repository is not trusted (its deny and ask rules apply); rerun with --trust to trust it`,
      );
  }
  return { settings, files, notices, withheld: withheldByFile };
}
