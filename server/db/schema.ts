/**
 * The database schema, one file per resource under schema/. This barrel is what the server imports
 * (`db/schema.ts`) and what drizzle-kit reads (drizzle.config.ts); a new resource adds its file and
 * one line here.
 */
export * from './schema/organisations.ts'
export * from './schema/accounts.ts'
export * from './schema/grants.ts'
export * from './schema/auth.ts'
export * from './schema/mail.ts'
export * from './schema/units.ts'
export * from './schema/measurements.ts'
export * from './schema/anomalies.ts'
export * from './schema/consumer.ts'
export * from './schema/help-centre.ts'
export * from './schema/signups.ts'
export * from './schema/feature-updates.ts'
export * from './schema/flags.ts'
export * from './schema/measurement-store.ts'
export * from './schema/presets.ts'
export * from './schema/dashboards.ts'
export * from './schema/maps.ts'
export * from './schema/admin.ts'
