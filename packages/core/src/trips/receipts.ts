import { RECEIPT_TYPES } from './constants.ts';

export type ReceiptType = (typeof RECEIPT_TYPES)[number];

/** Bytes a receipt must start with for its type to be believed. */
export const RECEIPT_SNIFF_BYTES = 16;

const startsWith = (b: Uint8Array, sig: readonly number[], at = 0) => sig.every((v, i) => b[at + i] === v);
const ascii = (b: Uint8Array, from: number, to: number) => String.fromCharCode(...b.subarray(from, to));

/** ISO-BMFF brands of HEIC and HEIF still images (phones save photos as these). */
const HEIF_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1']);

/**
 * What a file is, from its first bytes (the file's own magic number, not the name or the declared
 * type): one of the receipt types, or null.
 */
export function sniffReceiptType(head: Uint8Array): ReceiptType | null {
  if (startsWith(head, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'application/pdf'; // %PDF-
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (ascii(head, 0, 6) === 'GIF87a' || ascii(head, 0, 6) === 'GIF89a') return 'image/gif';
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WEBP') return 'image/webp';
  if (ascii(head, 4, 8) === 'ftyp' && HEIF_BRANDS.has(ascii(head, 8, 12))) return 'image/heic';
  return null;
}

/** Declared types as browsers send them; 'image/jpg' and 'image/heif' are common spellings. */
export function receiptTypeOf(declared: string): ReceiptType | null {
  const t = declared.split(';')[0].trim().toLowerCase();
  const normal = t === 'image/jpg' || t === 'image/pjpeg' ? 'image/jpeg' : t === 'image/heif' ? 'image/heic' : t;
  return (RECEIPT_TYPES as readonly string[]).includes(normal) ? (normal as ReceiptType) : null;
}
