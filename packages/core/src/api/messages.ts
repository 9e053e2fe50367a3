import { z } from 'zod';

const label = (path: PropertyKey[] | undefined) => {
  const last = path?.[path.length - 1];
  return typeof last === 'string' ? last : 'This value';
};

/**
 * Plain messages for the checks that schemas do not word themselves, so a person reading a 400
 * learns which field is wrong and why.
 */
z.config({
  customError: (iss) => {
    const field = label(iss.path);
    if (iss.code === 'invalid_type') {
      if (iss.input === undefined || iss.input === null) return `${field} is required`;
      return `${field} must be ${iss.expected === 'number' ? 'a number' : iss.expected === 'boolean' ? 'true or false' : `a ${iss.expected}`}`;
    }
    if (iss.code === 'too_small' && iss.origin === 'string') return `${field} must have at least ${iss.minimum} characters`;
    if (iss.code === 'too_big' && iss.origin === 'string') return `${field} must have at most ${iss.maximum} characters`;
    if (iss.code === 'invalid_value') return `${field} must be one of: ${iss.values.map(String).join(', ')}`;
    if (iss.code === 'unrecognized_keys') return `Unknown field: ${iss.keys.join(', ')}`;
    if (iss.code === 'invalid_union') {
      // the first form's first problem, instead of a bare 'Invalid input'
      const first = iss.errors[0]?.[0];
      if (!first) return `${field} is not valid`;
      return first.path.length > 0 ? `${field}: ${first.message}` : first.message.replace(/^This value/, field);
    }
    return undefined;
  },
});

export { z };
