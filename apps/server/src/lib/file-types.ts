import { fileTypeAmong, type SniffedFileType } from '@carepoint/contract';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { asFile } from './downloads';

/**
 * Uploads whose body is the file's bytes (profile pictures, report attachments). Call inside
 * the route's own plugin, so the raw parser, the size limit and the messages apply to its
 * routes alone. The declared Content-Type only lets the body in; the bytes decide the type.
 */
export interface RawUpload<T extends SniffedFileType> {
  /** Declared Content-Types let in (the route config's `contentTypes` lists the same). */
  declaredTypes: readonly string[];
  /** The types the bytes may be. */
  allowed: readonly T[];
  maxBytes: number;
  /** 413 in the area's words. */
  tooLarge: () => Error;
  /** 415 in the area's words (naming the allowed types). */
  refused: () => Error;
}

export function acceptRawUploads<T extends SniffedFileType>(app: FastifyInstance, upload: RawUpload<T>) {
  app.addContentTypeParser(
    [...upload.declaredTypes],
    { parseAs: 'buffer', bodyLimit: upload.maxBytes },
    (_request, body, done) => done(null, body),
  );
  // Fastify's own answers name its limits; the upload's rules are said in the area's words.
  app.setErrorHandler((error: FastifyError) => {
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') throw upload.tooLarge();
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || error.code === 'FST_ERR_CTP_EMPTY_TYPE') {
      throw upload.refused();
    }
    throw error;
  });
}

/**
 * The uploaded file and its type, sniffed from its bytes; otherwise the upload's errors: a JSON
 * or form body that reached the route through the app's other parsers, too many bytes, or bytes
 * that are none of the allowed types.
 */
export function uploadedFile<T extends SniffedFileType>(
  body: unknown,
  upload: RawUpload<T>,
): { type: T; data: Buffer } {
  if (!Buffer.isBuffer(body)) throw upload.refused();
  if (body.length > upload.maxBytes) throw upload.tooLarge();
  const type = fileTypeAmong(body, upload.allowed);
  if (!type) throw upload.refused();
  return { type, data: body };
}

/** Each sniffed type's file extensions, the one given to downloads first. */
const EXTENSIONS: Readonly<Record<SniffedFileType, readonly string[]>> = {
  'application/pdf': ['pdf'],
  'image/png': ['png'],
  'image/jpeg': ['jpg', 'jpeg'],
  'image/webp': ['webp'],
};

/**
 * A download's file name with the extension of the type its bytes are: "poly.html" holding a PDF
 * is sent as "poly.pdf", so the saved file opens as what it is, never as a page or a program.
 * A name already ending in one of the type's extensions (any case) is kept as it is.
 */
function downloadName(name: string, contentType: string): string {
  const extensions = Object.entries(EXTENSIONS).find(([type]) => type === contentType)?.[1];
  if (!extensions) return name;
  const dot = name.lastIndexOf('.');
  const stem = dot > 0 ? name.slice(0, dot) : name;
  const current = dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
  if (extensions.includes(current)) return name;
  return `${stem}.${extensions[0]}`;
}

/** Answers a stored upload (a report's file), as a download or to show in a tab of its own. */
export const sendStoredFile = async (
  reply: FastifyReply,
  file: { name: string; contentType: string; data: Buffer },
  disposition: 'attachment' | 'inline',
) =>
  asFile(reply, { fileName: downloadName(file.name, file.contentType), type: file.contentType, disposition })
    .header('X-Content-Type-Options', 'nosniff')
    // Shown in a tab of its own: no script, no forms, no same-origin access, whatever the file holds.
    .header(
      'Content-Security-Policy',
      "sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'",
    )
    .header('Content-Length', file.data.length)
    .send(file.data);
