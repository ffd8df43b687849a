import * as v from 'valibot';
import { invalidInput } from './errors.ts';
import { textProblem } from './textCheck.ts';
import { msg } from '../../src/i18n/msg.ts';

/** A missing field's own schema says what it is called ('Role is required'); else its name does. */
export function missingMessage(schema: v.GenericSchema, field: string): string {
  // A piped schema (object, then checks and a transform) names its fields in its first step.
  type Named = { entries?: Record<string, v.GenericSchema>; pipe?: Named[] };
  const own = ((schema as Named).entries ?? (schema as Named).pipe?.[0]?.entries)?.[field];
  const named = own ? v.safeParse(own, undefined).issues?.[0]?.message : undefined;
  return named && / is required$/.test(named)
    ? named
    : msg(
        { defaultMessage: '{field} is required', id: 'IZPgWf' },
        { field: `${field.charAt(0).toUpperCase()}${field.slice(1).replace(/_/g, ' ')}` },
      );
}

/** Parses input with a shared valibot schema; unknown or bad fields become an 'invalid' error listing each field. */
export function parseInput<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  // Every request's text was checked by requestGuards; this covers input from anywhere else.
  const problem = textProblem(input);
  if (problem) throw invalidInput(problem, [{ field: '', message: problem }]);
  const result = v.safeParse(schema, input ?? {});
  if (result.success) return result.output;
  const errors = result.issues.map((issue) => {
    const field = v.getDotPath(issue) ?? '';
    if (issue.type === 'strict_object' || issue.type === 'object') {
      if (!field) return { field, message: msg({ defaultMessage: 'The request must be a JSON object', id: 'RWiX9S' }) };
      if (issue.expected === 'never')
        return { field, message: msg({ defaultMessage: "Unknown field '{field}'", id: 'HPapS+' }, { field }) };
      if (issue.input === undefined) return { field, message: missingMessage(schema, field) };
    }
    return { field, message: issue.message };
  });
  throw invalidInput(errors.map((e) => e.message).join('; '), errors);
}
