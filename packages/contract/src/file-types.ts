/**
 * File types recognised by their first bytes (magic numbers), never by the declared
 * Content-Type or the file name: one table for the server's uploads and the forms' early checks.
 */
const SNIFFED_FILE_TYPES = ['application/pdf', 'image/png', 'image/jpeg', 'image/webp'] as const;
export type SniffedFileType = (typeof SNIFFED_FILE_TYPES)[number];

/** How many leading bytes fileTypeOf reads (a form reads only this much of a chosen file). */
export const FILE_SIGNATURE_BYTES = 12;

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) =>
  signature.every((b, i) => bytes[at + i] === b);

/** The type a file's first bytes announce, or null when it is none of SNIFFED_FILE_TYPES. */
export function fileTypeOf(bytes: Uint8Array): SniffedFileType | null {
  // "%PDF-"
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'application/pdf';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  // "RIFF" <size> "WEBP"
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) {
    return 'image/webp';
  }
  return null;
}

/** The sniffed type when it is one of `allowed`, otherwise null. */
export function fileTypeAmong<T extends SniffedFileType>(bytes: Uint8Array, allowed: readonly T[]): T | null {
  const type = fileTypeOf(bytes);
  return allowed.find((t) => t === type) ?? null;
}
