import type { FastifyInstance, FastifyRequest } from 'fastify'
import { CommonCodes } from '../../contracts/errors.ts'
import { shared } from './shared.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /** Whether a host name (lower case, no port; IPv6 in brackets) is one this server answers as. */
    isAllowedHost: (hostname: string) => boolean
  }
}

/**
 * The host name of a Host header or an Origin's authority: lower case, port and trailing
 * credentials dropped, an IPv6 address kept in its brackets. Null when there is none to read.
 */
export function hostnameOf(authority: string | undefined): string | null {
  if (!authority) return null
  const value = authority.trim().toLowerCase()
  if (value.startsWith('[')) {
    const end = value.indexOf(']')
    return end > 0 ? value.slice(0, end + 1) : null
  }
  const name = value.split(':')[0] ?? ''
  return name === '' ? null : name
}

/** The host name of an Origin header (`http://host:port`), or null when it names none. */
export function originHostname(origin: string | undefined): string | null {
  if (!origin) return null
  try {
    const url = new URL(origin)
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null
    return url.hostname.toLowerCase()
  } catch {
    return null
  }
}

/**
 * Answers only requests whose Host names this server (PUBLIC_URL's host, ALLOWED_HOSTS and the
 * loopback names): a page on another site that rebinds its own name to this machine's address
 * (DNS rebinding) reaches it under that other name and gets 421, before any route runs.
 */
export const hostCheck = shared((app: FastifyInstance, options: { hosts: string[] }) => {
  const allowed = new Set(options.hosts.map((host) => host.toLowerCase()))
  app.decorate('isAllowedHost', (hostname: string) => allowed.has(hostname))
  app.addHook('onRequest', async (request: FastifyRequest, reply) => {
    const hostname = hostnameOf(request.headers.host)
    if (hostname !== null && allowed.has(hostname)) return
    request.log.warn({ host: request.headers.host }, 'request for a host this server is not')
    return reply
      .code(hostname === null ? 400 : 421)
      .header('cache-control', 'no-store')
      .send({ code: hostname === null ? CommonCodes.BAD_REQUEST : CommonCodes.MISDIRECTED })
  })
  return Promise.resolve()
})
