import type { FastifyInstance, FastifyRequest } from 'fastify'
import * as v from 'valibot'
import { CommonCodes } from '../../../../contracts/errors.ts'
import { storable } from '../../../../contracts/primitives.ts'
import {
  AGENT_INCLUDES,
  AGENT_SORT_FIELDS,
  AGENTS_PER_PAGE,
  DEFAULT_AGENT_SORT,
  SEARCH_TERM_MAX_LENGTH,
  SEARCH_UNITS_LIMIT,
  SERIAL_PREFIX_MIN_LENGTH,
  UNIT_DETAIL_INCLUDES,
  type IdentifierKind,
  type UnitSearchResponse,
} from '../../../../contracts/unit-search.ts'
import { parseIdentifier, type Identifier } from '../../../../contracts/identifier.ts'
import { HttpError, validate, validationFail } from '../../../errors.ts'
import { offsetOf, pageOf, pagingEntries, sortsEntry, textFilter } from '../../../lib/list.ts'
import {
  hasGrant,
  hasGrantEverywhere,
  mayViewUnitPage,
  SECTION,
} from '../../../../contracts/access.ts'
import { declare } from '../../../plugins/access.ts'
import { requestGrants } from '../../../plugins/auth.ts'
import { presentAgentPage, presentAgentRow, presentUnitDetail } from './presenter.ts'
import * as repo from './repository.ts'

/** Ids are PostgreSQL integers: a larger number names no unit. */
const MAX_ID = 2_147_483_647
/** Deep enough for a million units at 50 a page; OFFSET beyond it is a client bug. */
const MAX_PAGE = 20_000

/**
 * How long the agents order of one (panel, filters, sorts) is kept: long enough to page through
 * it, short enough that new units show up soon. Selections of more units than maxIds are paged in
 * the database instead (4 bytes an id: at most 64 × 200 KB).
 */
export const AGENT_ORDER_CACHE = { ttlMs: 60_000, maxEntries: 64, maxIds: 50_000 }

const idParam = v.pipe(v.string(), v.regex(/^\d{1,10}$/), v.transform(Number), v.maxValue(MAX_ID))

/** `a,b,c` → its non-empty, trimmed parts, each one of `options`. */
const commaList = <const T extends readonly string[]>(options: T, maxLength: number) =>
  v.optional(
    v.pipe(
      v.string(),
      v.maxLength(maxLength),
      v.transform((value) =>
        value
          .split(',')
          .map((part) => part.trim())
          .filter((part) => part !== ''),
      ),
      v.array(v.picklist(options)),
    ),
    '',
  )

const SearchQuerySchema = v.object({
  // Absent: every panel, which only global access may search (seeds 001 §2.4, no selected panel).
  panelId: v.optional(idParam),
  // Empty is checked after trimming, to answer MISSING rather than a length code.
  searchTerm: v.optional(v.pipe(v.string(), v.maxLength(SEARCH_TERM_MAX_LENGTH), storable()), ''),
})

const filterText = textFilter(SEARCH_TERM_MAX_LENGTH)

const AgentsParamsSchema = v.object({ panelId: idParam })
const AgentsQuerySchema = v.object({
  ...pagingEntries({ perPage: AGENTS_PER_PAGE, maxPage: MAX_PAGE }),
  sorts: sortsEntry(AGENT_SORT_FIELDS, { fallback: [DEFAULT_AGENT_SORT] }),
  include: commaList(AGENT_INCLUDES, 100),
  id: v.optional(idParam),
  email: filterText,
  mac: filterText,
  serial: filterText,
})

const UnitParamsSchema = v.object({ id: idParam })
const UnitQuerySchema = v.object({ include: commaList(UNIT_DETAIL_INCLUDES, 300) })

const forbidden = () => new HttpError(403, CommonCodes.FORBIDDEN)
const notFound = () => new HttpError(404, CommonCodes.NOT_FOUND)

/** An unclassified term is tried as the label's serial: exact, or a prefix from 4 characters. */
function serialMatch(term: string): repo.UnitMatch {
  return { kind: 'serial', serial: term, prefix: term.length >= SERIAL_PREFIX_MIN_LENGTH }
}

/** The lookup a classified term makes, and how the response names it; null matches nothing. */
function matchOf(identifier: Identifier): { kind: IdentifierKind; match: repo.UnitMatch | null } {
  switch (identifier.kind) {
    case 'id': {
      const id = Number(identifier.value)
      // A long number names no unit: nothing matches, which is an answer, not a bad request.
      return { kind: 'id', match: id <= MAX_ID ? { kind: 'id', id } : null }
    }
    case 'mac':
      return { kind: 'mac', match: { kind: 'mac', mac: identifier.value } }
    case 'email':
      return { kind: 'email', match: { kind: 'email', email: identifier.value } }
    case 'unclassified':
      return { kind: 'serial', match: serialMatch(identifier.value) }
  }
}

