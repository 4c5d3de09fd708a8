import type { FastifyInstance, FastifyRequest } from 'fastify'
import * as v from 'valibot'
import {
  ADMIN_AGENT_SORT_FIELDS,
  ADMIN_AUDIT_PER_PAGE,
  auditActorShown,
  ADMIN_AGENTS_PER_PAGE,
  ADMIN_PERMISSION,
  ADMIN_USER_SORT_FIELDS,
  ADMIN_USERS_PER_PAGE,
  AdminCodes,
  AdminPanelItemParamsSchema,
  AdminPanelParamsSchema,
  AdminUserCreateSchema,
  AdminUserEnabledSchema,
  AdminUserLookupSchema,
  AdminUserRoleSchema,
  AdminUserSuperAdminSchema,
  AgentMetadataUpdateSchema,
  AgentStateUpdateSchema,
  CSV_MIME_TYPES,
  CsvUploadQuerySchema,
  DEFAULT_ADMIN_AGENT_SORT,
  DEFAULT_ADMIN_USER_SORT,
  METADATA_CSV_ID_COLUMN,
  MetadataFieldCreateSchema,
  MetadataFieldUpdateSchema,
  metadataChangesOf,
  metadataValueFits,
  parseCsv,
  type AdminAgentDetail,
  type AdminAgentPage,
  type AdminAuditEntry,
  type AdminUserCreate,
  type AdminUserDetail,
  type CsvLineError,
  type ParsedCsv,
} from '../../../contracts/admin.ts'
import { hasGrant, organisationRole, SECTION } from '../../../contracts/access.ts'
import { CommonCodes } from '../../../contracts/errors.ts'
import { int4Id } from '../../../contracts/primitives.ts'
import { parseIdentifier } from '../../../contracts/identifier.ts'
import type { Env } from '../../env.ts'
import { HttpError, issuesToErrors, validate, validationFail } from '../../errors.ts'
import { mailLocale } from '../../lib/mail-locale.ts'
import { pageOf, pagingEntries, presentPage, sortsEntry, textFilter } from '../../lib/list.ts'
import { hashToken, newToken } from '../../lib/tokens.ts'
import { declare } from '../../plugins/access.ts'
import { grantsChanged, loadGrants, requestGrants } from '../../plugins/auth.ts'
import { presentResetMail } from '../auth/presenter.ts'
import { insertResetToken } from '../auth/repository.ts'
import * as agents from './agents.repository.ts'
import {
  presentAdminAgent,
  presentAdminAgentDetail,
  presentAdminUser,
  presentMetadataField,
} from './presenter.ts'
import { lockPanelActivation } from './activation.repository.ts'
import {
  activationRoutes,
  MONTHLY_ACTIVATION_ALLOWANCE,
  remainingActivations,
} from './activation.routes.ts'
import { gdprRoutes } from './gdpr.routes.ts'
import { logoRoutes } from './logo.routes.ts'
import { subscriptionRoutes } from './subscriptions.routes.ts'
import { unitRoutes } from './unit.routes.ts'
import * as users from './users.repository.ts'

/**
 * The CSV upload routes' body limit: 8 MiB, against the API's 64 KB for JSON. The issue's figure is
 * a 10,000-row metadata file; at a unit id and a dozen fields of up to a few dozen characters a row
 * is at most ~400 bytes, so 4 MB, and twice that leaves room for wide files while keeping one
 * upload's parse (in memory, one transaction) bounded.
 */
export const CSV_BODY_LIMIT = 8 * 1024 * 1024

/** Metadata exports of more units than this are mailed (EXPORTING_CSV) rather than answered. */
export const CSV_EXPORT_INLINE_MAX = 5_000

const TM = SECTION.testMeasurements
const onPanel = (permission: string) => declare({ section: TM, permission, panel: 'param:pid' })

const notFound = () => new HttpError(404, CommonCodes.NOT_FOUND)
const forbidden = () => new HttpError(403, CommonCodes.FORBIDDEN)

