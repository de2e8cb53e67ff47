import { readFileSync } from 'node:fs';
import { extname } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { parseScript } from './script-schema.js';
import type { Script } from './types.js';

/** A script file that cannot be used; `path` names the file, the message says why. */
export class ScriptFileError extends Error {
  constructor(
    readonly path: string,
    message: string,
  ) {
    super(message);
    this.name = 'ScriptFileError';
  }
}

/**
 * Reads a script from a `.json`, `.yaml` or `.yml` file. Throws `ScriptFileError` naming the
 * file when it cannot be read, does not parse, or is not a valid script.
 */
export function loadScriptFile(path: string): Script {
  const ext = extname(path).toLowerCase();
  if (ext !== '.json' && ext !== '.yaml' && ext !== '.yml') {
    throw new ScriptFileError(path, `script ${path}: unsupported extension "${ext}" (use .json, .yaml or .yml)`);
  }
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new ScriptFileError(path, `cannot read script ${path}: ${(error as Error).message}`);
  }
  let value: unknown;
  try {
    value = ext === '.json' ? JSON.parse(text) : parseYaml(text);
  } catch (error) {
    throw new ScriptFileError(
      path,
      `cannot parse script ${path} as ${ext === '.json' ? 'JSON' : 'YAML'}: ${(error as Error).message}`,
    );
  }
  const parsed = parseScript(value, path);
  if (!parsed.ok) throw new ScriptFileError(path, parsed.message);
  return parsed.script;
}
