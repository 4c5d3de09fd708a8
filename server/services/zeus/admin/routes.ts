import type { FastifyInstance, FastifyRequest } from 'fastify'
import * as v from 'valibot'
import {
  ADMIN_PACKAGE_SORT_FIELDS,
  ADMIN_PACKAGES_PER_PAGE,
  ADMIN_PERMISSION,
  AdminPackageCreateSchema,
  AdminPackageUpdateSchema,
  AdminPanelParamsSchema,
  type AdminPackage,
} from '../../../../contracts/admin.ts'
import { SECTION } from '../../../../contracts/access.ts'
import { CommonCodes } from '../../../../contracts/errors.ts'
import { int4Id } from '../../../../contracts/primitives.ts'
import { HttpError, validate, validationFail } from '../../../errors.ts'
import { pageOf, pagingEntries, presentPage, sortsEntry, textFilter } from '../../../lib/list.ts'
import { declare } from '../../../plugins/access.ts'
import { audit } from '../../admin/agents.repository.ts'
import { presentMetadataField } from '../../admin/presenter.ts'
import { listMetadataFields } from '../../admin/users.repository.ts'
import * as repo from './repository.ts'

const idText = v.pipe(v.string(), v.regex(/^\d{1,10}$/), v.transform(Number), int4Id())
const IspParamsSchema = v.object({ pid: idText, ispId: idText })
const PackageParamsSchema = v.object({ pid: idText, ispId: idText, id: idText })
const PackagesQuerySchema = v.object({
  ...pagingEntries({ perPage: ADMIN_PACKAGES_PER_PAGE, maxPage: 10_000 }),
  sorts: sortsEntry(ADMIN_PACKAGE_SORT_FIELDS, { fallback: ['short_name'] }),
  search: textFilter(100),
})

const notFound = () => new HttpError(404, CommonCodes.NOT_FOUND)

/** The signed-in caller (the access hook has authenticated every route here). */
function callerId(request: FastifyRequest): number {
  const id = request.user?.userId
  if (id === undefined) throw new HttpError(401, CommonCodes.UNAUTHENTICATED)
  return id
}

function presentPackage(record: repo.PackageRecord): AdminPackage {
  return {
    id: record.id,
    short_name: record.name,
    down_speed: record.downloadKbps / 1000,
    up_speed: record.uploadKbps / 1000,
    down_limit: record.downloadLimitGb,
    up_limit: record.uploadLimitGb,
    technology: record.technology,
    public: record.public,
    isp: { id: record.ispId, name: record.ispName },
  }
}

/**
 * The admin area's calls to the accounts service (seeds 001 §7.3): panel metadata and the
 * packages of the panel's ISPs. (panels/{pid}/agents is the unit-search service's; the admin's
 * agents table is /api/admin/panels/{pid}/agents.)
 */
export function zeusAdminRoutes(app: FastifyInstance): Promise<void> {
  const products = declare({
    section: SECTION.testMeasurements,
    permission: ADMIN_PERMISSION.manageProducts,
    panel: 'param:pid',
  })

  app.get(
    '/panels/:pid/metadata',
    declare({
      section: SECTION.testMeasurements,
      permission: ADMIN_PERMISSION.metadataManage,
      panel: 'param:pid',
    }),
    async (request) => {
      const { pid } = validate(AdminPanelParamsSchema, request.params)
      return { data: (await listMetadataFields(app.db, pid)).map(presentMetadataField) }
    },
  )

  async function authoriseIsp(pid: number, ispId: number): Promise<void> {
    if (!(await repo.panelHasIsp(app.db, pid, ispId))) throw notFound()
  }

  /** The panel's ISPs, to choose whose packages to manage. */
  app.get('/panels/:pid/isps', products, async (request) => {
    const { pid } = validate(AdminPanelParamsSchema, request.params)
    return { data: await repo.panelIsps(app.db, pid) }
  })

  app.get('/panels/:pid/isps/:ispId/packages', products, async (request) => {
    const { pid, ispId } = validate(IspParamsSchema, request.params)
    const query = validate(PackagesQuerySchema, request.query)
    await authoriseIsp(pid, ispId)
    const page = pageOf(query)
    const { rows, total } = await repo.listPackages(app.db, {
      ispId,
      ...(query.search !== undefined ? { search: query.search } : {}),
      sorts: query.sorts,
      ...page,
    })
    return presentPage(rows, { ...page, total }, presentPackage)
  })

  app.post('/panels/:pid/isps/:ispId/packages', products, async (request, reply) => {
    const { pid, ispId } = validate(IspParamsSchema, request.params)
    const body = validate(AdminPackageCreateSchema, request.body)
    await authoriseIsp(pid, ispId)
    if (await repo.nameTaken(app.db, ispId, body.short_name, null)) {
      throw validationFail({ short_name: [CommonCodes.EXISTS] })
    }
    const id = await repo.savePackage(app.db, ispId, null, body)
    const saved = await repo.findPackage(app.db, ispId, id)
    if (!saved) throw notFound()
    await audit(app.db, {
      actorId: callerId(request),
      panelId: pid,
      action: 'package.create',
      targetType: 'package',
      targetId: id,
      before: null,
      after: presentPackage(saved),
    })
    void reply.code(201).header('location', `${request.url}/${id}`)
    return { data: presentPackage(saved) }
  })

  app.put('/panels/:pid/isps/:ispId/packages/:id', products, async (request) => {
    const { pid, ispId, id } = validate(PackageParamsSchema, request.params)
    const change = validate(AdminPackageUpdateSchema, request.body)
    await authoriseIsp(pid, ispId)
    const before = await repo.findPackage(app.db, ispId, id)
    if (!before) throw notFound()
    const current = presentPackage(before)
    const next = {
      short_name: change.short_name ?? current.short_name,
      down_speed: change.down_speed ?? current.down_speed,
      up_speed: change.up_speed ?? current.up_speed,
      down_limit: change.down_limit === undefined ? current.down_limit : change.down_limit,
      up_limit: change.up_limit === undefined ? current.up_limit : change.up_limit,
      technology: change.technology === undefined ? current.technology : change.technology,
      public: change.public ?? current.public,
    }
    if (await repo.nameTaken(app.db, ispId, next.short_name, id)) {
      throw validationFail({ short_name: [CommonCodes.EXISTS] })
    }
    await repo.savePackage(app.db, ispId, id, validate(AdminPackageCreateSchema, next))
    const saved = await repo.findPackage(app.db, ispId, id)
    if (!saved) throw notFound()
    await audit(app.db, {
      actorId: callerId(request),
      panelId: pid,
      action: 'package.update',
      targetType: 'package',
      targetId: id,
      before: current,
      after: presentPackage(saved),
    })
    return { data: presentPackage(saved) }
  })

  return Promise.resolve()
}
