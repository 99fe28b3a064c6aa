import type { FastifyReply } from 'fastify';

/*
 * Every file the API answers (PDFs, CSV exports, backups, stored uploads, a FHIR record) goes
 * out the same way: its type, and a Content-Disposition with a quoted ASCII fallback and the
 * UTF-8 name (RFC 6266), as a download or to show in a tab.
 */

export type Disposition = 'attachment' | 'inline';

/** `Content-Disposition` for a file, with an ASCII fallback and the UTF-8 name (RFC 6266). */
export function attachmentDisposition(filename: string, disposition: Disposition = 'attachment'): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/** The reply, set to answer a file: its type and name; the caller sends the body. */
export const asFile = (
  reply: FastifyReply,
  file: { fileName: string; type: string; disposition?: Disposition },
): FastifyReply =>
  reply.type(file.type).header('Content-Disposition', attachmentDisposition(file.fileName, file.disposition));
