import type { FastifyInstance, FastifyRequest } from 'fastify';
import { invalidInput } from '../domain/errors.ts';
import { MAX_JSON_DEPTH, nestedDeeperThan, textProblem } from '../domain/textCheck.ts';
import { firstRepeatedKey, repeatedKeyMessage } from './duplicateKeys.ts';
import { msg } from '../../src/i18n/msg.ts';

export const TOO_DEEP = msg(
  { defaultMessage: 'The request body nests deeper than {depth} levels', id: 'Hx5OZ7' },
  { depth: MAX_JSON_DEPTH },
);

/**
 * Checks every request before any handler runs: JSON bodies no deeper than MAX_JSON_DEPTH, and
 * no NUL or lone surrogate in any body, query or path parameter, whatever the route.
 */
export function registerRequestGuards(app: FastifyInstance): void {
  const parse = guardedJsonParser(app);
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    parse(request, body as string).then(
      (value) => done(null, value),
      (error: Error) => done(error, undefined),
    );
  });
  app.addHook('preValidation', async (request) => {
    const problem = textProblem(request.params) ?? textProblem(request.query) ?? textProblem(request.body);
    if (problem) throw invalidInput(problem, [{ field: '', message: problem }]);
  });
}

/**
 * Fastify's own JSON parsing (secure-json-parse: `__proto__` and `constructor.prototype` refused as invalid JSON, as
 * Fastify's default does), refusing deep nesting and any key repeated within one object.
 */
export function guardedJsonParser(app: FastifyInstance): (request: FastifyRequest, body: string) => Promise<unknown> {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  return (request, body) =>
    new Promise((resolve, reject) => {
      parseJson(request, body, (error: Error | null, value?: unknown) => {
        if (error) return reject(error);
        if (nestedDeeperThan(value, MAX_JSON_DEPTH)) return reject(invalidInput(TOO_DEEP));
        // Issue 44: a repeated key is refused, not read as its last value (the parse above kept only that one).
        const repeated = firstRepeatedKey(body);
        if (repeated !== null) {
          const message = repeatedKeyMessage(repeated);
          return reject(invalidInput(message, [{ field: repeated, message }]));
        }
        resolve(value);
      });
    });
}
