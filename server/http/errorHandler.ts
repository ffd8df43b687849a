import type { FastifyError, FastifyInstance } from 'fastify';
import { pgCode } from '../db/transaction.ts';
import { HttpError } from './errors.ts';

const GENERIC = 'Something went wrong, please try again later.';

/** Every failure leaves as the JSON envelope; internals never reach the caller. */
export function registerErrorHandling(app: FastifyInstance, options: { spaFallback: boolean }): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    let status = 500;
    let message = GENERIC;
    let errors: Array<{ field: string; message: string }> | undefined;
    if (error instanceof HttpError) {
      status = error.statusCode;
      message = error.message;
      errors = error.errors;
    } else if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
      status = error.statusCode;
      message = clientErrorMessage(error);
    }
    const code = pgCode(error);
    if (status === 500 && (code === '22021' || code === '22P05')) {
      // Text the database cannot store (a NUL that slipped past parseInput): the caller's input, not our fault.
      status = 400;
      message = 'The request contains characters that cannot be stored';
    }
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    reply.status(status).send({ status: 'failed', message, responseMessage: message, ...(errors ? { errors } : {}) });
  });

  app.setNotFoundHandler((request, reply) => {
    // History-style URLs: a page path that is not a file, the API or socket.io gets the app shell.
    const path = request.url.split('?')[0];
    if (options.spaFallback && request.method === 'GET' && !path.startsWith('/api/') && !path.startsWith('/socket.io')) {
      return reply.type('text/html').sendFile('index.html');
    }
    return reply.status(404).send({ status: 'failed', message: 'Not found', responseMessage: 'Not found' });
  });
}

function clientErrorMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is not valid JSON';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The request is too large';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported content type';
    default:
      return error.statusCode === 429 ? 'Too many requests. Please wait and try again.' : 'The request could not be processed';
  }
}
