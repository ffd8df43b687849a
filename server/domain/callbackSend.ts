import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import {
  LEGACY_SIGNATURE_HEADER,
  RESPONSE_EXCERPT_BYTES,
  TIMESTAMPED_SIGNATURE_HEADER,
} from '../../src/services/callbackRules.ts';
import { hmacHex, timestampedSignature } from './callbackSignature.ts';
import {
  KIND_WORDS,
  bareHost,
  checkHost,
  refusedKind,
  urlFormProblem,
  type AddressKind,
  type UrlFormProblem,
} from './callbackUrl.ts';
import { msg } from '../../src/i18n/msg.ts';

export { timestampedSignature };

/** What one POST to a merchant came to: the delivery log's attempt, before who triggered it. */
export interface CallbackSendResult {
  url: string;
  ok: boolean;
  statusCode: number | null;
  error: string | null;
  durationMs: number;
  responseExcerpt: string | null;
}

export interface CallbackSendOptions {
  correlationId: string;
  /** The secrets that sign, the current one first (two during a rotation's overlap). */
  secrets: readonly string[];
  /** Production refuses http and private, loopback, link-local and metadata addresses. */
  production: boolean;
  now?: Date;
  /** How long the whole attempt may take (tests shorten it). */
  timeoutMs?: number;
}

const TIMEOUT_MS = 5_000;

const FORM_WORDS: Record<UrlFormProblem, string> = {
  scheme: msg({ defaultMessage: 'not an http or https URL', id: 'yJ2og6', description: "a callback attempt's error" }),
  'http in production': msg({
    defaultMessage: 'http refused in production (https only)',
    id: 'A278ci',
    description: "a callback attempt's error",
  }),
  credentials: msg({
    defaultMessage: 'credentials in the URL refused',
    id: 'aaueFY',
    description: "a callback attempt's error",
  }),
};

/** 'refused address 10.0.0.1 (private)': the kind stays as the URL check names it. */
const refusedAddress = (address: string, kind: AddressKind) =>
  msg(
    { defaultMessage: 'refused address {address} ({kind})', id: 'Tx57RJ', description: "a callback attempt's error" },
    { address, kind: KIND_WORDS[kind] },
  );

/** A failure whose words are already the attempt's error. */
class AttemptFailed extends Error {}

/** Node's error codes in a person's words; anything else keeps its own message. */
const NETWORK_WORDS: Record<string, string> = {
  ECONNREFUSED: msg({ defaultMessage: 'connection refused', id: 'VM6iID', description: "a callback attempt's error" }),
  ECONNRESET: msg({ defaultMessage: 'connection reset', id: 'VguiNV', description: "a callback attempt's error" }),
  EHOSTUNREACH: msg({ defaultMessage: 'host unreachable', id: 'iqT53J', description: "a callback attempt's error" }),
  ENETUNREACH: msg({ defaultMessage: 'network unreachable', id: 'TcmUVW', description: "a callback attempt's error" }),
  ETIMEDOUT: msg({ defaultMessage: 'connection timed out', id: 'V3OI2F', description: "a callback attempt's error" }),
  EPIPE: msg({
    defaultMessage: 'connection closed while sending',
    id: 'pKCLMH',
    description: "a callback attempt's error",
  }),
  ENOTFOUND: msg({ defaultMessage: 'host not found', id: 'qHQbbc', description: "a callback attempt's error" }),
  EAI_AGAIN: msg({
    defaultMessage: 'host not found (DNS did not answer)',
    id: 'WoqQqy',
    description: "a callback attempt's error",
  }),
};

function errorWords(error: unknown): string {
  if (error instanceof AttemptFailed) return error.message;
  // With several addresses Node tries each (autoSelectFamily) and reports them together.
  const first = error instanceof AggregateError ? (error.errors[0] as unknown) : error;
  const code = (first as { code?: unknown })?.code;
  if (typeof code === 'string' && NETWORK_WORDS[code]) return NETWORK_WORDS[code];
  const message = first instanceof Error ? first.message : 'failed';
  return (typeof code === 'string' && /CERT|TLS|SSL/.test(code) ? `TLS: ${message}` : message).slice(0, 200);
}

