import type { FastifyInstance, FastifyRequest } from 'fastify'
import * as v from 'valibot'
import { CommonCodes } from '../../../contracts/errors.ts'
import { checkPassword } from '../../../contracts/password.ts'
import {
  EmailPreferencesSchema,
  EmailUpdateSchema,
  IspsQuerySchema,
  MAX_ALERT_PAUSE_DAYS,
  PackagesQuerySchema,
  PasswordUpdateSchema,
  REPORT_CARD_MONTHS,
  SettingsCodes,
  SUPPORT_EMAIL,
  SupportRequestCreateSchema,
  UnitPackageUpdateSchema,
} from '../../../contracts/settings.ts'
import { UnitLocationUpdateSchema } from '../../../contracts/units.ts'
import { emailTaken, findIsp } from '../../db/lookups.ts'
import { HttpError, validate, validationFail } from '../../errors.ts'
import { hashPassword, parseHash, scryptParams, verifyPassword } from '../../lib/passwords.ts'
import { pageOf, presentPage } from '../../lib/list.ts'
import { hashToken } from '../../lib/tokens.ts'
import { hasGrant, mayActForOtherUsers, mayManageUnit, SECTION } from '../../../contracts/access.ts'
import { declare } from '../../plugins/access.ts'
import { requestGrants, tokensRevoked } from '../../plugins/auth.ts'
import { perMinute } from '../../plugins/external.ts'
import {
  DEFAULT_EMAIL_PREFERENCES,
  presentCountries,
  presentEmailChangedMail,
  presentEmailPreferences,
  presentIsp,
  presentPackage,
  presentPasswordChangedMail,
  presentReportCards,
  presentSupportMail,
  presentUnitLocation,
  presentUnitPackage,
  unitCountryId,
} from './settings.presenter.ts'
import * as repo from './settings.repository.ts'
import { bumpUnitData } from '../../lib/unit-data-version.ts'

const SubParamsSchema = v.object({ sub: v.pipe(v.string(), v.uuid()) })
const numericId = v.pipe(
  v.string(),
  v.regex(/^\d{1,10}$/),
  v.transform(Number),
  v.maxValue(2_147_483_647),
)
const SubUnitParamsSchema = v.object({ sub: v.pipe(v.string(), v.uuid()), unitId: numericId })
const IspParamsSchema = v.object({ id: numericId })

/**
 * Email and password changes check the current password: a few attempts a minute per account keep
 * a stolen session from guessing it (scrypt makes each guess cost the server too).
 */
export const CREDENTIAL_CHANGES_PER_MINUTE = 10

const DAY_MS = 86_400_000
/** A client clock a little ahead must not turn the longest pause into a refusal. */
const PAUSE_CLOCK_SKEW_MS = 10 * 60_000
/** Change dates before this are typing mistakes, not broadband history. */
const EARLIEST_CHANGE_DATE = Date.UTC(1990, 0, 1)
/** Used when a stored hash cannot be read (never for demo or real accounts). */
const FALLBACK_SCRYPT_COST = 16_384

const forbidden = () => new HttpError(403, CommonCodes.FORBIDDEN)
const notFound = () => new HttpError(404, CommonCodes.NOT_FOUND)

/** Whether a string is an IANA time zone this runtime knows. */
function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone })
    return true
  } catch {
    return false
  }
}

