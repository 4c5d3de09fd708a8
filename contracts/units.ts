import * as v from 'valibot'
import { int4, storable, trimmedText } from './primitives.ts'

/** Seeds 000 §3 offline status of a unit (computed by the server from last_seen and disconnections). */
export const OfflineStatusSchema = v.object({
  id: v.number(),
  offline: v.boolean(),
  /** ISO time the unit was last seen online, null if never. */
  lastSeenOnline: v.nullable(v.string()),
  /** A message set when the unit was marked offline externally, else null. */
  offlineMessage: v.nullable(v.string()),
  isUnreliable: v.boolean(),
})
export type OfflineStatus = v.InferOutput<typeof OfflineStatusSchema>

export const UnitAddressSchema = v.object({
  line1: trimmedText(100),
  line2: v.nullable(trimmedText(100, 0)),
  line3: v.nullable(trimmedText(100, 0)),
  city: trimmedText(100),
  postcode: trimmedText(100),
  country_id: v.nullable(int4()),
})
export type UnitAddress = v.InferOutput<typeof UnitAddressSchema>

export const GeoDataSchema = v.object({
  latitude: v.pipe(v.number(), v.minValue(-90), v.maxValue(90)),
  longitude: v.pipe(v.number(), v.minValue(-180), v.maxValue(180)),
  accuracy: v.nullable(v.pipe(v.number(), v.minValue(0))),
})

/**
 * GET zeus users/{sub}/accessible-units/{unitId}?include=environment,isp,package,address,location,geo_data
 * (seeds 7.2). Included parts are present only when asked for; is_tt_compatible always is.
 */
export const AccessibleUnitSchema = v.object({
  unitId: v.number(),
  mac: v.string(),
  /** The label value printed as Code 128 on the device. */
  label: v.string(),
  name: v.string(),
  panel_id: v.nullable(v.number()),
  is_tt_compatible: v.boolean(),
  /** ISO time, null if never seen. */
  last_seen: v.nullable(v.string()),
  offline_status: OfflineStatusSchema,
  environment: v.optional(v.record(v.string(), v.union([v.string(), v.number(), v.boolean()]))),
  isp: v.optional(
    v.nullable(v.object({ id: v.number(), name: v.string(), country_id: v.number() })),
  ),
  package: v.optional(
    v.nullable(
      v.object({
        id: v.number(),
        name: v.string(),
        download_kbps: v.number(),
        upload_kbps: v.number(),
        /** ISO date the package took effect, null if unknown. */
        changed_at: v.nullable(v.string()),
      }),
    ),
  ),
  address: v.optional(v.nullable(UnitAddressSchema)),
  location: v.optional(v.object({ timezone: v.string() })),
  geo_data: v.optional(v.nullable(GeoDataSchema)),
})
export type AccessibleUnit = v.InferOutput<typeof AccessibleUnitSchema>
export const AccessibleUnitResponseSchema = v.object({ data: AccessibleUnitSchema })

export const UNIT_INCLUDES = [
  'environment',
  'isp',
  'package',
  'address',
  'location',
  'geo_data',
] as const

/** PUT zeus users/{sub}/accessible-units/{unitId}/location (seeds 7.2): the installation address. */
export const UnitLocationUpdateSchema = v.object({
  address: UnitAddressSchema,
  geo_data: v.optional(v.nullable(GeoDataSchema)),
  timezone: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(64), storable())),
})
export type UnitLocationUpdate = v.InferOutput<typeof UnitLocationUpdateSchema>
