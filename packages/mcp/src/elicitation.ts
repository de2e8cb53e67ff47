/**
 * A server's `elicitation/create` request as the harness answers it: a flat form (string, number,
 * integer, boolean, enum fields) read from the requested schema, and the answer given back. A
 * schema this reader cannot show as a form, or a URL-mode request, is declined with the reason,
 * never answered with made-up values.
 */
import type { ElicitationAnswer, ElicitationField } from '@coding-harness/protocol';

/** One field of a form the user fills in: the protocol's own type (front ends render it as sent). */
export type ElicitField = ElicitationField;

/** The user's answer, as the protocol's `answer_elicitation` carries it. */
export type ElicitAnswer = ElicitationAnswer;

/** A request as the front end shows it. */
export interface ElicitQuestion {
  server: string;
  message: string;
  fields: ElicitField[];
}

/** What the session does with a server's request (the harness's side of the capability). */
export type ElicitHandler = (question: ElicitQuestion, signal: AbortSignal) => Promise<ElicitAnswer>;

type Prop = Record<string, unknown>;

function enumOptions(prop: Prop): { options: string[]; optionTitles?: string[] } | undefined {
  if (Array.isArray(prop.enum)) {
    const names = Array.isArray(prop.enumNames) ? prop.enumNames.map(String) : undefined;
    return { options: prop.enum.map(String), ...(names?.length === prop.enum.length ? { optionTitles: names } : {}) };
  }
  const titled = (prop.oneOf ?? prop.anyOf) as Prop[] | undefined;
  if (Array.isArray(titled))
    return { options: titled.map((o) => String(o.const)), optionTitles: titled.map((o) => String(o.title ?? o.const)) };
  return undefined;
}

function fieldOf(name: string, prop: Prop, required: boolean): ElicitField | string {
  const base = {
    name,
    required,
    ...(typeof prop.title === 'string' ? { title: prop.title } : {}),
    ...(typeof prop.description === 'string' ? { description: prop.description } : {}),
    ...(prop.default !== undefined ? { default: prop.default as ElicitField['default'] } : {}),
  };
  if (prop.type === 'array') {
    const items = (prop.items ?? {}) as Prop;
    const choices = enumOptions(items);
    return choices
      ? { ...base, type: 'multi-enum', ...choices }
      : `field ${name}: an array of something other than choices`;
  }
  const choices = prop.type === 'string' ? enumOptions(prop) : undefined;
  if (choices) return { ...base, type: 'enum', ...choices };
  if (prop.type === 'string')
    return { ...base, type: 'string', ...(typeof prop.format === 'string' ? { format: prop.format } : {}) };
  if (prop.type === 'number' || prop.type === 'integer' || prop.type === 'boolean')
    return {
      ...base,
      type: prop.type,
      ...(typeof prop.minimum === 'number' ? { minimum: prop.minimum } : {}),
      ...(typeof prop.maximum === 'number' ? { maximum: prop.maximum } : {}),
    };
  return `field ${name}: type ${JSON.stringify(prop.type)} is not a flat field`;
}

/** The fields of a requested schema, or why it is not a flat form. */
export function formFields(schema: unknown): { ok: true; fields: ElicitField[] } | { ok: false; message: string } {
  const s = (schema ?? {}) as Prop;
  const props = (s.properties ?? {}) as Record<string, Prop>;
  const required = new Set(Array.isArray(s.required) ? s.required.map(String) : []);
  const fields: ElicitField[] = [];
  for (const [name, prop] of Object.entries(props)) {
    const field = fieldOf(name, prop ?? {}, required.has(name));
    if (typeof field === 'string') return { ok: false, message: field };
    fields.push(field);
  }
  return { ok: true, fields };
}

/** The choice `typed` names, by its value or its title (any case). */
function choiceOf(field: ElicitField, typed: string): string | undefined {
  const options = field.options ?? [];
  const at = (list: readonly string[]) => list.findIndex((o) => o.toLowerCase() === typed.toLowerCase());
  const i = at(options) >= 0 ? at(options) : at(field.optionTitles ?? []);
  return i >= 0 ? options[i] : undefined;
}

/**
 * A typed value for one field: numbers parsed and range-checked, booleans from yes/no words,
 * an enum's value one of its options (several, comma separated, for `multi-enum`). A message
 * naming the field and what it takes otherwise.
 */
export function fieldValue(
  field: ElicitField,
  raw: string,
): { ok: true; value: string | number | boolean | string[] } | { ok: false; message: string } {
  const text = raw.trim();
  const label = field.title ?? field.name;
  switch (field.type) {
    case 'boolean': {
      const yes = /^(y|yes|true|1|on)$/i.test(text);
      if (yes || /^(n|no|false|0|off)$/i.test(text)) return { ok: true, value: yes };
      return { ok: false, message: `${label}: answer yes or no` };
    }
    case 'number':
    case 'integer': {
      const n = Number(text);
      if (text === '' || !Number.isFinite(n) || (field.type === 'integer' && !Number.isInteger(n)))
        return { ok: false, message: `${label}: ${field.type === 'integer' ? 'a whole number' : 'a number'}` };
      if ((field.minimum !== undefined && n < field.minimum) || (field.maximum !== undefined && n > field.maximum))
        return { ok: false, message: `${label}: between ${field.minimum ?? '-∞'} and ${field.maximum ?? '∞'}` };
      return { ok: true, value: n };
    }
    case 'enum': {
      const options = field.options ?? [];
      const pick = choiceOf(field, text) ?? options[Number(text) - 1];
      return pick !== undefined && text !== ''
        ? { ok: true, value: pick }
        : { ok: false, message: `${label}: one of ${options.join(', ')}` };
    }
    case 'multi-enum': {
      const options = field.options ?? [];
      const picks = text
        .split(',')
        .map((w) => w.trim())
        .filter((w) => w !== '');
      const values = picks.map((w) => choiceOf(field, w));
      if (picks.length === 0 || values.some((v) => v === undefined))
        return { ok: false, message: `${label}: one or more of ${options.join(', ')}, comma separated` };
      return { ok: true, value: values as string[] };
    }
    case 'string':
      return { ok: true, value: raw };
  }
}
