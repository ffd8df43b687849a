import type { FastifyInstance, FastifyRequest } from 'fastify';
import { invalidInput } from '../domain/errors.ts';
import { MAX_JSON_DEPTH, nestedDeeperThan, textProblem } from '../domain/textCheck.ts';

export const TOO_DEEP = `The request body nests deeper than ${MAX_JSON_DEPTH} levels`;

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

/** Fastify's own JSON parsing (prototype-poisoning checks included), refusing deep nesting. */
export function guardedJsonParser(app: FastifyInstance): (request: FastifyRequest, body: string) => Promise<unknown> {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  return (request, body) =>
    new Promise((resolve, reject) => {
      parseJson(request, body, (error: Error | null, value?: unknown) => {
        if (error) return reject(error);
        if (nestedDeeperThan(value, MAX_JSON_DEPTH)) return reject(invalidInput(TOO_DEEP));
        resolve(value);
      });
    });
}
