/** One warning from the server's x-warning header (spec 1 §7). */
export interface ServerWarning {
  type?: string;
  message: string;
  entity?: string;
  id?: string;
  toastMethod?: string;
}

function asWarning(item: unknown): ServerWarning | null {
  if (typeof item === 'string') return item.trim() ? { message: item } : null;
  if (!item || typeof item !== 'object') return null;
  const o = item as Record<string, unknown>;
  if (typeof o.message !== 'string' || !o.message.trim()) return null;
  const text = (v: unknown) => (typeof v === 'string' && v ? v : v != null && typeof v !== 'object' ? String(v) : undefined);
  return { message: o.message, type: text(o.type), entity: text(o.entity), id: text(o.id), toastMethod: text(o.toastMethod) };
}

/** The header is either plain text or a JSON list of warning objects. */
export function parseWarningHeader(value: string | null | undefined): ServerWarning[] {
  const raw = value?.trim();
  if (!raw) return [];
  if (raw.startsWith('[') || raw.startsWith('{')) {
    try {
      const parsed: unknown = JSON.parse(raw);
      const list = Array.isArray(parsed) ? parsed : [parsed];
      return list.map(asWarning).filter((w): w is ServerWarning => w !== null);
    } catch {
      // Not JSON after all: show it as written.
    }
  }
  return [{ message: raw }];
}

/** Warnings appear under titled headings (spec 1 §8): one heading per warning type, in first-seen order. */
export function groupWarnings(warnings: readonly ServerWarning[]): { title: string; toastMethod?: string; messages: string[] }[] {
  const groups = new Map<string, { title: string; toastMethod?: string; messages: string[] }>();
  for (const w of warnings) {
    const title = w.type?.trim() || 'Warning';
    const group = groups.get(title) ?? { title, toastMethod: w.toastMethod, messages: [] };
    group.messages.push(w.message);
    groups.set(title, group);
  }
  return [...groups.values()];
}
