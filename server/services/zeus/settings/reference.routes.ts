import type { FastifyInstance } from 'fastify'
import { IspsQuerySchema, PackagesQuerySchema } from '../../../../contracts/settings.ts'
import { findIsp } from '../../../db/lookups.ts'
import { validate } from '../../../errors.ts'
import { pageOf, presentPage } from '../../../lib/list.ts'
import { declare } from '../../../plugins/access.ts'
import { IspParamsSchema, notFound } from './access.ts'
import { presentCountries, presentIsp, presentPackage } from './presenter.ts'
import * as repo from './repository.ts'

/** Reference data (seeds 7.2): countries, ISPs and their packages, for any signed-in user. */
export function referenceRoutes(app: FastifyInstance): void {
  const signedIn = declare('signed-in')

  app.get('/countries', signedIn, async () => {
    return presentCountries(await repo.listCountries(app.db))
  })

  app.get('/isps', signedIn, async (request) => {
    const query = validate(IspsQuerySchema, request.query)
    const page = pageOf(query)
    const { rows, total } = await repo.listIsps(app.db, { countryId: query.country_id, ...page })
    return presentPage(rows, { ...page, total }, presentIsp)
  })

  app.get('/isps/:id/packages', signedIn, async (request) => {
    const { id } = validate(IspParamsSchema, request.params)
    const query = validate(PackagesQuerySchema, request.query)
    if (!(await findIsp(app.db, id))) throw notFound()
    const page = pageOf(query)
    const { rows, total } = await repo.listPackages(app.db, { ispId: id, ...page })
    return presentPage(rows, { ...page, total }, presentPackage)
  })
}
