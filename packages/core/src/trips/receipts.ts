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

/** How many receipts one user may hold that no expense uses yet. */
export const RECEIPT_UNATTACHED_MAX = 20;
/** A receipt no expense uses is removed this long after its upload. */
export const RECEIPT_UNATTACHED_HOURS = 24;
/** The longest file name kept, in characters. */
export const RECEIPT_NAME_MAX = 200;

export const RECEIPT_TEXT = {
  ONE_FILE: 'Send one receipt at a time: this form holds more than one file.',
  QUOTA: `You have ${RECEIPT_UNATTACHED_MAX} receipts that are not on an expense yet. Add them to an expense, or wait: receipts not used within ${RECEIPT_UNATTACHED_HOURS} hours are removed.`,
} as const;

/**
 * Characters a file name must not carry into a page or a download header: control characters
 * (C0, DEL, C1), the bidirectional marks, embeddings, overrides and isolates that can make
 * 'invoice‮fdp.exe' read as 'invoiceexe.pdf', and lone surrogates.
 */
// eslint-disable-next-line no-control-regex -- matching them is the point
const UNSAFE_NAME_CHARS = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * The name a receipt is kept under: the last part of the path the browser sent (either slash),
 * without unsafe characters, trimmed, at most RECEIPT_NAME_MAX characters (never half a
 * character), and 'receipt' when nothing is left.
 */
export function receiptFileName(sent: string): string {
  const base = sent.replace(UNSAFE_NAME_CHARS, '').split(/[/\\]/).pop() ?? '';
  const name = [...base.trim()].slice(0, RECEIPT_NAME_MAX).join('').trim();
  return name === '' || name === '.' || name === '..' ? 'receipt' : name;
}

/** The quota's refusal for a user who already holds `unattached` unused receipts, or null. */
export function receiptQuotaError(unattached: number): string | null {
  return unattached >= RECEIPT_UNATTACHED_MAX ? RECEIPT_TEXT.QUOTA : null;
}

/** Receipts uploaded before this moment and still on no expense are due for removal. */
export function unattachedReceiptCutoff(now: Date): Date {
  return new Date(now.getTime() - RECEIPT_UNATTACHED_HOURS * 3_600_000);
}
