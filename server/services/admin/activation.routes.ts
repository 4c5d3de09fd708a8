import type { FastifyInstance, FastifyRequest } from 'fastify'
import * as v from 'valibot'
import {
  ADMIN_PERMISSION,
  AdminCodes,
  AdminPanelParamsSchema,
  activationChangesOf,
  AUTOCOMPLETE_ATTRIBUTES,
  AUTOCOMPLETE_LIMIT,
  AutocompleteMetadataSchema,
  CsvUploadQuerySchema,
  DEFAULT_INSTANT_TEST_API_USAGE_SORT,
  INSTANT_TEST_API_USAGE_SORT_FIELDS,
  MONTH,
  parseCsv,
  type ActivationImportResult,
  type AgentActivationToken,
  type InstantTestApiUsage,
} from '../../../contracts/admin.ts'
import { SECTION } from '../../../contracts/access.ts'
import { CommonCodes } from '../../../contracts/errors.ts'
import type { Db } from '../../db/client.ts'
import { HttpError, validate, validationFail } from '../../errors.ts'
import { pageOf, pagingEntries, presentPage, sortsEntry, textFilter } from '../../lib/list.ts'
import { hashToken, newToken } from '../../lib/tokens.ts'
import { declare } from '../../plugins/access.ts'
import * as activation from './activation.repository.ts'
import { audit } from './agents.repository.ts'
import { activationCounts, listMetadataFields, panelOrganisation } from './users.repository.ts'

/**
 * Seeds 001 §2.6 / §9: the monthly activation allowance is shown on the status page; its value is
 * not given. One place to change it (later: per subscription).
 */
export const MONTHLY_ACTIVATION_ALLOWANCE = 100

/** Rows one activation import may hold (a 2,000-unit panel, ten times over). */
const ACTIVATION_IMPORT_MAX = 20_000

const onPanel = (permission: string) =>
  declare({ section: SECTION.testMeasurements, permission, panel: 'param:pid' })

const UsageQuerySchema = v.object({
  ...pagingEntries({ perPage: 50, maxPage: 10_000 }),
  sorts: sortsEntry(INSTANT_TEST_API_USAGE_SORT_FIELDS, {
    fallback: [DEFAULT_INSTANT_TEST_API_USAGE_SORT],
  }),
  search: textFilter(100),
  month: v.optional(v.pipe(v.string(), v.regex(MONTH))),
})

function callerId(request: FastifyRequest): number {
  const id = request.user?.userId
  if (id === undefined) throw new HttpError(401, CommonCodes.UNAUTHENTICATED)
  return id
}

const iso = (epochMs: number | null) => (epochMs === null ? null : new Date(epochMs).toISOString())

function presentToken(record: activation.ActivationTokenRecord | null): AgentActivationToken {
  return {
    exists: record !== null,
    hint: record?.hint ?? null,
    created_at: iso(record?.createdAt ?? null),
    regenerated_at: iso(record?.regeneratedAt ?? null),
  }
}

/** A CSV cell: formulas defused, quoted when needed. */
function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
  return /[",;\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe
}

/** The remaining activations of the panel this month. */
export async function remainingActivations(
  db: Pick<Db, 'execute'>,
  panelId: number,
): Promise<number> {
  const counts = await activationCounts(db, panelId)
  return Math.max(0, MONTHLY_ACTIVATION_ALLOWANCE - counts.activatedThisMonth)
}

/**
 * The agent-activation token (cpe_api_manage), the activation export and bulk import
 * (cpe_subscriptions_manage), the Instant Test API usage (instant_test_api_manage) and the
 * autocomplete of metadata values (metadata_manage): seeds 001 §2.6, §6, §7.5. Registered by
 * adminRoutes, which also sets the CSV body parsers these uploads use.
 */
