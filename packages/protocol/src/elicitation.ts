/**
 * An MCP server's request for input from the user (`elicitation/create`), as a front end shows
 * it: a message and a flat form. The front end answers with `answer_elicitation` naming the
 * request id; whatever the user types goes to that server, so the question names it.
 */

/** One field of the form. */
export interface ElicitationField {
  name: string;
  title?: string;
  description?: string;
  type: 'string' | 'number' | 'integer' | 'boolean' | 'enum' | 'multi-enum';
  required: boolean;
  /** The choices of an enum (one, or several for `multi-enum`). */
  options?: string[];
  /** The choices' display names, in the same order, when the server gave them. */
  optionTitles?: string[];
  default?: string | number | boolean | string[];
  /** `email`, `uri`, `date`, `date-time` for a string. */
  format?: string;
  minimum?: number;
  maximum?: number;
}

/** The user's answer: the values (accept), a refusal (decline), or no answer (cancel). */
export type ElicitationAnswer =
  | { action: 'accept'; content: Record<string, string | number | boolean | string[]> }
  | { action: 'decline' }
  | { action: 'cancel' };
