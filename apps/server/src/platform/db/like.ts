/** Text to match literally inside a LIKE pattern: its backslashes, percent signs and underscores escaped. */
export const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