export function activationRoutes(app: FastifyInstance, csvBody: (r: FastifyRequest) => string) {
  const tokenAccess = onPanel(ADMIN_PERMISSION.cpeApiManage)
  const statusAccess = onPanel(ADMIN_PERMISSION.cpeSubscriptionsManage)

  async function panelExists(pid: number): Promise<void> {
    if (!(await panelOrganisation(app.db, pid))) throw new HttpError(404, CommonCodes.NOT_FOUND)
  }

  app.get('/panels/:pid/agent-activation/token', tokenAccess, async (request) => {
    const { pid } = validate(AdminPanelParamsSchema, request.params)
    return { data: presentToken(await activation.findActivationToken(app.db, pid)) }
  })

  /** Generates the token, or regenerates it (the old one stops working); shown this once. */
  app.post('/panels/:pid/agent-activation/token', tokenAccess, async (request, reply) => {
    const { pid } = validate(AdminPanelParamsSchema, request.params)
    await panelExists(pid)
    const by = callerId(request)
    const plain = newToken()
    const hint = plain.slice(-4)
    const before = await activation.findActivationToken(app.db, pid)
    await app.db.transaction(async (tx) => {
      await activation.saveActivationToken(tx, {
        panelId: pid,
        tokenHash: hashToken(plain),
        hint,
        by,
      })
      await audit(tx, {
        actorId: by,
        panelId: pid,
        action: before ? 'activation_token.regenerate' : 'activation_token.generate',
        targetType: 'panel',
        targetId: pid,
        before: before ? { hint: before.hint } : null,
        after: { hint },
      })
    })
    const token = presentToken(await activation.findActivationToken(app.db, pid))
    void reply.code(before ? 200 : 201)
    return { data: { token, plain_token: plain } }
  })

  app.delete('/panels/:pid/agent-activation/token', tokenAccess, async (request, reply) => {
    const { pid } = validate(AdminPanelParamsSchema, request.params)
    const by = callerId(request)
    const before = await activation.findActivationToken(app.db, pid)
    if (!before) throw new HttpError(404, CommonCodes.NOT_FOUND)
    await app.db.transaction(async (tx) => {
      await activation.deleteActivationToken(tx, pid)
      await audit(tx, {
        actorId: by,
        panelId: pid,
        action: 'activation_token.delete',
        targetType: 'panel',
        targetId: pid,
        before: { hint: before.hint },
        after: null,
      })
    })
    return reply.code(204).send()
  })

  /** The status page's export: every agent with its state, as CSV. */
  app.get('/panels/:pid/agent-activation/export.csv', statusAccess, async (request, reply) => {
    const { pid } = validate(AdminPanelParamsSchema, request.params)
    await panelExists(pid)
    const rows = await activation.activationExportRows(app.db, pid)
    const lines = [
      'unit_id,mac,serial_number,state,changed_at',
      ...rows.map((row) =>
        [
          String(row.id),
          csvCell(row.mac),
          csvCell(row.serialNumber),
          row.active ? 'active' : 'inactive',
          iso(row.changedAt) ?? '',
        ].join(','),
      ),
    ]
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="panel-${pid}-agent-activation.csv"`)
      .send(`${lines.join('\r\n')}\r\n`)
  })

  /**
   * The status page's bulk import: `unit_id,state` lines (text/csv or Excel's type). A preview
   * unless `?apply=true`; then every change in one transaction with its audit entries. Any
   * line's error (an unknown agent, a bad state, past the monthly allowance) refuses the whole
   * file: 400 INVALID_FILE with the lines.
   */
  app.post(
    '/panels/:pid/agent-activation/import.csv',
    { ...statusAccess, bodyLimit: 8 * 1024 * 1024 },
    async (request): Promise<ActivationImportResult> => {
      const { pid } = validate(AdminPanelParamsSchema, request.params)
      const { apply } = validate(CsvUploadQuerySchema, request.query)
      const text = csvBody(request)
      await panelExists(pid)
      const by = callerId(request)
      const applied = apply === 'true'
      const run = async (tx: Parameters<typeof activation.applyActivationChanges>[0]) => {
        const current = await activation.panelAgentStates(tx, pid)
        const remaining = await remainingActivations(tx, pid)
        const result = activationChangesOf(
          parseCsv(text, ACTIVATION_IMPORT_MAX),
          current,
          remaining,
        )
        if (result.errors.length > 0) {
          result.errors.sort((a, b) => a.line - b.line)
          throw new HttpError(400, AdminCodes.INVALID_FILE, {
            data: { errors: result.errors.slice(0, 100) },
          })
        }
        if (applied) {
          await activation.applyActivationChanges(tx, { panelId: pid, by, changes: result.changes })
        }
        return result
      }
      // Applying reads the states and the allowance under a lock on the panel's agent states,
      // so two imports at once cannot both spend the last activations.
      const result = applied
        ? await app.db.transaction(async (tx) => {
            await activation.lockPanelActivation(tx, pid)
            return run(tx)
          })
        : await run(app.db)
      const activations = result.changes.filter((c) => c.state === 'active').length
      return {
        applied,
        rows: result.changes.length + result.unchanged,
        unchanged: result.unchanged,
        activations,
        deactivations: result.changes.length - activations,
        changes: result.changes
          .slice(0, 200)
          .map((c) => ({ line: c.line, unit_id: c.unitId, state: c.state })),
      }
    },
  )

  app.get(
    '/panels/:pid/instant-test-api-usage',
    onPanel(ADMIN_PERMISSION.instantTestApiManage),
    async (request) => {
      const { pid } = validate(AdminPanelParamsSchema, request.params)
      const query = validate(UsageQuerySchema, request.query)
      const page = pageOf(query)
      const { rows, total } = await activation.listApiUsage(app.db, {
        panelId: pid,
        ...(query.search !== undefined ? { search: query.search } : {}),
        ...(query.month !== undefined ? { month: query.month } : {}),
        sorts: query.sorts,
        ...page,
      })
      return presentPage(rows, { ...page, total }, (row): InstantTestApiUsage => ({
        token_id: row.tokenId,
        token_name: row.tokenName,
        month: row.month,
        requests: row.requests,
        tests: row.tests,
      }))
    },
  )

  /** Seeds 001 §7.5: values of a metadata field (or attribute) of the panel for a typed prefix. */
  app.post(
    '/autocomplete/metadata/:pid',
    onPanel(ADMIN_PERMISSION.metadataManage),
    async (request) => {
      const { pid } = validate(AdminPanelParamsSchema, request.params)
      const { key, value } = validate(AutocompleteMetadataSchema, request.body)
      const attribute = (AUTOCOMPLETE_ATTRIBUTES as readonly string[]).includes(key)
      if (!attribute) {
        const fields = await listMetadataFields(app.db, pid)
        if (!fields.some((field) => field.key === key)) {
          throw validationFail({ key: [CommonCodes.NOT_FOUND] })
        }
      }
      return {
        data: await activation.autocompleteValues(app.db, {
          panelId: pid,
          key,
          attribute,
          prefix: value,
          limit: AUTOCOMPLETE_LIMIT,
        }),
      }
    },
  )
}
