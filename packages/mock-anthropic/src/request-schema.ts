import { z } from 'zod';

const contentBlock = z.looseObject({ type: z.string() });
const message = z.looseObject({
  role: z.enum(['user', 'assistant', 'system']),
  content: z.union([z.string(), z.array(contentBlock)]),
});

/** The parts of a count_tokens request the mock relies on; unknown fields pass through. */
export const countTokensRequestSchema = z.looseObject({
  model: z.string().min(1),
  messages: z.array(message),
  system: z.union([z.string(), z.array(contentBlock)]).optional(),
  tools: z.array(z.looseObject({})).optional(),
});

/** The parts of a Messages request the mock relies on; unknown fields pass through. */
export const messagesRequestSchema = countTokensRequestSchema.extend({
  max_tokens: z.number().int().nonnegative(),
  stream: z.boolean().optional(),
});

export type MessagesRequest = z.infer<typeof messagesRequestSchema>;

/** Parses `body`; on failure returns a message naming the first bad field, like the real API's. */
export function parseRequest<S extends z.ZodType>(
  schema: S,
  body: unknown,
): { ok: true; value: z.infer<S> } | { ok: false; message: string } {
  const result = schema.safeParse(body);
  if (result.success) return { ok: true, value: result.data };
  const issue = result.error.issues[0];
  const field = issue && issue.path.length > 0 ? issue.path.join('.') : 'body';
  const message =
    issue?.code === 'invalid_type' && issue.input === undefined ? 'Field required' : (issue?.message ?? 'invalid');
  return { ok: false, message: `${field}: ${message}` };
}