const AgentsQuerySchema = v.object({
  ...pagingEntries({ perPage: ADMIN_AGENTS_PER_PAGE, maxPage: 100_000 }),
  sorts: sortsEntry(ADMIN_AGENT_SORT_FIELDS, { fallback: [DEFAULT_ADMIN_AGENT_SORT] }),
  include: v.optional(v.picklist(['', 'lmap_config']), ''),
  id: v.optional(v.pipe(v.string(), v.regex(/^\d{1,10}$/), v.transform(Number), int4Id())),
  email: textFilter(254),
  mac: textFilter(64),
})

const UsersQuerySchema = v.object({
  ...pagingEntries({ perPage: ADMIN_USERS_PER_PAGE, maxPage: 100_000 }),
  sorts: sortsEntry(ADMIN_USER_SORT_FIELDS, { fallback: [DEFAULT_ADMIN_USER_SORT] }),
  search: textFilter(254),
})

function callerId(request: FastifyRequest): number {
  const id = request.user?.userId
  if (id === undefined) throw new HttpError(401, CommonCodes.UNAUTHENTICATED)
  return id
}

/** Ensures the body came as CSV (text/csv or the Excel CSV type): 415 UNSUPPORTED_FORMAT otherwise. */
function csvBody(request: FastifyRequest): string {
  const type = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? ''
  if (!(CSV_MIME_TYPES as readonly string[]).includes(type) || typeof request.body !== 'string') {
    throw new HttpError(415, AdminCodes.UNSUPPORTED_FORMAT)
  }
  return request.body
}

/** A CSV cell: quoted when it holds a delimiter, a quote or a line break; formulas defused. */
function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
  return /[",;\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe
}

/**
 * The admin service (seeds 001 §2.6, §7.5): a panel's agents, users and metadata. Every route
 * declares its admin section permission on the panel of its path (checked before the body is
 * read); a record of another panel or organisation answers 404 like a missing one.
 */
