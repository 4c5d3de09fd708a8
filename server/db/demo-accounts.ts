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
] as const
export type DemoAccount = (typeof DEMO_ACCOUNTS)[number]