/** Accounts (zeus) calls behind /settings (seeds 2.4): personal details, broadband, email preferences, contact, report cards. */
export function zeusSettingsRoutes(app: FastifyInstance): Promise<void> {
  const signedIn = declare('signed-in')
  const ownAccount = declare({ own: 'account' })
  const unitManage = declare({ own: 'unit-manage' })
  const credentialChange = (name: string) => ({
    ...ownAccount,
    preHandler: [
      perMinute(app, CREDENTIAL_CHANGES_PER_MINUTE, (request) =>
        request.user ? `${name}:${String(request.user.userId)}` : null,
      ),
    ],
  })

  /**
   * The user a `users/{sub}/…` call acts on: the caller, or anyone for global access (seeds 6).
   * 403 before any lookup, so subs cannot be probed.
   */
  async function targetUser(
    request: FastifyRequest,
    sub: string,
  ): Promise<{ userId: number; global: boolean }> {
    const caller = request.user
    if (!caller) throw new HttpError(401, CommonCodes.UNAUTHENTICATED)
    const global = mayActForOtherUsers(await requestGrants(app, request))
    if (caller.sub === sub) return { userId: caller.userId, global }
    if (!global) throw forbidden()
    const account = await repo.findAccountBySub(app.db, sub)
    if (!account) throw notFound()
    return { userId: account.id, global }
  }

  async function accountOf(sub: string) {
    const account = await repo.findAccountBySub(app.db, sub)
    if (!account) throw notFound()
    return account
  }

  /** Reading a unit's settings: its owner, an Agent unit_manage grant on it, or global access. */
  async function authoriseUnitRead(request: FastifyRequest, sub: string, unitId: number) {
    const target = await targetUser(request, sub)
    if (target.global) return
    const grants = await requestGrants(app, request)
    const manages = hasGrant(grants, SECTION.agent, 'unit_manage', { unit: unitId })
    if (!manages && !(await repo.isOwnUnit(app.db, target.userId, unitId))) throw forbidden()
  }

  /** Seeds 2.4 broadband update: Agent unit_manage on the unit (or on its panel), or global access. */
  async function authoriseUnitManage(
    request: FastifyRequest,
    sub: string,
    unit: repo.UnitPackageRow | null,
  ) {
    const target = await targetUser(request, sub)
    if (target.global) return
    const grants = await requestGrants(app, request)
    if (!unit || !mayManageUnit(grants, { id: unit.unitId, panelId: unit.panelId })) {
      throw forbidden()
    }
  }

  // ---- Reference data (seeds 7.2): any signed-in user ----

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

  // ---- The unit's package (broadband details) ----

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

  // ---- Email and password (seeds 5, 8.2) ----

  app.put('/users/:sub/email', credentialChange('email'), async (request) => {
    const { sub } = validate(SubParamsSchema, request.params)
    const body = validate(EmailUpdateSchema, request.body)
    const target = await targetUser(request, sub)
    const account = await accountOf(sub)

    const errors: Record<string, string[]> = {}
    if (body.email.toLowerCase() !== body.email_confirmation.toLowerCase()) {
      errors.email_confirmation = [SettingsCodes.DOES_NOT_MATCH_EMAIL]
    }
    const passwordOk = await verifyPassword(body.current_password, account.passwordHash)
    if (!passwordOk) errors.current_password = [CommonCodes.INVALID]
    // Only with the right password: a borrowed session must not learn which emails have accounts.
    else if (await emailTaken(app.db, body.email, target.userId)) {
      errors.email = [CommonCodes.EXISTS]
    }
    if (Object.keys(errors).length > 0) throw validationFail(errors)

    if (body.email !== account.email) {
      const outcome = await repo.updateEmail(app.db, target.userId, body.email)
      if (outcome === 'exists') throw validationFail({ email: [CommonCodes.EXISTS] })
      if (outcome === 'missing') throw notFound()
      await app.mailer.send(
        presentEmailChangedMail({
          to: account.email,
          firstName: account.firstName,
          email: body.email,
        }),
      )
    }
    return { data: { email: body.email } }
  })

  app.put('/users/:sub/password', credentialChange('password'), async (request) => {
    const { sub } = validate(SubParamsSchema, request.params)
    const body = validate(PasswordUpdateSchema, request.body)
    const target = await targetUser(request, sub)
    const account = await accountOf(sub)

    const errors: Record<string, string[]> = {}
    const formatOk = checkPassword(body.password).valid
    if (!formatOk) errors.password = [CommonCodes.INVALID_PASSWORD_FORMAT]
    if (body.password !== body.password_confirmation) {
      errors.password_confirmation = [CommonCodes.DOES_NOT_MATCH_PASSWORD]
    }
    const currentOk = await verifyPassword(body.current_password, account.passwordHash)
    if (!currentOk) errors.current_password = [CommonCodes.INVALID]
    else if (formatOk && (await verifyPassword(body.password, account.passwordHash))) {
      errors.password = [CommonCodes.PASSWORD_UNCHANGED]
    }
    if (Object.keys(errors).length > 0) throw validationFail(errors)

    // The stored hash carries the server's current cost (every login rehashes to it).
    const params = parseHash(account.passwordHash) ?? scryptParams(FALLBACK_SCRYPT_COST)
    const passwordHash = await hashPassword(body.password, {
      N: params.N,
      r: params.r,
      p: params.p,
    })
    const keepFamily =
      body.refresh_token !== undefined && target.userId === request.user?.userId
        ? await repo.findRefreshFamily(app.db, target.userId, hashToken(body.refresh_token))
        : null
    const now = new Date()
    const signedOut = await repo.changePassword(
      app.db,
      { userId: target.userId, passwordHash, keepFamily },
      now,
    )
    // Access tokens issued before now are refused (here at once, on other instances within
    // TOKENS_VALID_AFTER_TTL_MS): the other logins' renewals are refused, this one's (kept when
    // `refresh_token` named it) renews on the TOKEN_EXPIRED and goes on.
    tokensRevoked(app.db, target.userId, now)
    await app.mailer.send(
      presentPasswordChangedMail({ to: account.email, firstName: account.firstName }),
    )
    return { code: CommonCodes.OK, data: { signed_out_sessions: signedOut } }
  })

  // ---- Email preferences (seeds 2.4) ----

  app.get('/users/:sub/email_preferences', ownAccount, async (request) => {
    const { sub } = validate(SubParamsSchema, request.params)
    const target = await targetUser(request, sub)
    const row = await repo.findEmailPreferences(app.db, target.userId)
    return presentEmailPreferences(row ?? DEFAULT_EMAIL_PREFERENCES, new Date())
  })

  app.put('/users/:sub/email_preferences', ownAccount, async (request) => {
    const { sub } = validate(SubParamsSchema, request.params)
    const body = validate(EmailPreferencesSchema, request.body)
    const now = new Date()
    let pausedUntil: Date | null = null
    if (body.alerts_paused_until !== null) {
      pausedUntil = new Date(body.alerts_paused_until)
      const latest = now.getTime() + MAX_ALERT_PAUSE_DAYS * DAY_MS + PAUSE_CLOCK_SKEW_MS
      const time = pausedUntil.getTime()
      if (Number.isNaN(time) || time <= now.getTime() || time > latest) {
        throw validationFail({ alerts_paused_until: [CommonCodes.INVALID] })
      }
    }
    const target = await targetUser(request, sub)
    const saved = await repo.saveEmailPreferences(
      app.db,
      target.userId,
      {
        disconnectionAlerts: body.disconnection_alerts,
        performanceAlerts: body.performance_alerts,
        reportCards: body.report_cards,
        productNews: body.product_news,
        alertsPausedUntil: pausedUntil,
      },
      now,
    )
    return presentEmailPreferences(saved, now)
  })

  // ---- Contact (seeds 3 support request) ----

  app.post('/users/:sub/support_requests', ownAccount, async (request, reply) => {
    const { sub } = validate(SubParamsSchema, request.params)
    const body = validate(SupportRequestCreateSchema, request.body)
    const target = await targetUser(request, sub)
    const account = await accountOf(sub)
    const requesterName = `${account.firstName} ${account.lastName}`.trim()
    const row = await repo.insertSupportRequest(app.db, {
      userId: target.userId,
      requesterName,
      requesterEmail: account.email,
      subject: body.subject,
      body: body.body,
      tags: ['settings-contact', body.topic],
    })
    await app.mailer.send(
      presentSupportMail({
        to: SUPPORT_EMAIL,
        id: row.id,
        requesterName,
        requesterEmail: account.email,
        topic: body.topic,
        subject: body.subject,
        body: body.body,
      }),
    )
    return reply.code(201).send({ data: { id: row.id, created_at: row.createdAt.toISOString() } })
  })

  // ---- Report cards ----

  app.get('/users/:sub/report_cards', ownAccount, async (request) => {
    const { sub } = validate(SubParamsSchema, request.params)
    const target = await targetUser(request, sub)
    const rows = await repo.reportCardRows(app.db, target.userId, new Date(), REPORT_CARD_MONTHS)
    return presentReportCards(rows)
  })

  return Promise.resolve()
}
