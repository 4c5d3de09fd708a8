import websocket from '@fastify/websocket'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import * as v from 'valibot'
import {
  AUTH_TIMEOUT_SECONDS,
  InstantTestHistoryQuerySchema,
} from '../../../contracts/instant-test.ts'
import { CommonCodes } from '../../../contracts/errors.ts'
import { validate } from '../../errors.ts'
import { originHostname } from '../../plugins/host-check.ts'
import { declare } from '../../plugins/access.ts'
import { canReadUnit } from '../unit-analytics/access.ts'
import { handleConnection, type InstantTestSocket } from './connection.ts'
import { pageOf } from '../../lib/list.ts'
import { presentHistory } from './presenter.ts'
import { listTests } from './repository.ts'
import { createInstantTestService, type TriggerTestingOptions } from './service.ts'

export type { TriggerTestingOptions } from './service.ts'

const UnitIdParamsSchema = v.object({
  unitId: v.pipe(v.string(), v.regex(/^\d{1,9}$/), v.transform(Number), v.minValue(1)),
})

/** Client messages are a few hundred bytes; anything bigger is not ours. */
const MAX_MESSAGE_BYTES = 8 * 1024

/**
 * The trigger-testing service (instant tests, seeds 8.4) under /api/trigger-testing:
 * GET /ws (websocket, see contracts/instant-test.ts) and GET /units/:unitId/tests (history).
 */
export async function triggerTestingRoutes(
  app: FastifyInstance,
  options: TriggerTestingOptions = {},
): Promise<void> {
  // Registered here, not app-wide: only this service speaks websocket, and its onRoute hook then
  // only sees these routes.
  await app.register(websocket, { options: { maxPayload: MAX_MESSAGE_BYTES } })
  const service = createInstantTestService(app.db, app.log, options)
  const now = options.now ?? (() => new Date())
  app.addHook('onClose', async () => {
    await service.stopAll()
  })

  // A browser always sends Origin with a websocket: one from another site is a page there trying to
  // use this user's connection (cross-site websocket hijacking). Tools that send none may connect.
  const sameSite = async (request: FastifyRequest, reply: FastifyReply) => {
    const origin = request.headers.origin
    if (origin === undefined) return
    const hostname = originHostname(origin)
    if (hostname !== null && app.isAllowedHost(hostname)) return
    return reply.code(403).send({ code: CommonCodes.FORBIDDEN })
  }

  // Public to the HTTP layer: the socket's first message carries the access token (connection.ts),
  // and each instant test is checked with mayTriggerTest.
  app.get(
    '/ws',
    { ...declare('public'), websocket: true, onRequest: [sameSite] },
    (socket: InstantTestSocket) => {
      handleConnection(socket, {
        tokens: app.accessTokens,
        service,
        log: app.log,
        authTimeoutMs: options.authTimeoutMs ?? AUTH_TIMEOUT_SECONDS * 1000,
        now,
      })
    },
  )

  app.get('/units/:unitId/tests', declare({ own: 'unit-read' }), async (request) => {
    const { unitId } = validate(UnitIdParamsSchema, request.params)
    const query = validate(InstantTestHistoryQuerySchema, request.query)
    // The read rule of the unit analytics service: the same people see a unit's results.
    await canReadUnit(app, request, unitId)
    const page = pageOf(query)
    return presentHistory(await listTests(app.db, unitId, page), page)
  })
}
