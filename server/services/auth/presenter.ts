import type {
  AccessTokenPayload,
  Accessibles,
  LoginErrorData,
  Token,
  TokenPairResponse,
} from '../../../contracts/auth.ts'
import type { ActiveLock } from './lockout.ts'
import type { AuthUserRow } from './repository.ts'

/** The access-token claims of a user (seeds 3). */
export function presentClaims(user: AuthUserRow): Omit<AccessTokenPayload, 'exp'> {
  return {
    sub: user.sub,
    user_id: user.id,
    organisation_id: user.organisationId,
    organisation_owner_id: user.organisationOwnerId,
    owner_id: user.ownerId,
    preferred_locale: user.defaultLocale,
  }
}

/** The body of a successful login or renewal. */
export function presentTokenPair(accessToken: Token, refreshToken: Token): TokenPairResponse {
  return { code: 'OK', accessToken, refreshToken }
}

/** LOCKED_UNTIL and LOCKOUT_DURATION_SECONDS of a lock (both null for a permanent one). */
export function presentLock(lock: ActiveLock): LoginErrorData {
  return {
    LOCKED_UNTIL: lock.until ? lock.until.toISOString() : null,
    LOCKOUT_DURATION_SECONDS: lock.remainingSeconds,
  }
}

/** The myAccessibles data (seeds 3: apollo, units, volunteer, administration). */
export function presentAccessibles(input: {
  panels: { pid: number; front_name: string }[]
  unitIds: number[]
  volunteer: { id: number; owner: string } | null
  administeredOrganisations: number[] | null
}): Accessibles {
  return {
    apollo: input.panels.map((panel) => ({ pid: panel.pid, front_name: panel.front_name })),
    units: input.unitIds.map((unitId) => ({ unitId })),
    volunteer: input.volunteer
      ? { signupId: input.volunteer.id, owner: input.volunteer.owner }
      : null,
    administration: input.administeredOrganisations
      ? { organisations: input.administeredOrganisations }
      : null,
  }
}

/** The password-reset mail (plain text; the link is also listed for the dev mailbox). */
export function presentResetMail(input: {
  to: string
  firstName: string
  link: string
  ttlSeconds: number
}) {
  const minutes = Math.round(input.ttlSeconds / 60)
  return {
    to: input.to,
    subject: 'Reset your Whitebox password',
    text: [
      `Hello ${input.firstName},`,
      '',
      'Someone, hopefully you, asked to reset the password of your Whitebox account.',
      'Open this link to choose a new password:',
      '',
      input.link,
      '',
      `The link works once and expires in ${minutes} minutes. If you did not ask for this,`,
      'ignore this mail: your password stays as it is.',
    ].join('\n'),
    links: [input.link],
  }
}
