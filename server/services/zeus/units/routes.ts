import type { FastifyInstance } from 'fastify'
import * as v from 'valibot'
import { CommonCodes } from '../../../../contracts/errors.ts'
import { UNIT_INCLUDES, type AccessibleUnit } from '../../../../contracts/units.ts'
import { HttpError, validate } from '../../../errors.ts'
import { mayActForOtherUsers } from '../../../../contracts/access.ts'
import { declare } from '../../../plugins/access.ts'
import { requestGrants } from '../../../plugins/auth.ts'
import { findAccessibleUnit, offlineStatusOf, type AccessibleUnitRow } from './repository.ts'

type Include = (typeof UNIT_INCLUDES)[number]

const ParamsSchema = v.object({
  sub: v.pipe(v.string(), v.uuid()),
  unitId: v.pipe(v.string(), v.regex(/^\d{1,9}$/), v.transform(Number)),
})

/** `include=environment,isp,…`: a comma-separated subset of UNIT_INCLUDES (unknown → 400). */
const QuerySchema = v.object({
  include: v.optional(
    v.pipe(
      v.string(),
      v.maxLength(200),
      v.transform((value) =>
        value
          .split(',')
          .map((part) => part.trim())
          .filter((part) => part !== ''),
      ),
      v.array(v.picklist(UNIT_INCLUDES)),
    ),
    '',
  ),
})

/** The accessible-unit body with the parts asked for (seeds 7.2). */
export function presentAccessibleUnit(
  row: AccessibleUnitRow,
  include: ReadonlySet<Include>,
  now: number,
): { data: AccessibleUnit } {
  const data: AccessibleUnit = {
    unitId: row.id,
    mac: row.mac,
    label: row.label,
    name: row.label,
    panel_id: row.panelId,
    is_tt_compatible: row.isTtCompatible,
    last_seen: row.lastSeen === null ? null : new Date(row.lastSeen).toISOString(),
    offline_status: offlineStatusOf(row, now),
  }
  if (include.has('environment')) data.environment = row.environment ?? {}
  if (include.has('isp')) {
    data.isp =
      row.ispId === null || row.ispName === null || row.ispCountryId === null
        ? null
        : { id: row.ispId, name: row.ispName, country_id: row.ispCountryId }
  }
  if (include.has('package')) {
    data.package =
      row.packageId === null ||
      row.packageName === null ||
      row.downloadKbps === null ||
      row.uploadKbps === null
        ? null
        : {
            id: row.packageId,
            name: row.packageName,
            download_kbps: row.downloadKbps,
            upload_kbps: row.uploadKbps,
            changed_at:
              row.packageChangedAt === null
                ? null
                : new Date(row.packageChangedAt).toISOString().slice(0, 10),
          }
  }
  if (include.has('address')) data.address = row.address
  if (include.has('location')) data.location = { timezone: row.timezone }
  if (include.has('geo_data')) data.geo_data = row.geoData
  return { data }
}

/** Accounts (zeus) unit calls of seeds 7.2: accessible-units/{unitId}. */
export function zeusUnitRoutes(app: FastifyInstance): Promise<void> {
  const ownAccount = declare({ own: 'account' })

  app.get('/users/:sub/accessible-units/:unitId', ownAccount, async (request) => {
    const { sub, unitId } = validate(ParamsSchema, request.params)
    const { include } = validate(QuerySchema, request.query)
    const caller = request.user
    if (!caller) throw new HttpError(401, CommonCodes.UNAUTHENTICATED)
    const row = await findAccessibleUnit(app.db, unitId, caller.userId)
    // Self: the caller's own sub and one of the caller's units. Anyone else needs global access;
    // without it every other case is the same 403, so unit ids cannot be probed.
    const isOwnUnit = caller.sub === sub && row?.isUsersUnit === true
    if (!isOwnUnit) {
      if (!mayActForOtherUsers(await requestGrants(app, request))) {
        throw new HttpError(403, CommonCodes.FORBIDDEN)
      }
      if (!row) throw new HttpError(404, CommonCodes.NOT_FOUND)
    }
    return presentAccessibleUnit(row, new Set(include), Date.now())
  })

  return Promise.resolve()
}
