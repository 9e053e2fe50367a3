/** Escapes LIKE wildcards so user text is matched literally. */
export const likeLiteral = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * How a typed search finds contacts, for the navigation bar's global search and the editors'
 * autocomplete alike (spec 2 §2 contacts typeahead): the name starts with the text or has a word
 * that does, or the text is the contact number or the member id. Deleted contacts never. Pushes its
 * values onto `params` and answers the condition and the ordering (name-prefix matches first) on
 * the contacts alias `c`.
 */
export function contactTextMatch(q: string, params: unknown[], c = 'c'): { where: string; order: string } {
  const number = /^\d{1,10}$/.test(q) ? Number(q) : null;
  params.push(likeLiteral(q), number, q);
  const [text, num, member] = [params.length - 2, params.length - 1, params.length];
  const prefix = `lower(${c}.name) like lower($${text}) || '%' escape '\\'`;
  return {
    where: `not ${c}.deleted
      and (${prefix} or lower(${c}.name) like '% ' || lower($${text}) || '%' escape '\\'
           or ${c}.contact_number = $${num} or lower(${c}.member_id) = lower($${member}))`,
    order: `${prefix} desc, ${c}.name`,
  };
}

/** The city of a contact's main address (Home first), as a column on the contacts alias `c`. */
export const mainCity = (c = 'c') => `(select a.city from addresses a where a.contact_id = ${c}.id order by a.label = 'Home' desc, a.id limit 1)`;
