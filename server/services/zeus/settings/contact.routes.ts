import type { FastifyInstance } from 'fastify'
import {
  REPORT_CARD_MONTHS,
  SUPPORT_EMAIL,
  SupportRequestCreateSchema,
} from '../../../../contracts/settings.ts'
import { validate } from '../../../errors.ts'
import { declare } from '../../../plugins/access.ts'
import { SubParamsSchema, type SettingsAccess } from './access.ts'
import { presentReportCards, presentSupportMail } from './presenter.ts'
import * as repo from './repository.ts'

/** The settings contact form (seeds 3 support request) and the monthly report cards. */
export function contactRoutes(app: FastifyInstance, access: SettingsAccess): void {
  const ownAccount = declare({ own: 'account' })
  const { targetUser, accountOf } = access

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

  app.get('/users/:sub/report_cards', ownAccount, async (request) => {
    const { sub } = validate(SubParamsSchema, request.params)
    const target = await targetUser(request, sub)
    const rows = await repo.reportCardRows(app.db, target.userId, new Date(), REPORT_CARD_MONTHS)
    return presentReportCards(rows)
  })
}
