import type { FastifyInstance } from 'fastify'
import { CommonCodes } from '../../../../contracts/errors.ts'
import { SettingsCodes, UnitPackageUpdateSchema } from '../../../../contracts/settings.ts'
import { UnitLocationUpdateSchema } from '../../../../contracts/units.ts'
import { findIsp } from '../../../db/lookups.ts'
import { HttpError, validate, validationFail } from '../../../errors.ts'
import { bumpUnitData } from '../../../lib/unit-data-version.ts'
import { declare } from '../../../plugins/access.ts'
import { DAY_MS, forbidden, notFound, SubUnitParamsSchema, type SettingsAccess } from './access.ts'
import { presentUnitLocation, presentUnitPackage, unitCountryId } from './presenter.ts'
import * as repo from './repository.ts'

/** Change dates before this are typing mistakes, not broadband history. */
const EARLIEST_CHANGE_DATE = Date.UTC(1990, 0, 1)

/** Whether a string is an IANA time zone this runtime knows. */
function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone })
    return true
  } catch {
    return false
  }
}

/** A unit's broadband details (package) and installation address (seeds 2.4). */
export function unitSettingsRoutes(app: FastifyInstance, access: SettingsAccess): void {
  const ownAccount = declare({ own: 'account' })
  const unitManage = declare({ own: 'unit-manage' })
  const { targetUser, authoriseUnitRead, authoriseUnitManage } = access

  app.get('/users/:sub/accessible-units/:unitId/package', ownAccount, async (request) => {
    const { sub, unitId } = validate(SubUnitParamsSchema, request.params)
    await authoriseUnitRead(request, sub, unitId)
    const row = await repo.findUnitPackage(app.db, unitId)
    if (!row) throw notFound()
    return presentUnitPackage(row)
  })

  app.put('/users/:sub/accessible-units/:unitId/package', unitManage, async (request) => {
    const { sub, unitId } = validate(SubUnitParamsSchema, request.params)
    const body = validate(UnitPackageUpdateSchema, request.body)
    const unit = await repo.findUnitPackage(app.db, unitId)
    await authoriseUnitManage(request, sub, unit)
    if (!unit) throw notFound()
    const countryId = unitCountryId(unit)
    if (countryId === null) throw new HttpError(400, SettingsCodes.UNIT_HAS_NO_COUNTRY)

    const errors: Record<string, string[]> = {}
    const isp = await findIsp(app.db, body.isp_id)
    if (!isp || isp.countryId !== countryId) errors.isp_id = [CommonCodes.INVALID]
    else if (!(await repo.findPackageOfIsp(app.db, body.package_id, isp.id))) {
      errors.package_id = [CommonCodes.INVALID]
    }
    const changedAt = new Date(`${body.changed_at}T00:00:00Z`)
    const latest = Date.now() + DAY_MS
    if (
      Number.isNaN(changedAt.getTime()) ||
      changedAt.getTime() > latest ||
      changedAt.getTime() < EARLIEST_CHANGE_DATE
    ) {
      errors.changed_at = [CommonCodes.INVALID]
    }
    if (Object.keys(errors).length > 0) throw validationFail(errors)

    const changed = await repo.changeUnitPackage(app.db, {
      unitId,
      ispId: body.isp_id,
      packageId: body.package_id,
      changedAt,
      changedBy: request.user?.userId ?? 0,
    })
    // Breaches and speed charts compare results with the package: cached answers are stale now.
    bumpUnitData(unitId)
    const updated = changed ? await repo.findUnitPackage(app.db, unitId) : null
    if (!updated) throw notFound()
    request.log.info({ unitId, packageId: body.package_id }, 'unit package changed')
    return presentUnitPackage(updated)
  })

  // ---- The unit's installation address (consumer's own unit) ----

  app.get('/users/:sub/accessible-units/:unitId/location', ownAccount, async (request) => {
    const { sub, unitId } = validate(SubUnitParamsSchema, request.params)
    await authoriseUnitRead(request, sub, unitId)
    const row = await repo.findUnitLocation(app.db, unitId)
    if (!row) throw notFound()
    return presentUnitLocation(row)
  })

  app.put('/users/:sub/accessible-units/:unitId/location', ownAccount, async (request) => {
    const { sub, unitId } = validate(SubUnitParamsSchema, request.params)
    const body = validate(UnitLocationUpdateSchema, request.body)
    const target = await targetUser(request, sub)
    if (!target.global && !(await repo.isOwnUnit(app.db, target.userId, unitId))) {
      throw forbidden()
    }
    const errors: Record<string, string[]> = {}
    const countryId = body.address.country_id
    if (countryId !== null && !(await repo.countryExists(app.db, countryId))) {
      errors['address.country_id'] = [CommonCodes.INVALID]
    }
    if (body.timezone !== undefined && !isTimeZone(body.timezone)) {
      errors.timezone = [CommonCodes.INVALID]
    }
    if (Object.keys(errors).length > 0) throw validationFail(errors)
    const row = await repo.saveUnitLocation(app.db, unitId, {
      address: body.address,
      ...(body.geo_data === undefined ? {} : { geoData: body.geo_data }),
      ...(body.timezone === undefined ? {} : { timezone: body.timezone }),
    })
    // The time zone sets the local hours and days results are bucketed by.
    bumpUnitData(unitId)
    if (!row) throw notFound()
    return presentUnitLocation(row)
  })
}
