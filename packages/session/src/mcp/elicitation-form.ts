/**
 * An MCP server's question filled in one line at a time, the same in the REPL and the TUI: each
 * field is asked in turn (an empty line keeps its default or skips an optional one), a bad value
 * is asked again with what the field takes, `/decline` refuses and `/cancel` leaves the question
 * unanswered. A question without fields asks for yes (accept) or no (decline). Pure: the front
 * end prints the lines and feeds the answers.
 */
import { fieldValue } from '@coding-harness/mcp';
import type { ElicitationAnswer, ElicitationField, EventOf } from '@coding-harness/protocol';
import { sanitize } from '../sanitize.js';

type Value = string | number | boolean | string[];

export interface ElicitationForm {
  readonly fields: readonly ElicitationField[];
  /** The field asked next (its index); `fields.length` for a question without fields. */
  readonly index: number;
  readonly content: Readonly<Record<string, Value>>;
}

const one = (text: string): string => sanitize(text, { multiline: false });

/** The lines above the first prompt: who asks, what, and how to refuse (server text sanitized). */
export function elicitationLines(
  question: Pick<EventOf<'elicitation_requested'>, 'server' | 'message' | 'fields'>,
): string[] {
  const how =
    question.fields.length === 0
      ? 'answer yes to accept, no to decline'
      : `${question.fields.length} field${question.fields.length === 1 ? '' : 's'}; an empty line keeps the default or skips an optional field; /decline refuses, /cancel leaves it unanswered`;
  return [
    `MCP server ${one(question.server)} asks: ${sanitize(question.message)}`,
    `  (${how}; what you type goes to ${one(question.server)})`,
  ];
}

export function startForm(fields: readonly ElicitationField[]): ElicitationForm {
  return { fields, index: 0, content: {} };
}

/** An enum's choices as the user reads them: `hero-1 (Superman)` when a title differs from the value. */
function choices(field: ElicitationField): string {
  const titles = field.optionTitles ?? [];
  return (field.options ?? [])
    .map((o, i) => (titles[i] !== undefined && titles[i] !== o ? `${one(o)} (${one(titles[i])})` : one(o)))
    .join(', ');
}

/** The prompt for the form's next answer: `Email (email, required) [x]: `. */
export function formPrompt(form: ElicitationForm): string {
  const field = form.fields[form.index];
  if (field === undefined) return 'Accept? [y]es / [n]o: ';
  const kind =
    field.type === 'enum' || field.type === 'multi-enum'
      ? `${field.type === 'multi-enum' ? 'some of' : 'one of'} ${choices(field)}`
      : field.type === 'string' && field.format !== undefined
        ? one(field.format)
        : field.type === 'boolean'
          ? 'yes/no'
          : field.type;
  const dflt =
    field.default === undefined
      ? ''
      : ` [${one(Array.isArray(field.default) ? field.default.join(', ') : String(field.default))}]`;
  const about = field.description !== undefined ? ` — ${one(field.description)}` : '';
  return `${one(field.title ?? field.name)} (${kind}${field.required ? ', required' : ''})${about}${dflt}: `;
}

/** One answer line: the form goes on, asks again (`retry` says why), or is done. */
export function formInput(
  form: ElicitationForm,
  line: string,
): { form: ElicitationForm } | { retry: string } | { done: ElicitationAnswer } {
  const typed = line.trim();
  if (typed === '/decline') return { done: { action: 'decline' } };
  if (typed === '/cancel') return { done: { action: 'cancel' } };
  const field = form.fields[form.index];
  if (field === undefined) {
    if (/^(y|yes)$/i.test(typed)) return { done: { action: 'accept', content: {} } };
    if (/^(n|no)$/i.test(typed)) return { done: { action: 'decline' } };
    return { retry: 'answer yes or no' };
  }
  let value: Value | undefined;
  if (typed === '') {
    if (field.default !== undefined) value = field.default;
    else if (field.required)
      return { retry: `${field.title ?? field.name} is required (/decline refuses the question)` };
  } else {
    const parsed = fieldValue(field, line);
    if (!parsed.ok) return { retry: parsed.message };
    value = parsed.value;
  }
  const content = value === undefined ? form.content : { ...form.content, [field.name]: value };
  const next = { ...form, index: form.index + 1, content };
  return next.index >= form.fields.length ? { done: { action: 'accept', content } } : { form: next };
}
