/** The demo sign-ins printed at start and listed in the README. */
export const DEMO_PASSWORD = 'Tripline1!';

export const DEMO_LOGINS = [
  { username: 'admin', description: 'administrator (adminAccess), lands on /admin' },
  { username: 'dispatcher', description: 'SecureEmployee, group Dispatch, lands on /admin/trips' },
  { username: 'partner', description: 'Affiliate user of Sandia Mobility, lands on / (the day list)' },
  { username: 'partner2', description: 'Affiliate user of Rio Grande Medical Transport, lands on /' },
  { username: 'casemanager', description: 'Case Manager with two bill-to accounts, lands on /case-manager/' },
  { username: 'passenger', description: 'S/N Passenger with trips, lands on /passenger-portal/' },
  { username: 'credentialing', description: 'SecureEmployee, group PartnerCredentialing, lands on /compliance' },
  { username: 'fleet', description: 'SecureEmployee, group FleetManagement, lands on /admin/trips' },
  { username: 'supervisor', description: 'SecureEmployee who signs in with a code by email or SMS (MFA)' },
  { username: 'finance', description: 'SecureEmployee, group Finance, edits partner rates on /reporting/partner-rates' },
] as const;
