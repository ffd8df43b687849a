import type { IncomingMessage } from 'node:http';
import type { FastifyError, FastifyInstance } from 'fastify';
import { isDatabaseUnavailable, pgCode } from '../db/transaction.ts';
import { DomainError, type DomainErrorKind } from '../domain/errors.ts';
import { msg } from '../../src/i18n/msg.ts';

const GENERIC = msg({ defaultMessage: 'Something went wrong, please try again later.', id: 'K4qCn9' });
export const DATABASE_UNAVAILABLE = msg({
  defaultMessage: 'The database is not answering. Please try again in a moment.',
  id: '7xfdDl',
});

/** The one place a domain refusal becomes an HTTP status. */
const STATUS_OF: Record<DomainErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  ruleBroken: 422,
  throttled: 429,
  providerFailed: 502,
  unavailable: 503,
};

export const statusOf = (error: DomainError): number => STATUS_OF[error.kind];

/** Every failure leaves as the JSON envelope; internals never reach the caller. */
export function registerErrorHandling(app: FastifyInstance, options: { spaFallback: boolean }): void {
  app.setErrorHandler(async (error: FastifyError | DomainError, request, reply) => {
    let status = 500;
    let message = GENERIC;
    let errors: Array<{ field: string; message: string }> | undefined;
    if (error instanceof DomainError) {
      status = statusOf(error);
      message = error.message;
      errors = error.errors;
    } else if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
      status = error.statusCode;
      message = clientErrorMessage(error);
    }
    if (status === 500 && isDatabaseUnavailable(error)) {
      // The database went away (a restart, a failover): fail fast and say so; the pool reconnects by itself.
      status = 503;
      message = DATABASE_UNAVAILABLE;
    }
    const code = pgCode(error);
    if (status === 500 && (code === '22021' || code === '22P05')) {
      // Text the database cannot store (a NUL that slipped past parseInput): the caller's input, not our fault.
      status = 400;
      message = msg({ defaultMessage: 'The request contains characters that cannot be stored', id: 'Mv2Dz3' });
    }
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    if (status === 413 || status === 429) {
      // Answer only once the client has finished sending: replying mid-upload makes the socket
      // close under the client, which then sees a reset instead of this answer (a second upload
      // of one user is refused before its body is read).
      reply.header('Connection', 'close');
      await drain(request.raw);
    }
    return reply
      .status(status)
      .send({ status: 'failed', message, responseMessage: message, ...(errors ? { errors } : {}) });
  });

  app.setNotFoundHandler((request, reply) => {
    // History-style URLs: a page path that is not a file, the API or socket.io gets the app shell
    // (sent as webApp.ts sends index.html: precompressed, revalidated). A missing built file stays a
    // 404: a chunk of an older deploy must fail as one, not arrive as HTML.
    const path = request.url.split('?')[0];
    const page = !path.startsWith('/api/') && !path.startsWith('/socket.io') && !path.startsWith('/assets/');
    if (options.spaFallback && (request.method === 'GET' || request.method === 'HEAD') && page) {
      return reply.type('text/html').sendFile('index.html');
    }
    const message = msg({ defaultMessage: 'Not found', id: 'TThIOM' });
    return reply.status(404).send({ status: 'failed', message, responseMessage: message });
  });
}

function clientErrorMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return msg({ defaultMessage: 'The request body is not valid JSON', id: 'Qq8vgG' });
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return msg({ defaultMessage: 'The request is too large', id: 'oZpioz' });
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return msg({ defaultMessage: 'Unsupported content type', id: 'Zrjj/E' });
    default:
      return error.statusCode === 429
        ? msg({ defaultMessage: 'Too many requests. Please wait and try again.', id: '5+8Z9T' })
        : msg({ defaultMessage: 'The request could not be processed', id: 'XcHroV' });
  }
}

// Enough to answer an honest client that sent a few megabytes too many; past it the socket just closes.
const DRAIN_MAX_BYTES = 16 * 1024 * 1024;
const DRAIN_MAX_MS = 10_000;

/** Reads and drops the rest of a refused body, up to a bound, so the answer reaches the client. */
function drain(stream: IncomingMessage): Promise<void> {
  if (stream.readableEnded || stream.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    let seen = 0;
    const finish = () => {
      clearTimeout(timer);
      stream.off('data', count);
      stream.off('end', finish);
      stream.off('error', finish);
      resolve();
    };
    const count = (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > DRAIN_MAX_BYTES) finish();
    };
    const timer = setTimeout(finish, DRAIN_MAX_MS);
    stream.on('data', count);
    stream.on('end', finish);
    stream.on('error', finish);
    stream.resume();
  });
}
