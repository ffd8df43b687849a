/** Just enough MIME to read what nodemailer sends: headers, and the attachments of a multipart message. */

export interface MimePart {
  headers: Map<string, string>;
  body: string;
}

function splitPart(raw: string): MimePart {
  const at = raw.search(/\r?\n\r?\n/);
  const head = at < 0 ? raw : raw.slice(0, at);
  const body = at < 0 ? '' : raw.slice(at).replace(/^\r?\n\r?\n/, '');
  const headers = new Map<string, string>();
  // Folded header lines continue with whitespace.
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function parameter(header: string | undefined, name: string): string | undefined {
  const match = header && new RegExp(`${name}="?([^";]+)"?`, 'i').exec(header);
  return match ? match[1] : undefined;
}

export interface ParsedMail {
  headers: Map<string, string>;
  text: string;
  attachments: Array<{ filename: string; contentType: string; content: Buffer }>;
}

export function parseMail(raw: string): ParsedMail {
  const top = splitPart(raw);
  const boundary = parameter(top.headers.get('content-type'), 'boundary');
  const parts = boundary
    ? top.body
        .split(`--${boundary}`)
        .slice(1)
        .filter((p) => !p.startsWith('--'))
        .map(splitPart)
    : [top];
  const decode = (part: MimePart) =>
    /base64/i.test(part.headers.get('content-transfer-encoding') ?? '')
      ? Buffer.from(part.body.replace(/\s+/g, ''), 'base64')
      : Buffer.from(part.body);
  const attachments = parts
    .filter((p) => /attachment/i.test(p.headers.get('content-disposition') ?? ''))
    .map((p) => ({
      filename: parameter(p.headers.get('content-disposition'), 'filename') ?? '',
      contentType: (p.headers.get('content-type') ?? '').split(';')[0],
      content: decode(p),
    }));
  const textPart = parts.find((p) => (p.headers.get('content-type') ?? '').startsWith('text/plain'));
  return { headers: top.headers, text: textPart ? decode(textPart).toString('utf8') : '', attachments };
}
