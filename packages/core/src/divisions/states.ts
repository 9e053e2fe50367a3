/**
 * US states, DC and Puerto Rico by their two-digit FIPS code: a county's five-digit FIPS code
 * begins with its state's, which is how the divisions map names the state of a county it draws.
 */
export const US_STATES_BY_FIPS: Readonly<Record<string, { code: string; name: string }>> = {
  '01': { code: 'AL', name: 'Alabama' },
  '02': { code: 'AK', name: 'Alaska' },
  '04': { code: 'AZ', name: 'Arizona' },
  '05': { code: 'AR', name: 'Arkansas' },
  '06': { code: 'CA', name: 'California' },
  '08': { code: 'CO', name: 'Colorado' },
  '09': { code: 'CT', name: 'Connecticut' },
  '10': { code: 'DE', name: 'Delaware' },
  '11': { code: 'DC', name: 'District of Columbia' },
  '12': { code: 'FL', name: 'Florida' },
  '13': { code: 'GA', name: 'Georgia' },
  '15': { code: 'HI', name: 'Hawaii' },
  '16': { code: 'ID', name: 'Idaho' },
  '17': { code: 'IL', name: 'Illinois' },
  '18': { code: 'IN', name: 'Indiana' },
  '19': { code: 'IA', name: 'Iowa' },
  '20': { code: 'KS', name: 'Kansas' },
  '21': { code: 'KY', name: 'Kentucky' },
  '22': { code: 'LA', name: 'Louisiana' },
  '23': { code: 'ME', name: 'Maine' },
  '24': { code: 'MD', name: 'Maryland' },
  '25': { code: 'MA', name: 'Massachusetts' },
  '26': { code: 'MI', name: 'Michigan' },
  '27': { code: 'MN', name: 'Minnesota' },
  '28': { code: 'MS', name: 'Mississippi' },
  '29': { code: 'MO', name: 'Missouri' },
  '30': { code: 'MT', name: 'Montana' },
  '31': { code: 'NE', name: 'Nebraska' },
  '32': { code: 'NV', name: 'Nevada' },
  '33': { code: 'NH', name: 'New Hampshire' },
  '34': { code: 'NJ', name: 'New Jersey' },
  '35': { code: 'NM', name: 'New Mexico' },
  '36': { code: 'NY', name: 'New York' },
  '37': { code: 'NC', name: 'North Carolina' },
  '38': { code: 'ND', name: 'North Dakota' },
  '39': { code: 'OH', name: 'Ohio' },
  '40': { code: 'OK', name: 'Oklahoma' },
  '41': { code: 'OR', name: 'Oregon' },
  '42': { code: 'PA', name: 'Pennsylvania' },
  '44': { code: 'RI', name: 'Rhode Island' },
  '45': { code: 'SC', name: 'South Carolina' },
  '46': { code: 'SD', name: 'South Dakota' },
  '47': { code: 'TN', name: 'Tennessee' },
  '48': { code: 'TX', name: 'Texas' },
  '49': { code: 'UT', name: 'Utah' },
  '50': { code: 'VT', name: 'Vermont' },
  '51': { code: 'VA', name: 'Virginia' },
  '53': { code: 'WA', name: 'Washington' },
  '54': { code: 'WV', name: 'West Virginia' },
  '55': { code: 'WI', name: 'Wisconsin' },
  '56': { code: 'WY', name: 'Wyoming' },
  '72': { code: 'PR', name: 'Puerto Rico' },
};

/** The two-letter codes, alphabetically. */
export const US_STATE_CODES: readonly string[] = Object.values(US_STATES_BY_FIPS)
  .map((s) => s.code)
  .sort();

/** The two-letter state of a five-digit county FIPS code ('35001' → 'NM'), or null. */
export function stateOfCountyFips(fips: string): string | null {
  if (!/^[0-9]{5}$/.test(fips)) return null;
  return US_STATES_BY_FIPS[fips.slice(0, 2)]?.code ?? null;
}

/** The two-digit FIPS code of a two-letter state ('NM' → '35'), or null. */
export function stateFipsOfCode(code: string): string | null {
  return Object.entries(US_STATES_BY_FIPS).find(([, s]) => s.code === code)?.[0] ?? null;
}
