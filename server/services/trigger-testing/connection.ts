import type { FastifyBaseLogger } from 'fastify'
import * as v from 'valibot'
import type { AccessTokens } from '../../plugins/auth.ts'
import { CommonCodes } from '../../../contracts/errors.ts'
import {
  ClientMessageSchema,
  INSTANT_TEST_CLOSE,
  type ClientMessage,
  type ServerMessage,
} from '../../../contracts/instant-test.ts'
import { HttpError } from '../../errors.ts'
import type { InstantTestService } from './service.ts'

type Caller = { userId: number; expiresAtMs: number }

/** A message frame as the ws library hands it over. */
type RawData = Buffer | ArrayBuffer | Buffer[]

/**
 * The part of a ws WebSocket this service uses (the ws package ships no types here, so the
 * plugin's socket arrives untyped; this keeps the handler checked).
 */
export type InstantTestSocket = {
  readonly readyState: number
  readonly OPEN: number
  readonly CONNECTING: number
  send: (data: string) => void
  close: (code: number, reason: string) => void
  on: ((event: 'message', listener: (data: RawData, isBinary: boolean) => void) => unknown) &
    ((event: 'close', listener: () => void) => unknown)
}

function parse(data: RawData, isBinary: boolean): ClientMessage | null {
  if (isBinary) return null
  const text = Array.isArray(data)
    ? Buffer.concat(data).toString('utf8')
    : Buffer.from(data instanceof ArrayBuffer ? new Uint8Array(data) : data).toString('utf8')
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    return null
  }
  const parsed = v.safeParse(ClientMessageSchema, json)
  return parsed.success ? parsed.output : null
}

/**
 * One client's conversation (see contracts/instant-test.ts): the socket is closed unless a valid
 * `auth` message arrives within `authTimeoutMs`; messages are handled one at a time, in order; a
 * started test runs in the background, so a second `start` is answered (IN_PROGRESS) at once.
 */
export function handleConnection(
  socket: InstantTestSocket,
  deps: {
    tokens: AccessTokens
    service: InstantTestService
    log: FastifyBaseLogger
    authTimeoutMs: number
    now: () => Date
  },
): void {
  let caller: Caller | null = null
  let queue = Promise.resolve()

  const send = (message: ServerMessage) => {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message))
  }
  const refuse = (code: number, reason: string) => {
    clearTimeout(authTimer)
    if (socket.readyState === socket.OPEN || socket.readyState === socket.CONNECTING) {
      socket.close(code, reason)
    }
  }
  const authTimer = setTimeout(() => {
    if (!caller) refuse(INSTANT_TEST_CLOSE.AUTH_TIMEOUT, 'AUTH_TIMEOUT')
  }, deps.authTimeoutMs)

  async function authenticate(token: string): Promise<void> {
    try {
      const payload = await deps.tokens.verify(token)
      caller = { userId: payload.user_id, expiresAtMs: payload.exp * 1000 }
      clearTimeout(authTimer)
      send({ type: 'authenticated' })
    } catch (error) {
      const expired = error instanceof HttpError && error.code === CommonCodes.TOKEN_EXPIRED
      refuse(INSTANT_TEST_CLOSE.UNAUTHENTICATED, expired ? 'TOKEN_EXPIRED' : 'UNAUTHENTICATED')
    }
  }

  async function handle(message: ClientMessage): Promise<void> {
    if (message.type === 'auth') {
      await authenticate(message.token)
      return
    }
    if (!caller) {
      refuse(INSTANT_TEST_CLOSE.UNAUTHENTICATED, 'UNAUTHENTICATED')
      return
    }
    // A socket can outlive its token: a start after expiry needs a renewed token on a new socket.
    if (caller.expiresAtMs <= deps.now().getTime()) {
      refuse(INSTANT_TEST_CLOSE.UNAUTHENTICATED, 'TOKEN_EXPIRED')
      return
    }
    await deps.service.start(caller.userId, message, send)
  }

  socket.on('message', (data, isBinary) => {
    const message = parse(data, isBinary)
    if (!message) {
      refuse(INSTANT_TEST_CLOSE.BAD_MESSAGE, 'BAD_MESSAGE')
      return
    }
    queue = queue
      .then(() => handle(message))
      .catch((error: unknown) => {
        deps.log.error({ err: error }, 'instant test message failed')
        send({ type: 'error', code: 'UNKNOWN' })
      })
  })
  socket.on('close', () => {
    clearTimeout(authTimer)
  })
}
