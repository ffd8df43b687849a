import type { FastifyRequest } from 'fastify';
import { HttpError, badRequest } from '../http/errors.ts';

/**
 * TEMPORARY (branch disb-server): the lead's server/uploads/multipartUpload.ts replaces this file at
 * merge, with the same export and signature. Reads a multipart request's files (each whole, in
 * memory) and the named text fields; every malformed request or broken limit is a 400.
 * Needs @fastify/multipart registered in the route's scope.
 */
export async function readUploadParts(
  request: FastifyRequest, options: { maxFiles: number; maxFileBytes: number; fields: string[] },
): Promise<{ files: Array<{ filename: string; data: Buffer }>; fields: Record<string, string> }> {
  if (!request.isMultipart()) throw badRequest('Send the file as multipart/form-data');
  const files: Array<{ filename: string; data: Buffer }> = [];
  const fields: Record<string, string> = {};
  try {
    // One more file than allowed, so an extra file is reported in words rather than silently cut off.
    for await (const part of request.parts({ limits: { files: options.maxFiles + 1, fileSize: options.maxFileBytes, fields: options.fields.length + 5, fieldSize: 1_000 } })) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (files.length >= options.maxFiles) throw badRequest(`Upload at most ${options.maxFiles} file${options.maxFiles === 1 ? '' : 's'}`);
        files.push({ filename: part.filename || 'file', data });
      } else if (options.fields.includes(part.fieldname)) {
        fields[part.fieldname] = String(part.value);
      }
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_FILES_LIMIT') throw badRequest(`Upload at most ${options.maxFiles} file${options.maxFiles === 1 ? '' : 's'}`);
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw badRequest(`A file may be at most ${Math.round(options.maxFileBytes / 1024 / 1024)} MB`);
    throw badRequest('The upload could not be read as multipart/form-data');
  }
  return { files, fields };
}
