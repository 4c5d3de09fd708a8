/**
 * The admin section permissions on their own: the route guards of every page read them (the
 * router's start), and the rest of the admin contract (schemas, CSV parsing) loads with the admin
 * pages only.
 */

/** Seeds 001 §6: the admin section permissions, granted under test-measurements (per panel). */
export const ADMIN_PERMISSION = {
  agentsView: 'agents_view',
  agentsManage: 'agents_manage',
  /** Under the Owner section, per owner: users section and data subscriptions. */
  orgSuperAdmin: 'org_super_admin',
  agentOwnersManage: 'agent_owners_manage',
  adminUsersManage: 'admin_users_manage',
  metadataManage: 'metadata_manage',
  cpeSubscriptionsManage: 'cpe_subscriptions_manage',
  cpeApiManage: 'cpe_api_manage',
  instantTestApiManage: 'instant_test_api_manage',
  manageProducts: 'manage_products',
  barcodeScanner: 'barcode_scanner',
} as const