export function adminRoutes(app: FastifyInstance, options: { env: Env }): Promise<void> {
  const env = options.env

  for (const type of CSV_MIME_TYPES) {
    app.addContentTypeParser(
      type,
      { parseAs: 'string', bodyLimit: CSV_BODY_LIMIT },
      (_r, body, done) => {
        done(null, body)
      },
    )
  }

  // ---- Agents (agents_view to read, agents_manage to (de)activate, metadata_manage to edit) ----

  app.get(
    '/panels/:pid/agents',
    onPanel(ADMIN_PERMISSION.agentsView),
    async (request): Promise<AdminAgentPage> => {
      const { pid } = validate(AdminPanelParamsSchema, request.params)
      const query = validate(AgentsQuerySchema, request.query)
      const filters: agents.AdminAgentFilters = {}
      if (query.id !== undefined) filters.id = query.id
      if (query.mac !== undefined) {
        const mac = parseIdentifier(query.mac)
        if (mac.kind !== 'mac') throw validationFail({ mac: [CommonCodes.INVALID] })
        filters.mac = mac.value
      }
      if (query.email !== undefined) filters.email = query.email
      const page = pageOf(query)
      const { rows, total } = await agents.listAdminAgents(app.db, {
        panelId: pid,
        filters,
        sorts: query.sorts,
        ...page,
      })
      const now = Date.now()
      const withLmap = query.include === 'lmap_config'
      return presentPage(rows, { ...page, total }, (row) => presentAdminAgent(row, now, withLmap))
    },
  )

  async function loadAgent(pid: number, id: number) {
    const record = await agents.findAdminAgent(app.db, pid, id)
    if (!record) throw notFound()
    return record
  }

  app.get(
    '/panels/:pid/agents/:id',
    onPanel(ADMIN_PERMISSION.agentsView),
    async (request): Promise<{ data: AdminAgentDetail }> => {
      const { pid, id } = validate(AdminPanelItemParamsSchema, request.params)
      return { data: presentAdminAgentDetail(await loadAgent(pid, id), Date.now()) }
    },
  )

  app.put(
    '/panels/:pid/agents/:id/state',
    onPanel(ADMIN_PERMISSION.agentsManage),
    async (request) => {
      const { pid, id } = validate(AdminPanelItemParamsSchema, request.params)
      const { state } = validate(AgentStateUpdateSchema, request.body)
      const before = await loadAgent(pid, id)
      // Nothing changes: no audit entry, and no activation of the month's allowance spent.
      if (before.active === (state === 'active')) {
        return { data: presentAdminAgentDetail(before, Date.now()) }
      }
      const by = callerId(request)
      await app.db.transaction(async (tx) => {
        // An activation spends one of the panel's monthly allowance, as a bulk import's does
        // (seeds 001 §2.6): read under the same lock, so the two cannot both spend the last one.
        if (state === 'active') {
          await lockPanelActivation(tx, pid)
          if ((await remainingActivations(tx, pid)) === 0) {
            throw new HttpError(409, AdminCodes.ALLOWANCE_EXCEEDED)
          }
        }
        await agents.setAgentState(tx, { unitId: id, state, by })
        await agents.audit(tx, {
          actorId: by,
          panelId: pid,
          action: 'agent.state',
          targetType: 'unit',
          targetId: id,
          before: { state: before.active ? 'active' : 'inactive' },
          after: { state },
        })
      })
      return { data: presentAdminAgentDetail(await loadAgent(pid, id), Date.now()) }
    },
  )

  app.put(
    '/panels/:pid/agents/:id/metadata',
    onPanel(ADMIN_PERMISSION.metadataManage),
    async (request) => {
      const { pid, id } = validate(AdminPanelItemParamsSchema, request.params)
      const { metadata } = validate(AgentMetadataUpdateSchema, request.body)
      const fields = new Map(
        (await users.listMetadataFields(app.db, pid)).map((field) => [field.key, field.format]),
      )
      const errors: Record<string, string[]> = {}
      for (const [key, value] of Object.entries(metadata)) {
        const format = fields.get(key)
        if (format === undefined) errors[`metadata.${key}`] = [CommonCodes.NOT_FOUND]
        else if (!metadataValueFits(format, value))
          errors[`metadata.${key}`] = [CommonCodes.INVALID]
      }
      if (Object.keys(errors).length > 0) throw validationFail(errors)
      const before = await loadAgent(pid, id)
      const by = callerId(request)
      await app.db.transaction(async (tx) => {
        await agents.writeUnitMetadata(tx, [{ unitId: id, values: metadata }])
        await agents.audit(tx, {
          actorId: by,
          panelId: pid,
          action: 'agent.metadata',
          targetType: 'unit',
          targetId: id,
          before: Object.fromEntries(Object.keys(metadata).map((k) => [k, before.custom[k] ?? ''])),
          after: metadata,
        })
      })
      return { data: presentAdminAgentDetail(await loadAgent(pid, id), Date.now()) }
    },
  )

  // ---- Metadata fields and their CSV (metadata_manage) ----

  const metadata = onPanel(ADMIN_PERMISSION.metadataManage)

  app.get('/panels/:pid/metadata-fields', metadata, async (request) => {
    const { pid } = validate(AdminPanelParamsSchema, request.params)
    return { data: (await users.listMetadataFields(app.db, pid)).map(presentMetadataField) }
  })

  app.post('/panels/:pid/metadata-fields', metadata, async (request, reply) => {
    const { pid } = validate(AdminPanelParamsSchema, request.params)
    const body = validate(MetadataFieldCreateSchema, request.body)
    if (!(await users.panelOrganisation(app.db, pid))) throw notFound()
    const created = await users.createMetadataField(app.db, pid, {
      key: body.key,
      displayName: body.display_name,
      format: body.format,
      usage: body.usage,
    })
    if (!created) throw validationFail({ key: [CommonCodes.EXISTS] })
    await agents.audit(app.db, {
      actorId: callerId(request),
      panelId: pid,
      action: 'metadata_field.create',
      targetType: 'metadata_field',
      targetId: created.id,
      before: null,
      after: presentMetadataField(created),
    })
    void reply.code(201).header('location', `${request.url}/${created.id}`)
    return { data: presentMetadataField(created) }
  })

  app.put('/panels/:pid/metadata-fields/:id', metadata, async (request) => {
    const { pid, id } = validate(AdminPanelItemParamsSchema, request.params)
    const body = validate(MetadataFieldUpdateSchema, request.body)
    const before = await users.findMetadataField(app.db, pid, id)
    if (!before) throw notFound()
    const updated = await users.updateMetadataField(app.db, pid, id, {
      ...(body.display_name !== undefined ? { displayName: body.display_name } : {}),
      ...(body.format !== undefined ? { format: body.format } : {}),
      ...(body.usage !== undefined ? { usage: body.usage } : {}),
    })
    if (!updated) throw notFound()
    await agents.audit(app.db, {
      actorId: callerId(request),
      panelId: pid,
      action: 'metadata_field.update',
      targetType: 'metadata_field',
      targetId: id,
      before: presentMetadataField(before),
      after: presentMetadataField(updated),
    })
    return { data: presentMetadataField(updated) }
  })

  app.delete('/panels/:pid/metadata-fields/:id', metadata, async (request, reply) => {
    const { pid, id } = validate(AdminPanelItemParamsSchema, request.params)
    const before = await users.findMetadataField(app.db, pid, id)
    if (!before || !(await users.deleteMetadataField(app.db, pid, id))) throw notFound()
    await agents.audit(app.db, {
      actorId: callerId(request),
      panelId: pid,
      action: 'metadata_field.delete',
      targetType: 'metadata_field',
      targetId: id,
      before: presentMetadataField(before),
      after: null,
    })
    return reply.code(204).send()
  })

  /**
   * CSV get (seeds 001 §7.5): the panel's units and their metadata as CSV. A panel of more than
   * CSV_EXPORT_INLINE_MAX units answers 202 EXPORTING_CSV (the file follows by mail).
   */
  app.get('/panels/:pid/metadata.csv', metadata, async (request, reply) => {
    const { pid } = validate(AdminPanelParamsSchema, request.params)
    const fields = await users.listMetadataFields(app.db, pid)
    const rows = await users.panelMetadataRows(app.db, pid)
    if (rows.length > CSV_EXPORT_INLINE_MAX) {
      return reply.code(202).send({ code: AdminCodes.EXPORTING_CSV })
    }
    const keys = fields.map((field) => field.key)
    const lines = [
      [METADATA_CSV_ID_COLUMN, ...keys].join(','),
      ...rows.map((row) =>
        [String(row.id), ...keys.map((key) => csvCell(row.custom[key] ?? ''))].join(','),
      ),
    ]
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="panel-${pid}-metadata.csv"`)
      .send(`${lines.join('\r\n')}\r\n`)
  })

  /**
   * CSV upload (seeds 001 §7.5, issue 25): text/csv (or Excel's CSV type) with `unit_id` and field
   * columns. Without `?apply=true` a preview that changes nothing; with it every change in one
   * transaction. Any line's error refuses the whole file (400 INVALID_FILE with the lines).
   */
  app.post(
    '/panels/:pid/metadata.csv',
    { ...metadata, bodyLimit: CSV_BODY_LIMIT },
    async (request) => {
      const { pid } = validate(AdminPanelParamsSchema, request.params)
      const { apply } = validate(CsvUploadQuerySchema, request.query)
      const text = csvBody(request)
      const fields = new Map(
        (await users.listMetadataFields(app.db, pid)).map((field) => [field.key, field.format]),
      )
      const units = await agents.panelUnitIds(app.db, pid)
      const { changes, errors } = metadataChangesOf(parseCsv(text), fields, units)
      if (errors.length > 0) {
        throw new HttpError(400, AdminCodes.INVALID_FILE, {
          data: { errors: errors.slice(0, 100) },
        })
      }
      const applied = apply === 'true'
      if (applied && changes.length > 0) {
        const by = callerId(request)
        // One entry per unit (viewable on the agent's log), written before the values change.
        await app.db.transaction(async (tx) => {
          await agents.auditMetadataChanges(
            tx,
            { actorId: by, panelId: pid, action: 'agent.metadata_csv' },
            changes,
          )
          await agents.writeUnitMetadata(tx, changes)
        })
      }
      return {
        applied,
        rows: changes.length,
        changes: changes
          .slice(0, 200)
          .map((change) => ({ line: change.line, unit_id: change.unitId, values: change.values })),
      }
    },
  )

  // ---- Users (admin_users_manage on the panel; super admin needs org_super_admin) ----

  const manageUsers = onPanel(ADMIN_PERMISSION.adminUsersManage)
  const expiryDays = env.PASSWORD_EXPIRY_DAYS

  async function organisationOf(pid: number) {
    const organisation = await users.panelOrganisation(app.db, pid)
    if (!organisation) throw notFound()
    return organisation
  }

  async function loadUser(pid: number, where: { id: number } | { email: string }) {
    const organisation = await organisationOf(pid)
    const record = await users.findOrganisationUser(app.db, organisation, where)
    return { organisation, record }
  }

  async function userDetail(pid: number, id: number): Promise<{ data: AdminUserDetail }> {
    const { record } = await loadUser(pid, { id })
    if (!record) throw notFound()
    const grants = await loadGrants(app.db, id)
    return {
      data: {
        user: presentAdminUser(record, pid, new Date(), expiryDays),
        role: organisationRole(grants),
        groups: await users.userPanelGroups(app.db, id, pid),
      },
    }
  }

  /** Mails the user a set-password link (never a password): the reset flow's token and mail. */
  async function sendSetPasswordLink(user: {
    id: number
    email: string
    firstName: string
    defaultLocale: string | null
  }): Promise<void> {
    const token = newToken()
    await insertResetToken(app.db, {
      tokenHash: hashToken(token),
      userId: user.id,
      expiresAt: new Date(Date.now() + env.RESET_TOKEN_TTL_SECONDS * 1000),
    })
    const link = `${env.PUBLIC_URL}/reset-password/${user.id}/${encodeURIComponent(token)}`
    await app.mailer.send(
      presentResetMail({
        to: user.email,
        firstName: user.firstName,
        link,
        ttlSeconds: env.RESET_TOKEN_TTL_SECONDS,
        locale: mailLocale(undefined, user.defaultLocale),
      }),
    )
  }

  app.get('/panels/:pid/users', manageUsers, async (request) => {
    const { pid } = validate(AdminPanelParamsSchema, request.params)
    const query = validate(UsersQuerySchema, request.query)
    const organisation = await organisationOf(pid)
    const page = pageOf(query)
    const { rows, total } = await users.listOrganisationUsers(app.db, {
      ...organisation,
      ...(query.search !== undefined ? { search: query.search } : {}),
      sorts: query.sorts,
      ...page,
    })
    const now = new Date()
    return presentPage(rows, { ...page, total }, (row) =>
      presentAdminUser(row, pid, now, expiryDays),
    )
  })

  app.post('/panels/:pid/users/lookup', manageUsers, async (request) => {
    const { pid } = validate(AdminPanelParamsSchema, request.params)
    const { email } = validate(AdminUserLookupSchema, request.body)
    const { record } = await loadUser(pid, { email })
    if (!record) throw new HttpError(404, CommonCodes.EMAIL_NOT_FOUND)
    return { data: presentAdminUser(record, pid, new Date(), expiryDays) }
  })

  app.get('/panels/:pid/users/:id', manageUsers, async (request) => {
    const { pid, id } = validate(AdminPanelItemParamsSchema, request.params)
    return userDetail(pid, id)
  })

  app.post('/panels/:pid/users', manageUsers, async (request, reply) => {
    const { pid } = validate(AdminPanelParamsSchema, request.params)
    const body = validate(AdminUserCreateSchema, request.body)
    const organisation = await organisationOf(pid)
    if (await users.emailTaken(app.db, body.email))
      throw validationFail({ email: [CommonCodes.EXISTS] })
    const [id] = await users.createOrganisationUsers(app.db, [
      {
        organisationId: organisation.organisationId,
        panelId: pid,
        email: body.email,
        firstName: body.first_name,
        lastName: body.last_name,
        role: body.role,
        unusablePasswordHash: `unset:${newToken()}`,
      },
    ])
    if (id === undefined) throw new Error('no user created')
    grantsChanged()
    await agents.audit(app.db, {
      actorId: callerId(request),
      panelId: pid,
      action: 'user.create',
      targetType: 'user',
      targetId: id,
      before: null,
      after: { role: body.role },
    })
    await sendSetPasswordLink({
      id,
      email: body.email,
      firstName: body.first_name,
      defaultLocale: null,
    })
    void reply.code(201).header('location', `${request.url}/${id}`)
    return userDetail(pid, id)
  })

  app.put('/panels/:pid/users/:id/enabled', manageUsers, async (request) => {
    const { pid, id } = validate(AdminPanelItemParamsSchema, request.params)
    const { enabled } = validate(AdminUserEnabledSchema, request.body)
    const { record } = await loadUser(pid, { id })
    if (!record) throw notFound()
    const by = callerId(request)
    // Nobody disables their own account from here (they would lock themselves out).
    if (id === by && !enabled) throw validationFail({ enabled: [CommonCodes.INVALID] })
    await users.setUserEnabled(app.db, id, enabled)
    await agents.audit(app.db, {
      actorId: by,
      panelId: pid,
      action: 'user.enabled',
      targetType: 'user',
      targetId: id,
      before: { enabled: record.status === 'enabled' },
      after: { enabled },
    })
    return userDetail(pid, id)
  })

  /** Seeds 001 §3 roles: home user, power user or administrator on this panel. */
  app.put('/panels/:pid/users/:id/role', manageUsers, async (request) => {
    const { pid, id } = validate(AdminPanelItemParamsSchema, request.params)
    const { role } = validate(AdminUserRoleSchema, request.body)
    const { record } = await loadUser(pid, { id })
    if (!record) throw notFound()
    const by = callerId(request)
    // Nobody changes their own role from here (they could lock themselves out of the area).
    if (id === by) throw validationFail({ role: [CommonCodes.INVALID] })
    const before = organisationRole(await loadGrants(app.db, id))
    await app.db.transaction(async (tx) => {
      await users.setPanelRole(tx, { userId: id, panelId: pid, role })
      await agents.audit(tx, {
        actorId: by,
        panelId: pid,
        action: 'user.role',
        targetType: 'user',
        targetId: id,
        before: { role: before },
        after: { role },
      })
    })
    grantsChanged()
    return userDetail(pid, id)
  })

  /** Seeds 001 §4: unlock by a password reset — a set-password link by mail, never a password. */
  app.post('/panels/:pid/users/:id/unlock', manageUsers, async (request) => {
    const { pid, id } = validate(AdminPanelItemParamsSchema, request.params)
    const { record } = await loadUser(pid, { id })
    if (!record) throw notFound()
    await sendSetPasswordLink(record)
    await agents.audit(app.db, {
      actorId: callerId(request),
      panelId: pid,
      action: 'user.unlock',
      targetType: 'user',
      targetId: id,
      before: null,
      after: { reset_sent: true },
    })
    return { code: CommonCodes.OK }
  })

  /** The super admin toggle: org_super_admin on the panel's organisation's owner only. */
  app.put(
    '/panels/:pid/users/:id/super-admin',
    declare({ section: SECTION.owner, permission: ADMIN_PERMISSION.orgSuperAdmin, panel: 'none' }),
    async (request) => {
      const { pid, id } = validate(AdminPanelItemParamsSchema, request.params)
      const { super_admin: on } = validate(AdminUserSuperAdminSchema, request.body)
      const organisation = await organisationOf(pid)
      const grants = await requestGrants(app, request)
      const ownerId = organisation.ownerId
      if (
        ownerId === null ||
        !hasGrant(grants, SECTION.owner, ADMIN_PERMISSION.orgSuperAdmin, { owner: ownerId })
      ) {
        throw forbidden()
      }
      const record = await users.findOrganisationUser(app.db, organisation, { id })
      if (!record) throw notFound()
      await users.setOrgSuperAdmin(app.db, id, ownerId, on)
      grantsChanged()
      await agents.audit(app.db, {
        actorId: callerId(request),
        panelId: pid,
        action: 'user.super_admin',
        targetType: 'user',
        targetId: id,
        before: { super_admin: record.orgSuperAdmin },
        after: { super_admin: on },
      })
      return userDetail(pid, id)
    },
  )

  /**
   * Bulk user creation from CSV (seeds 001 §2.6): columns email, first_name, last_name and an
   * optional role. A preview unless `?apply=true`; every user in one transaction, then each gets
   * a set-password link. Any line's error refuses the whole file (400 INVALID_FILE).
   */
  app.post(
    '/panels/:pid/users.csv',
    { ...manageUsers, bodyLimit: CSV_BODY_LIMIT },
    async (request) => {
      const { pid } = validate(AdminPanelParamsSchema, request.params)
      const { apply } = validate(CsvUploadQuerySchema, request.query)
      const text = csvBody(request)
      const organisation = await organisationOf(pid)
      const { users: parsed, errors } = usersOfCsv(parseCsv(text, BULK_USERS_MAX))
      const taken = await users.takenEmails(
        app.db,
        parsed.map((row) => row.user.email),
      )
      for (const row of parsed) {
        if (taken.has(row.user.email.toLowerCase())) {
          errors.push({ line: row.line, column: 'email', code: CommonCodes.EXISTS })
        }
      }
      if (errors.length > 0) {
        errors.sort((a, b) => a.line - b.line)
        throw new HttpError(400, AdminCodes.INVALID_FILE, {
          data: { errors: errors.slice(0, 100) },
        })
      }
      const applied = apply === 'true'
      if (applied && parsed.length > 0) {
        const ids = await users.createOrganisationUsers(
          app.db,
          parsed.map(({ user }) => ({
            organisationId: organisation.organisationId,
            panelId: pid,
            email: user.email,
            firstName: user.first_name,
            lastName: user.last_name,
            role: user.role,
            unusablePasswordHash: `unset:${newToken()}`,
          })),
        )
        grantsChanged()
        const by = callerId(request)
        for (const [index, id] of ids.entries()) {
          const user = parsed[index]?.user
          if (!user) continue
          await agents.audit(app.db, {
            actorId: by,
            panelId: pid,
            action: 'user.create',
            targetType: 'user',
            targetId: id,
            before: null,
            after: { role: user.role, bulk: true },
          })
          await sendSetPasswordLink({
            id,
            email: user.email,
            firstName: user.first_name,
            defaultLocale: null,
          })
        }
      }
      return {
        applied,
        rows: parsed.length,
        users: parsed.slice(0, 200).map(({ line, user }) => ({ line, ...user })),
      }
    },
  )

  // ---- Audit log per user and per agent (issue 25): ids and changed values only ----

  app.get('/panels/:pid/users/:id/audit', manageUsers, async (request) => {
    const { pid, id } = validate(AdminPanelItemParamsSchema, request.params)
    const query = validate(LogQuerySchema, request.query)
    const { record } = await loadUser(pid, { id })
    if (!record) throw notFound()
    const page = pageOf(query)
    const { rows, total } = await agents.listAudit(app.db, {
      targetType: 'user',
      targetId: id,
      viewerPanelId: pid,
      ...page,
    })
    return presentPage(rows, { ...page, total }, presentAuditEntry)
  })

  app.get(
    '/panels/:pid/agents/:id/audit',
    onPanel(ADMIN_PERMISSION.agentsView),
    async (request) => {
      const { pid, id } = validate(AdminPanelItemParamsSchema, request.params)
      const query = validate(LogQuerySchema, request.query)
      await loadAgent(pid, id)
      const page = pageOf(query)
      const { rows, total } = await agents.listAudit(app.db, {
        targetType: 'unit',
        targetId: id,
        viewerPanelId: pid,
        ...page,
      })
      return presentPage(rows, { ...page, total }, presentAuditEntry)
    },
  )

  // ---- Data subscriptions, feature subscriptions, groups (admin_users_manage) ----

  subscriptionRoutes(app)

  // ---- The admin unit page: one unit, its packages, the package update (issue 25) ----

  unitRoutes(app)

  // ---- GDPR removal (org_super_admin or global access) ----

  gdprRoutes(app)

  // ---- The panel's logo (org_super_admin to change; the panel's users read it) ----

  logoRoutes(app)

  // ---- Agent-activation token, export and import; Instant Test API usage; autocomplete ----

  activationRoutes(app, csvBody)

  // ---- Agent activation (cpe_subscriptions_manage) ----

  const activation = onPanel(ADMIN_PERMISSION.cpeSubscriptionsManage)

  app.get('/panels/:pid/agent-activation/status', activation, async (request) => {
    const { pid } = validate(AdminPanelParamsSchema, request.params)
    const counts = await users.activationCounts(app.db, pid)
    return {
      data: {
        active: counts.active,
        inactive: counts.inactive,
        monthly_allowance: MONTHLY_ACTIVATION_ALLOWANCE,
        activated_this_month: counts.activatedThisMonth,
        remaining_this_month: Math.max(0, MONTHLY_ACTIVATION_ALLOWANCE - counts.activatedThisMonth),
      },
    }
  })

  app.get('/panels/:pid/agent-activation/log', activation, async (request) => {
    const { pid } = validate(AdminPanelParamsSchema, request.params)
    const query = validate(LogQuerySchema, request.query)
    const page = pageOf(query)
    const { rows, total } = await users.activationLog(app.db, pid, page)
    return presentPage(rows, { ...page, total }, (row) => ({
      id: row.id,
      unit_id: row.unitId,
      actor_id: row.actorId,
      state: row.state,
      at: new Date(row.at).toISOString(),
    }))
  })

  return Promise.resolve()
}

/** Rows one bulk user file may hold. */
const BULK_USERS_MAX = 1_000

const LogQuerySchema = v.object({
  ...pagingEntries({ perPage: ADMIN_AUDIT_PER_PAGE, maxPage: 100_000 }),
})

/**
 * One audit entry for the panel's log. An administrator of another organisation (Whitebox
 * staff, say) is named by their role: neither their address nor their id is sent (issue 25).
 */
function presentAuditEntry(row: agents.AuditRecord): AdminAuditEntry {
  const shown =
    row.actorId === null ? null : auditActorShown(row.actorOrganisationId, row.viewerOrganisationId)
  const hidden = shown !== null && shown.kind === 'role'
  return {
    id: row.id,
    at: new Date(row.at).toISOString(),
    actor_id: hidden ? null : row.actorId,
    actor_email: hidden ? null : row.actorEmail,
    actor_role: hidden ? shown.role : null,
    panel: row.panelId,
    action: row.action,
    target_type: row.targetType,
    target_id: row.targetId,
    before: row.before,
    after: row.after,
  }
}

/** The users a bulk CSV names, with each line's errors (the same rules as one user's create). */
function usersOfCsv(csv: ParsedCsv): {
  users: { line: number; user: AdminUserCreate }[]
  errors: CsvLineError[]
} {
  const errors: CsvLineError[] = [...csv.errors]
  for (const column of ['email', 'first_name', 'last_name']) {
    if (csv.header.length > 0 && !csv.header.includes(column)) {
      errors.push({ line: 1, column, code: CommonCodes.MISSING })
    }
  }
  const out: { line: number; user: AdminUserCreate }[] = []
  const seen = new Set<string>()
  for (const row of csv.rows) {
    const input: Record<string, string> = {
      email: row.cells.email ?? '',
      first_name: row.cells.first_name ?? '',
      last_name: row.cells.last_name ?? '',
    }
    if (row.cells.role !== undefined && row.cells.role !== '') input.role = row.cells.role
    const result = v.safeParse(AdminUserCreateSchema, input)
    if (!result.success) {
      for (const [column, codes] of Object.entries(issuesToErrors(result.issues))) {
        errors.push({ line: row.line, column, code: codes[0] ?? CommonCodes.INVALID })
      }
      continue
    }
    const key = result.output.email.toLowerCase()
    if (seen.has(key)) {
      errors.push({ line: row.line, column: 'email', code: CommonCodes.EXISTS })
      continue
    }
    seen.add(key)
    out.push({ line: row.line, user: result.output })
  }
  return { users: out, errors }
}
