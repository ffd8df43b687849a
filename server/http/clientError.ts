import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { REQUEST_ID_HEADER } from './requestId.ts';
import { msg } from '../../src/i18n/msg.ts';

/** What the caller reads for each kind of request Node's HTTP parser refused before any route saw it. */
const ANSWERS: Record<string, { status: number; message: string }> = {
  HPE_HEADER_OVERFLOW: {
    status: 431,
    message: msg({ defaultMessage: 'The request line or headers are too large', id: 'Vj0AGW' }),
  },
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: 408,
    message: msg({ defaultMessage: 'The request took too long to arrive', id: 'MoCg4y' }),
  },
};
// Answered in English: the headers (Accept-Language among them) could not be read.
const MALFORMED = {
  status: 400,
  message: msg({
    defaultMessage: 'The request could not be read: its request line or headers are malformed',
    id: 'fq3WKU',
  }),
};

/**
 * Fastify's `clientErrorHandler` (issue 44): a request Node's parser refuses (a 20,000-character query, a header with
 * CR, LF, NUL or DEL) has no request object, so Fastify would write its own JSON without our envelope or an id. This
 * writes the `failed` envelope with a fresh request id, in the body and in `x-request-id`, logs it under that id, and
 * closes the connection. Bound to the Fastify instance by Fastify (its logger is `this.log`).
 */
export function answerClientError(this: FastifyInstance, error: Error & { code?: string }, socket: Socket): void {
  // A reset connection has no one to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, message } = ANSWERS[error.code ?? ''] ?? MALFORMED;
  const requestId = randomUUID();
  this.log.info({ request_id: requestId, status, code: error.code }, 'request refused by the HTTP parser');
  // As Node itself does: answer only when no answer on this connection has started.
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } | null })._httpMessage;
  if (!socket.writable || inFlight?.headersSent) {
    socket.destroy();
    return;
  }
  const body = JSON.stringify({ status: 'failed', message, responseMessage: message, request_id: requestId });
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
      'content-type: application/json; charset=utf-8\r\n' +
      `content-length: ${Buffer.byteLength(body)}\r\n` +
      `${REQUEST_ID_HEADER}: ${requestId}\r\n` +
      'x-content-type-options: nosniff\r\n' +
      'cache-control: no-store\r\n' +
      'connection: close\r\n\r\n' +
      body,
    // Then closed: the parser cannot read anything further on this connection.
    () => socket.destroy(),
  );
}
