import * as v from 'valibot'
import { ADMIN_PERMISSION } from './admin-permissions.ts'
import { PAGE_SIZES } from './pagination.ts'
import { int4Id } from './primitives.ts'
import { LmapConfigSchema } from './unit-search.ts'
import { OfflineStatusSchema } from './units.ts'

/**
 * The admin unit page (seeds 001 §2.6 /admin/unit/{unitId}, §3 Unit, §7.3 units/{id} includes,
 * §8 package update; issue 25). Paths relative to /api/admin:
 *   GET panels/{pid}/units/{id}                → AdminUnitResponseSchema      (agents_view)
 *   GET panels/{pid}/units/{id}/packages       → AdminUnitPackagesResponseSchema (agents_manage)
 *   PUT panels/{pid}/units/{id}/package        ← AdminUnitPackageUpdateSchema  (agents_manage)
 * The grants are test-measurements permissions on the panel of the path; a unit of another panel
 * answers 404 NOT_FOUND like a missing one. The package must be one of the unit's ISP's packages
 * (422 VALIDATION_FAIL `package_id: INVALID` otherwise); a unit without a country cannot have its
 * package changed (409 UNIT_HAS_NO_COUNTRY, seeds 001 §8 "no country set"). The unit's results
 * (disconnections, skipped tests, data usage, scheduled tests per day, instant tests) come from
 * the unit analytics and trigger-testing services, whose read rule lets agents_view on the unit's
 * panel in (contracts/access.ts mayReadUnit).
 */

/** The permission that opens the unit page, and the one that changes its package. */
export const ADMIN_UNIT_VIEW = ADMIN_PERMISSION.agentsView
export const ADMIN_UNIT_MANAGE = ADMIN_PERMISSION.agentsManage

/** Codes of the admin unit endpoints beyond the shared ones. */
export const AdminUnitCodes = {
  /** Seeds 001 §8: the unit has no country (no address country, no ISP): no package applies. */
  UNIT_HAS_NO_COUNTRY: 'UNIT_HAS_NO_COUNTRY',
} as const

/** A path id: digits only, so "1e3" or "-1" are refused rather than coerced. */
const idText = v.pipe(v.string(), v.regex(/^\d{1,10}$/), v.transform(Number), int4Id())

/** Path of the unit endpoints. */
export const AdminUnitParamsSchema = v.object({ pid: idText, id: idText })

/** PUT …/package: the package, one of the unit's ISP's. */
export const AdminUnitPackageUpdateSchema = v.object({
  package_id: int4Id(),
})
export type AdminUnitPackageUpdate = v.InferOutput<typeof AdminUnitPackageUpdateSchema>

/** At most this many packages are offered (seeds 001 §9: packages 250 a page). */
export const ADMIN_UNIT_PACKAGES_MAX = PAGE_SIZES.packages

const nullableText = v.nullable(v.string())

export const AdminUnitPackageSchema = v.object({
  id: v.number(),
  name: v.string(),
  download_kbps: v.number(),
  upload_kbps: v.number(),
})
export type AdminUnitPackage = v.InferOutput<typeof AdminUnitPackageSchema>

/**
 * Seeds 001 §3 Unit with every §7.3 include (panel, isp, user, environment, package,
 * location.timezone, address, geo_data, lmap_config), plus what the admin page shows beside it:
 * the agent's state, the unit's country and when its package last changed.
 */
export const AdminUnitSchema = v.object({
  id: v.number(),
  mac: v.string(),
  serial_number: v.string(),
  label: v.string(),
  panel_id: v.number(),
  is_tt_compatible: v.boolean(),
  /** ISO time, null if never seen. */
  last_seen: nullableText,
  offline_status: OfflineStatusSchema,
  state: v.picklist(['active', 'inactive']),
  panel: v.object({ pid: v.number(), front_name: v.string() }),
  isp: v.nullable(v.object({ id: v.number(), name: v.string() })),
  /** The address's country, else the ISP's; null: none (the package cannot be changed). */
  country: v.nullable(v.object({ id: v.number(), name: v.string() })),
  package: v.nullable(AdminUnitPackageSchema),
  /** ISO date-time the current package took effect, null if never recorded. */
  package_changed_at: nullableText,
  user: v.nullable(
    v.object({ id: v.number(), email: v.string(), first_name: v.string(), last_name: v.string() }),
  ),
  environment: v.record(v.string(), v.union([v.string(), v.number(), v.boolean()])),
  location: v.object({ timezone: v.string() }),
  address: v.nullable(
    v.object({
      line1: v.string(),
      line2: nullableText,
      line3: nullableText,
      city: v.string(),
      postcode: v.string(),
      country_id: v.nullable(v.number()),
    }),
  ),
  geo_data: v.nullable(
    v.object({ latitude: v.number(), longitude: v.number(), accuracy: v.nullable(v.number()) }),
  ),
  lmap_config: LmapConfigSchema,
})
export type AdminUnit = v.InferOutput<typeof AdminUnitSchema>
export const AdminUnitResponseSchema = v.object({ data: AdminUnitSchema })

/** GET …/packages: the unit's ISP's packages by name (none when the unit has no ISP). */
export const AdminUnitPackagesResponseSchema = v.object({
  data: v.array(AdminUnitPackageSchema),
})
