import type { FastifyInstance, FastifyRequest } from 'fastify'
import {
  ADMIN_UNIT_MANAGE,
  ADMIN_UNIT_PACKAGES_MAX,
  ADMIN_UNIT_VIEW,
  AdminUnitCodes,
  AdminUnitPackageUpdateSchema,
  AdminUnitParamsSchema,
  type AdminUnit,
  type AdminUnitPackage,
} from '../../../contracts/admin-unit.ts'
import { SECTION } from '../../../contracts/access.ts'
import { CommonCodes } from '../../../contracts/errors.ts'
import { HttpError, validate } from '../../errors.ts'
import { bumpUnitData } from '../../lib/unit-data-version.ts'
import { declare } from '../../plugins/access.ts'
import { lmapConfigOf } from '../zeus/unit-search/presenter.ts'
import { offlineStatusOf } from '../zeus/units/repository.ts'
import * as repo from './unit.repository.ts'

const notFound = () => new HttpError(404, CommonCodes.NOT_FOUND)
const iso = (epochMs: number | null) => (epochMs === null ? null : new Date(epochMs).toISOString())

function callerId(request: FastifyRequest): number {
  const id = request.user?.userId
  if (id === undefined) throw new HttpError(401, CommonCodes.UNAUTHENTICATED)
  return id
}

function presentPackage(record: repo.PackageRecord): AdminUnitPackage {
  return {
    id: record.id,
    name: record.name,
    download_kbps: record.downloadKbps,
    upload_kbps: record.uploadKbps,
  }
}

/** Seeds 001 §3 Unit with every §7.3 include, its agent state, country and package date. */
export function presentAdminUnit(record: repo.AdminUnitRecord, now: number): AdminUnit {
  const environment = record.environment ?? {}
  return {
    id: record.id,
    mac: record.mac,
    serial_number: record.serialNumber,
    label: record.label,
    panel_id: record.panelId,
    is_tt_compatible: record.isTtCompatible,
    last_seen: iso(record.lastSeen),
    offline_status: offlineStatusOf(record, now),
    state: record.active ? 'active' : 'inactive',
    panel: { pid: record.panelId, front_name: record.panelName },
    isp:
      record.ispId === null || record.ispName === null
        ? null
        : { id: record.ispId, name: record.ispName },
    country:
      record.countryId === null || record.countryName === null
        ? null
        : { id: record.countryId, name: record.countryName },
    package:
      record.packageId === null ||
      record.packageName === null ||
      record.downloadKbps === null ||
      record.uploadKbps === null
        ? null
        : presentPackage({
            id: record.packageId,
            name: record.packageName,
            downloadKbps: record.downloadKbps,
            uploadKbps: record.uploadKbps,
          }),
    package_changed_at: iso(record.packageChangedAt),
    user:
      record.ownerId === null || record.ownerEmail === null
        ? null
        : {
            id: record.ownerId,
            email: record.ownerEmail,
            first_name: record.ownerFirstName ?? '',
            last_name: record.ownerLastName ?? '',
          },
    environment,
    location: { timezone: record.timezone },
    address: record.address,
    geo_data: record.geoData,
    lmap_config: lmapConfigOf({
      owned: record.ownerId !== null,
      connection: typeof environment.connection === 'string' ? environment.connection : null,
    }),
  }
}

/**
 * The admin unit page's calls (seeds 001 §2.6 /admin/unit/{unitId}, §7.3, §8; issue 25): one unit
 * of the panel (agents_view), its ISP's packages and the package update (agents_manage). The grant
 * is checked on the path's panel before anything is read; a unit of another panel is 404.
 */
export function unitRoutes(app: FastifyInstance): void {
  const onPanel = (permission: string) =>
    declare({ section: SECTION.testMeasurements, permission, panel: 'param:pid' })

  async function loadUnit(pid: number, id: number): Promise<repo.AdminUnitRecord> {
    const record = await repo.findPanelUnit(app.db, pid, id)
    if (!record) throw notFound()
    return record
  }

  app.get('/panels/:pid/units/:id', onPanel(ADMIN_UNIT_VIEW), async (request) => {
    const { pid, id } = validate(AdminUnitParamsSchema, request.params)
    return { data: presentAdminUnit(await loadUnit(pid, id), Date.now()) }
  })

  app.get('/panels/:pid/units/:id/packages', onPanel(ADMIN_UNIT_MANAGE), async (request) => {
    const { pid, id } = validate(AdminUnitParamsSchema, request.params)
    const unit = await loadUnit(pid, id)
    if (unit.ispId === null) return { data: [] }
    const rows = await repo.ispPackages(app.db, unit.ispId, ADMIN_UNIT_PACKAGES_MAX)
    return { data: rows.map(presentPackage) }
  })

  /**
   * Seeds 001 §8 package update (admin broadband data): the unit's ISP's package, from now. No
   * country: 409 UNIT_HAS_NO_COUNTRY; a package of another ISP: 422 `package_id: INVALID`.
   */
  app.put('/panels/:pid/units/:id/package', onPanel(ADMIN_UNIT_MANAGE), async (request) => {
    const { pid, id } = validate(AdminUnitParamsSchema, request.params)
    const body = validate(AdminUnitPackageUpdateSchema, request.body)
    const unit = await loadUnit(pid, id)
    if (unit.countryId === null) throw new HttpError(409, AdminUnitCodes.UNIT_HAS_NO_COUNTRY)
    const pkg =
      unit.ispId === null ? null : await repo.findIspPackage(app.db, unit.ispId, body.package_id)
    if (unit.ispId === null || !pkg) {
      throw new HttpError(422, CommonCodes.VALIDATION_FAIL, {
        errors: { package_id: [CommonCodes.INVALID] },
      })
    }
    if (unit.packageId !== pkg.id) {
      const changed = await repo.changeUnitPackage(app.db, {
        panelId: pid,
        unitId: id,
        ispId: unit.ispId,
        packageId: pkg.id,
        before: { isp_id: unit.ispId, package_id: unit.packageId },
        by: callerId(request),
      })
      // Breaches and speed charts compare results with the package: cached answers are stale.
      bumpUnitData(id)
      if (!changed) throw notFound()
    }
    return { data: presentAdminUnit(await loadUnit(pid, id), Date.now()) }
  })
}
