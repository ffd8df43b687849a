import * as v from 'valibot';

/**
 * A form's errors, read off a valibot schema's issues: the first message of each field, in the
 * order the form shows its fields (a field's later messages describe the same mistake again).
 */
export function fieldMessages(schema: v.GenericSchema, value: unknown, fieldOrder: readonly string[]): string[] {
  const result = v.safeParse(schema, value);
  if (result.success) return [];
  const flat = v.flatten(result.issues);
  const nested = (flat.nested ?? {}) as Record<string, string[] | undefined>;
  const messages = [
    ...(flat.root ?? []),
    ...fieldOrder.map((field) => nested[field]?.[0]).filter((m): m is string => m != null),
  ];
  return [...new Set(messages)];
}