/** The agents filters as matches; a mac or email filter that is not one is 400 INVALID. */
function filtersOf(query: v.InferOutput<typeof AgentsQuerySchema>): repo.UnitMatch[] {
  const filters: repo.UnitMatch[] = []
  const errors: Record<string, string[]> = {}
  if (query.id !== undefined) filters.push({ kind: 'id', id: query.id })
  if (query.mac !== undefined) {
    const mac = parseIdentifier(query.mac)
    if (mac.kind === 'mac') filters.push({ kind: 'mac', mac: mac.value })
    else errors.mac = [CommonCodes.INVALID]
  }
  if (query.email !== undefined) {
    const email = parseIdentifier(query.email)
    if (email.kind === 'email') filters.push({ kind: 'email', email: email.value })
    else errors.email = [CommonCodes.INVALID]
  }
  if (query.serial !== undefined) filters.push(serialMatch(query.serial))
  if (Object.keys(errors).length > 0) throw validationFail(errors)
  return filters
}

/**
 * Constant care (seeds 001 §2.4, §7.3): search/units, panels/{panelId}/agents and units/{id}.
 * Every refusal is decided on the caller's grants before any unit is read.
 */
export function zeusUnitSearchRoutes(app: FastifyInstance): Promise<void> {
  // Seeds 001 §6: Unit search on the named panel (every panel: held unscoped); the unit pages
  // need Unit test_view (the handler checks the unit's own panel). Global access is no bypass.
  const search = (panel: 'query:panelId' | 'param:panelId' | 'none') =>
    declare({ section: SECTION.unit, permission: 'search', panel })
  const unitPage = declare({ section: SECTION.unit, permission: 'test_view', panel: 'none' })
  const orderCache = repo.createAgentOrderCache(AGENT_ORDER_CACHE)

  /**
   * Seeds 001 §6: Unit search on the panel; 403 otherwise. Every panel at once (panelId null)
   * needs it unscoped (or a developer). True when the caller searches every panel.
   */
  async function authoriseSearch(
    request: FastifyRequest,
    panelId: number | null,
  ): Promise<boolean> {
    const grants = await requestGrants(app, request)
    const everywhere = hasGrantEverywhere(grants, SECTION.unit, 'search')
    if (everywhere) return true
    if (panelId === null || !hasGrant(grants, SECTION.unit, 'search', { panel: panelId })) {
      throw forbidden()
    }
    return false
  }

  app.get(
    '/search/units',
    search('query:panelId'),
    async (request): Promise<UnitSearchResponse> => {
      const query = validate(SearchQuerySchema, request.query)
      const term = query.searchTerm.trim()
      if (term === '') throw validationFail({ searchTerm: [CommonCodes.MISSING] })
      const panelId = query.panelId ?? null
      // Without a panel the request is incomplete unless search is held everywhere (seeds 001 §7.3).
      const grants = await requestGrants(app, request)
      if (panelId === null && !hasGrantEverywhere(grants, SECTION.unit, 'search')) {
        throw validationFail({ panelId: [CommonCodes.MISSING] })
      }
      await authoriseSearch(request, panelId)
      const { kind, match } = matchOf(parseIdentifier(term))
      const records = match
        ? await repo.searchUnits(app.db, panelId, match, SEARCH_UNITS_LIMIT)
        : []
      return { data: records.map((record) => presentAgentRow(record, true)), meta: { kind } }
    },
  )

  /** panels/{panelId}/agents, or every panel's agents (global access) when panelId is null. */
  async function listAgents(request: FastifyRequest, panelId: number | null) {
    const query = validate(AgentsQuerySchema, request.query)
    const filters = filtersOf(query)
    const global = await authoriseSearch(request, panelId)
    const selection = { panelId, filters, sorts: query.sorts }
    const { page, perPage } = pageOf(query)
    // Cache-Control: no-cache (a refresh) re-reads the order instead of the kept one.
    const fresh = /\bno-cache\b/i.test(request.headers['cache-control'] ?? '')
    const order = await orderCache.get(app.db, selection, fresh)
    const { rows, total } = order
      ? {
          total: order.length,
          rows: await repo.agentRows(
            app.db,
            panelId,
            Array.from(order.subarray(offsetOf({ page, perPage }), page * perPage)),
          ),
        }
      : await repo.listAgentsPage(app.db, { ...selection, page, perPage })
    // Only a caller searching everywhere can name a panel it holds no grant on (and meet a missing one).
    if (total === 0 && global && panelId !== null && !(await repo.panelExists(app.db, panelId))) {
      throw notFound()
    }
    return presentAgentPage(rows, { page, perPage, total }, query.include.length > 0)
  }

  app.get('/panels/:panelId/agents', search('param:panelId'), async (request) => {
    const { panelId } = validate(AgentsParamsSchema, request.params)
    return listAgents(request, panelId)
  })

  // Issue 6: every panel's units, for Unit search held unscoped (a developer); not global access.
  app.get('/agents', search('none'), (request) => listAgents(request, null))

  app.get('/units/:id', unitPage, async (request) => {
    const { id } = validate(UnitParamsSchema, request.params)
    const { include } = validate(UnitQuerySchema, request.query)
    const grants = await requestGrants(app, request)
    // No test_view anywhere was refused by the route's declaration, before any lookup.
    const record = await repo.findUnitDetail(app.db, id)
    // Missing, panel-less or of another panel: the same 403, so unit ids cannot be probed; only
    // a developer (who may read any unit) learns that one does not exist.
    if (!mayViewUnitPage(grants, record ?? null)) throw forbidden()
    if (!record) throw notFound()
    return presentUnitDetail(record, new Set(include), Date.now())
  })

  return Promise.resolve()
}