/**
 * Resolves as Node would, but refuses to hand over a refused address: the connection goes to the very
 * addresses checked, so a name cannot pass the check and then resolve elsewhere (DNS rebinding).
 */
const guardedLookup =
  (production: boolean): LookupFunction =>
  (hostname, options, callback) => {
    void checkHost(hostname, production).then((checked) => {
      if (!checked.ok) {
        const why = checked.refused ? refusedAddress(checked.refused.address, checked.refused.kind) : checked.reason;
        callback(new AttemptFailed(why), '', 0);
      } else if (options.all) callback(null, checked.addresses);
      else callback(null, checked.addresses[0].address, checked.addresses[0].family);
    });
  };

/** Postgres text holds no NUL; a cut multi-byte character becomes U+FFFD. */
const excerptOf = (chunks: Buffer[]) =>
  Buffer.concat(chunks).subarray(0, RESPONSE_EXCERPT_BYTES).toString('utf8').replaceAll('\u0000', '') || null;

/**
 * POSTs one signed callback and says what came of it. Never throws: a refused address, a timeout or a
 * closed port is the attempt's error. The address is checked again here, after DNS, on the address the
 * connection is made to; redirects are not followed; only the first RESPONSE_EXCERPT_BYTES of the answer
 * are read.
 */
export async function sendCallback(
  url: string,
  body: string,
  options: CallbackSendOptions,
): Promise<CallbackSendResult> {
  const started = performance.now();
  const result = (r: Omit<CallbackSendResult, 'url' | 'durationMs'>): CallbackSendResult => ({
    url,
    durationMs: Math.round(performance.now() - started),
    ...r,
  });
  const failed = (error: string) => result({ ok: false, statusCode: null, error, responseExcerpt: null });
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return failed(msg({ defaultMessage: 'not a valid URL', id: 'VNx682', description: "a callback attempt's error" }));
  }
  if (!options.secrets.length)
    return failed(
      msg({ defaultMessage: 'no callback secret configured', id: 'vBB2w8', description: "a callback attempt's error" }),
    );
  const formProblem = urlFormProblem(target, options.production);
  if (formProblem) return failed(FORM_WORDS[formProblem]);
  // Node connects to an address literal without a lookup: checked here instead.
  const literal = bareHost(target.hostname);
  const literalKind = refusedKind(literal, options.production);
  if (literalKind) return failed(refusedAddress(literal, literalKind));

  const unixSeconds = Math.floor((options.now ?? new Date()).getTime() / 1000);
  const timeoutMs = options.timeoutMs ?? TIMEOUT_MS;
  const request = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<CallbackSendResult>((resolve) => {
    let settled = false;
    const settle = (outcome: CallbackSendResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(outcome);
    };
    const answered = (response: IncomingMessage) => {
      const statusCode = response.statusCode ?? 0;
      const chunks: Buffer[] = [];
      let size = 0;
      const done = () => {
        response.destroy();
        const redirect = statusCode >= 300 && statusCode < 400;
        settle(
          result({
            ok: statusCode >= 200 && statusCode < 300,
            statusCode,
            error: redirect
              ? msg({
                  defaultMessage: 'redirect not followed',
                  id: 'qpt6qE',
                  description: "a callback attempt's error",
                })
              : null,
            responseExcerpt: excerptOf(chunks),
          }),
        );
      };
      response.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        size += chunk.length;
        if (size >= RESPONSE_EXCERPT_BYTES) done();
      });
      response.on('end', done);
      // The answer broke off: what came of it is still the receiver's answer.
      response.on('error', done);
    };
    const outgoing = request(
      target,
      {
        method: 'POST',
        agent: false,
        lookup: guardedLookup(options.production),
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          [LEGACY_SIGNATURE_HEADER]: hmacHex(options.secrets[0], body),
          [TIMESTAMPED_SIGNATURE_HEADER]: timestampedSignature(options.secrets, body, unixSeconds),
          'x-correlation-id': options.correlationId,
        },
      },
      answered,
    );
    const timer = setTimeout(
      () => outgoing.destroy(new AttemptFailed(`timed out after ${timeoutMs / 1000} s`)),
      timeoutMs,
    );
    outgoing.on('error', (error) => settle(failed(errorWords(error))));
    outgoing.end(body);
  });
}
