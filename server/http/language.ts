import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DEFAULT_LANGUAGE, fromAcceptLanguage, type Language } from '../../src/i18n/language.ts';
import { translatorFor } from '../domain/translations.ts';

/**
 * The server answers in the caller's language (issue 48). Messages are written in English everywhere (declared with
 * msg() so the catalogs hold them); here alone, as each answer leaves, its `message` (and `responseMessage`) and each
 * `errors[].message` are translated by their English with the shared catalogs: src/i18n/en.json and the Indonesian
 * parts src/i18n/id/*.json, read once at start. The language is the caller's saved one, else the first of ours their
 * `Accept-Language` names, else English: an API client that says nothing reads exactly the English it always has.
 */

declare module 'fastify' {
  interface FastifyRequest {
    /** The language the answer is in when a route decides it (PUT /user/language: the one just saved). */
    answerLanguage: Language | null;
  }
}

/** The language a request is answered in: the route's choice, the caller's saved one, their Accept-Language, English. */
export function languageOf(request: FastifyRequest): Language {
  return (
    request.answerLanguage ??
    request.auth?.principal.language ??
    fromAcceptLanguage(request.headers['accept-language']) ??
    DEFAULT_LANGUAGE
  );
}

type Envelope = {
  status: 'success' | 'failed';
  message?: unknown;
  responseMessage?: unknown;
  errors?: unknown;
};

const isEnvelope = (payload: unknown): payload is Envelope =>
  typeof payload === 'object' &&
  payload !== null &&
  ((payload as Envelope).status === 'success' || (payload as Envelope).status === 'failed');

/** The envelope with its messages in the language; the English one itself when there is nothing to change. */
export function translateEnvelope<T extends Envelope>(payload: T, language: Language): T {
  if (language === 'en') return payload;
  const say = translatorFor(language);
  const copy: T = { ...payload };
  if (typeof payload.message === 'string') copy.message = say(payload.message);
  if (typeof payload.responseMessage === 'string') copy.responseMessage = say(payload.responseMessage);
  if (Array.isArray(payload.errors))
    copy.errors = payload.errors.map((error: unknown) =>
      error && typeof error === 'object' && typeof (error as { message?: unknown }).message === 'string'
        ? { ...error, message: say((error as { message: string }).message) }
        : error,
    );
  return copy;
}

/**
 * Every envelope, success or failure, wherever it was sent from (a route's ok(), the error handler, the not-found
 * handler), leaves in the caller's language, which `Content-Language` names.
 */
export function registerLanguage(app: FastifyInstance): void {
  translatorFor(DEFAULT_LANGUAGE);
  app.decorateRequest('answerLanguage', null);
  app.addHook('preSerialization', async (request, reply, payload) => {
    if (!isEnvelope(payload)) return payload;
    const language = languageOf(request);
    reply.header('Content-Language', language);
    return translateEnvelope(payload, language);
  });
}
