import type { z } from 'zod';

/** Test support: the first message per field of a schema's refusal, as a form shows them under its fields. */
export const messages = (schema: z.ZodType, input: unknown) => {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const out: Record<string, string> = {};
  for (const issue of result.error.issues) out[issue.path.join('.')] ??= issue.message;
  return out;
};
