import type { FastifyInstance, FastifyRequest } from 'fastify'
import * as v from 'valibot'
import { hasGrant, SECTION } from '../../../contracts/access.ts'
import {
  ANOMALY_SEARCH_MAX,
  ANOMALY_SORT_COLUMNS,
  ANOMALY_STATES,
  AnomalyCodes,
  DEFAULT_ANOMALY_SORT,
} from '../../../contracts/anomalies.ts'
import { PAGE_SIZES } from '../../../contracts/pagination.ts'
import { int4IdParam } from '../../../contracts/primitives.ts'
import { HttpError, validate } from '../../errors.ts'
import { pageOf, pagingEntries, presentPage, sortsEntry, textFilter } from '../../lib/list.ts'
import { declare } from '../../plugins/access.ts'
import { requestGrants } from '../../plugins/auth.ts'
import { presentAnomaly, presentCollection } from './presenter.ts'
import * as repo from './repository.ts'

const VIEW = 'view'
const notFound = () => new HttpError(404, AnomalyCodes.ANOMALY_NOT_FOUND)

/** `state[]=new&state[]=ongoing` (or `state[]=closed`): one value or several; none means every state. */
const StatesEntry = v.optional(
  v.pipe(
    v.union([
      v.picklist(ANOMALY_STATES),
      v.pipe(v.array(v.picklist(ANOMALY_STATES)), v.maxLength(3)),
    ]),
    v.transform((value) => (Array.isArray(value) ? value : [value])),
  ),
  [...ANOMALY_STATES],
)

const ListQuerySchema = v.object({
  'state[]': StatesEntry,
  search: textFilter(ANOMALY_SEARCH_MAX),
  sorts: sortsEntry(ANOMALY_SORT_COLUMNS, { fallback: [DEFAULT_ANOMALY_SORT] }),
  ...pagingEntries({ perPage: PAGE_SIZES.anomalies, maxPerPage: 100, maxPage: 10_000 }),
})
const PanelParamsSchema = v.object({ pid: int4IdParam() })
const CollectionParamsSchema = v.object({ id: int4IdParam() })
const AnomalyParamsSchema = v.object({ id: int4IdParam(), anomalyId: int4IdParam() })
const AnomalyQuerySchema = v.object({ include: v.optional(v.picklist(['trend'])) })

/**
 * The anomaly service (seeds 001 §2.3, §4, §7.2; contracts/anomalies.ts): a panel's inbox of
 * collections, one collection, one anomaly with its trend. All need anomaly-detection/view on
 * the panel; a collection on a panel the caller may not view answers as one that does not exist.
 */
export function anomalyRoutes(app: FastifyInstance): Promise<void> {
  const onPanel = declare({
    section: SECTION.anomalyDetection,
    permission: VIEW,
    panel: 'param:pid',
  })
  const somewhere = declare({ section: SECTION.anomalyDetection, permission: VIEW, panel: 'none' })

  /** The collection, if the caller may view its panel. */
  async function visibleCollection(request: FastifyRequest, id: number) {
    const row = await repo.findCollection(app.db, id)
    if (!row) throw notFound()
    const grants = await requestGrants(app, request)
    if (!hasGrant(grants, SECTION.anomalyDetection, VIEW, { panel: row.panelId })) throw notFound()
    return row
  }

  app.get('/panels/:pid/collections', onPanel, async (request) => {
    const { pid } = validate(PanelParamsSchema, request.params)
    const query = validate(ListQuerySchema, request.query)
    const page = pageOf(query)
    const { rows, total } = await repo.listCollections(app.db, pid, {
      states: query['state[]'],
      search: query.search ?? null,
      sorts: query.sorts,
      page,
      now: new Date(),
    })
    const anomalies = await repo.anomaliesOf(
      app.db,
      rows.map((row) => row.id),
    )
    return presentPage(rows, { ...page, total }, (row) =>
      presentCollection(
        row,
        anomalies.filter((anomaly) => anomaly.collectionId === row.id),
      ),
    )
  })

  app.get('/collections/:id', somewhere, async (request) => {
    const { id } = validate(CollectionParamsSchema, request.params)
    const row = await visibleCollection(request, id)
    return { data: presentCollection(row, await repo.anomaliesOf(app.db, [row.id])) }
  })

  app.get('/collections/:id/anomalies/:anomalyId', somewhere, async (request) => {
    const { id, anomalyId } = validate(AnomalyParamsSchema, request.params)
    const { include } = validate(AnomalyQuerySchema, request.query)
    await visibleCollection(request, id)
    const row = await repo.findAnomaly(app.db, id, anomalyId)
    if (!row) throw notFound()
    return { data: presentAnomaly(include === 'trend' ? row : { ...row, trend: undefined }) }
  })

  return Promise.resolve()
}
