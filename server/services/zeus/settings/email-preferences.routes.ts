import type { FastifyInstance } from 'fastify'
import { CommonCodes } from '../../../../contracts/errors.ts'
import { EmailPreferencesSchema, MAX_ALERT_PAUSE_DAYS } from '../../../../contracts/settings.ts'
import { validate, validationFail } from '../../../errors.ts'
import { declare } from '../../../plugins/access.ts'
import { DAY_MS, SubParamsSchema, type SettingsAccess } from './access.ts'
import { DEFAULT_EMAIL_PREFERENCES, presentEmailPreferences } from './presenter.ts'
import * as repo from './repository.ts'

/** A client clock a little ahead must not turn the longest pause into a refusal. */
const PAUSE_CLOCK_SKEW_MS = 10 * 60_000

/** Which mails a user gets, and a pause of alerts (seeds 2.4). */
export function emailPreferenceRoutes(app: FastifyInstance, access: SettingsAccess): void {
  const ownAccount = declare({ own: 'account' })
  const { targetUser } = access

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
}
