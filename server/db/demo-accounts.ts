/**
 * The demo accounts of ARCHITECTURE.md, each <name>@example.com with DEMO_PASSWORD. Kept free of
 * imports so that small scripts (npm start's banner, the login bench) can name them cheaply.
 */
export const DEMO_PASSWORD = 'Whitebox-demo-1'

export const DEMO_ACCOUNTS = [
  'consumer',
  'volunteer',
  'engineer',
  'analyst',
  'admin',
  'staff',
  'multi',
  'locked',
  'expired',
  'disabled',
  'migrated',
  'superadmin',
] as const
export type DemoAccount = (typeof DEMO_ACCOUNTS)[number]

/**
 * Customers of panel 3's ISPs, whose units an engineer finds by email (seeds 001 §2.4 search).
 * They sign in with DEMO_PASSWORD too, so they are listed with the demo accounts.
 */
export const FLEET_CUSTOMERS: [firstName: string, lastName: string][] = [
  ['Olivia', 'Nguyen'],
  ['Jack', 'Patel'],
  ['Mia', 'Williams'],
  ['Noah', 'Kelly'],
  ['Chloe', 'Brown'],
  ['Lucas', 'Santos'],
]

/** A fleet customer's sign-in email: first.last@example.net. */
export function fleetCustomerEmail(firstName: string, lastName: string): string {
  return `${firstName.toLowerCase()}.${lastName.toLowerCase()}@example.net`
}
