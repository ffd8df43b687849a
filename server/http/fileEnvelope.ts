import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

export interface FileEnvelope {
  body: Readable;
  length: number;
}

/**
 * The success envelope `{ status, message, data: { content: <base64 of the file>, filename } }`
 * as a stream, so a file of tens of megabytes is never held in memory, base64 and all.
 * `done` runs once the stream ends or is abandoned (a client that hangs up).
 */
export async function fileEnvelope(
  path: string,
  filename: string,
  message: string,
  done: () => Promise<void>,
): Promise<FileEnvelope> {
  const head = `{"status":"success","message":${JSON.stringify(message)},"data":{"content":"`;
  const tail = `","filename":${JSON.stringify(filename)}}}`;
  const { size } = await stat(path);
  async function* chunks() {
    try {
      yield head;
      let carry: Buffer = Buffer.alloc(0);
      // Base64 of whole 3-byte groups only, so the pieces join into one valid string.
      for await (const chunk of createReadStream(path, { highWaterMark: 3 * 64 * 1024 })) {
        const data = carry.length ? Buffer.concat([carry, chunk as Buffer]) : (chunk as Buffer);
        const whole = data.length - (data.length % 3);
        yield data.subarray(0, whole).toString('base64');
        carry = data.subarray(whole);
      }
      yield carry.toString('base64') + tail;
    } finally {
      await done();
    }
  }
  return {
    body: Readable.from(chunks(), { objectMode: false }),
    length: Buffer.byteLength(head) + 4 * Math.ceil(size / 3) + Buffer.byteLength(tail),
  };
}

/**
 * Answers with a written file in the envelope, and deletes it once sent (or abandoned); a file the
 * envelope cannot be built for is deleted at once. Every download route (the lists' exports, the
 * audit log) answers through this.
 */
export async function sendFileEnvelope(
  reply: FastifyReply,
  file: { path: string; dispose(): Promise<void> },
  filename: string,
  message: string,
): Promise<FastifyReply> {
  try {
    const { body, length } = await fileEnvelope(file.path, filename, message, file.dispose);
    return reply.type('application/json; charset=utf-8').header('content-length', length).send(body);
  } catch (error) {
    await file.dispose();
    throw error;
  }
}
