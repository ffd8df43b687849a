import type { FastifyRequest } from 'fastify';
import { DomainError, invalidInput } from '../domain/errors.ts';
import type { UploadedFile } from './sheetReader.ts';
import { msg } from '../../src/i18n/msg.ts';

export interface UploadLimits {
  maxFiles: number;
  maxFileBytes: number;
  /** The text fields the route reads; any other field is ignored. */
  fields: string[];
}

const megabytes = (bytes: number) => Math.round(bytes / 1024 / 1024);

/**
 * Reads a multipart upload into memory within the route's limits (the product's own words for
 * too many or too large files), and turns every malformed body (no boundary, a broken part
 * header, no closing boundary) into invalidInput instead of letting the parser's error become a 500.
 */
export async function readUploadParts(
  request: FastifyRequest,
  limits: UploadLimits,
): Promise<{ files: UploadedFile[]; fields: Record<string, string> }> {
  if (!request.isMultipart())
    throw invalidInput(msg({ defaultMessage: 'Send the files as multipart/form-data', id: 'JczAUI' }));
  const files: UploadedFile[] = [];
  const fields: Record<string, string> = {};
  try {
    // One more file than allowed and one more byte, so going over is reported rather than silently cut.
    const parts = request.parts({
      limits: {
        files: limits.maxFiles + 1,
        fileSize: limits.maxFileBytes + 1,
        fields: limits.fields.length + 5,
        fieldSize: 1_000,
        parts: limits.maxFiles + limits.fields.length + 6,
      },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        const filename = cleanFilename(part.filename);
        if (part.file.truncated || data.length > limits.maxFileBytes)
          throw invalidInput(
            msg(
              { defaultMessage: '{filename}: Limit Size Gambar {megabytes} MB', id: 'UDQMBR' },
              { filename, megabytes: megabytes(limits.maxFileBytes) },
            ),
          );
        files.push({ filename, data });
        if (files.length > limits.maxFiles)
          throw invalidInput(
            msg({ defaultMessage: 'Maximum Gambar Diunduh {count} Gambar', id: 'cLUGIe' }, { count: limits.maxFiles }),
          );
      } else if (limits.fields.includes(part.fieldname)) {
        // As a JSON body's repeated key is (issue 44): 'dry_run=true' then 'dry_run=false' must not apply.
        if (Object.hasOwn(fields, part.fieldname))
          throw invalidInput(
            msg({ defaultMessage: "The upload repeats the field '{field}'", id: 'f9Uxrw' }, { field: part.fieldname }),
          );
        fields[part.fieldname] = String(part.value);
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_FILES_LIMIT')
      throw invalidInput(
        msg({ defaultMessage: 'Maximum Gambar Diunduh {count} Gambar', id: 'cLUGIe' }, { count: limits.maxFiles }),
      );
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw invalidInput(
        msg(
          { defaultMessage: 'Limit Size Gambar {megabytes} MB', id: '8sFwWX' },
          { megabytes: megabytes(limits.maxFileBytes) },
        ),
      );
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
      throw invalidInput(msg({ defaultMessage: 'The upload has too many parts', id: 'vZAgpN' }));
    if (error instanceof DomainError) throw error;
    // Everything else here is the multipart parser refusing the body.
    throw invalidInput(
      msg({ defaultMessage: 'The upload could not be read: the multipart body is malformed', id: 'R+1sQ4' }),
    );
  }
  return { files, fields };
}

/** The characters a filename loses: C0 controls and DEL. */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/g;

/** A filename is shown back to the user and written to the audit log: no control characters, bounded. */
function cleanFilename(name: string | undefined): string {
  const cleaned = (name ?? '').replace(CONTROL_CHARACTERS, '').toWellFormed().trim().slice(0, 200);
  return cleaned || 'file';
}
