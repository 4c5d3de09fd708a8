import type { FastifyInstance } from 'fastify'
import { settingsAccess } from './access.ts'
import { contactRoutes } from './contact.routes.ts'
import { credentialRoutes } from './credentials.routes.ts'
import { emailPreferenceRoutes } from './email-preferences.routes.ts'
import { referenceRoutes } from './reference.routes.ts'
import { unitSettingsRoutes } from './unit.routes.ts'

/**
 * Accounts (zeus) calls behind /settings (seeds 2.4): reference data, a unit's broadband and
 * address, email and password, email preferences, contact and report cards, one module each.
 */
export function zeusSettingsRoutes(app: FastifyInstance): Promise<void> {
  const access = settingsAccess(app)
  referenceRoutes(app)
  unitSettingsRoutes(app, access)
  credentialRoutes(app, access)
  emailPreferenceRoutes(app, access)
  contactRoutes(app, access)
  return Promise.resolve()
}
