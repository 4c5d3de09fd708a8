import type {
  AccessTokenPayload,
  Accessibles,
  LoginErrorData,
  Token,
  TokenPairResponse,
} from '../../../contracts/auth.ts'
import { inLanguage, type MailLocale } from '../../lib/mail-locale.ts'
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

const RESET_TEXTS: Record<
  MailLocale,
  { subject: string; body: (name: string, link: string, minutes: number) => string[] }
> = {
  en_GB: {
    subject: 'Reset your Whitebox password',
    body: (name, link, minutes) => [
      `Hello ${name},`,
      '',
      'Someone, hopefully you, asked to reset the password of your Whitebox account.',
      'Open this link to choose a new password:',
      '',
      link,
      '',
      `The link works once and expires in ${String(minutes)} minutes. If you did not ask for this,`,
      'ignore this mail: your password stays as it is.',
    ],
  },
  ar_SA: {
    subject: 'إعادة تعيين كلمة مرور Whitebox',
    body: (name, link, minutes) => [
      `مرحبًا ${name}،`,
      '',
      'طلب أحدهم، ونأمل أن تكون أنت، إعادة تعيين كلمة مرور حسابك في Whitebox.',
      'افتح هذا الرابط لاختيار كلمة مرور جديدة:',
      '',
      link,
      '',
      `يعمل الرابط مرة واحدة وتنتهي صلاحيته بعد ${new Intl.NumberFormat('ar-SA').format(minutes)} دقيقة. إذا لم تطلب ذلك،`,
      'فتجاهل هذه الرسالة: ستبقى كلمة مرورك كما هي.',
    ],
  },
  fr_CA: {
    subject: 'Réinitialisez votre mot de passe Whitebox',
    body: (name, link, minutes) => [
      `Bonjour ${name},`,
      '',
      'Quelqu’un, vous nous l’espérons, a demandé de réinitialiser le mot de passe de votre compte Whitebox.',
      'Ouvrez ce lien pour choisir un nouveau mot de passe :',
      '',
      link,
      '',
      `Le lien ne fonctionne qu’une fois et expire dans ${String(minutes)} minutes. Si vous n’avez rien demandé,`,
      'ignorez ce courriel : votre mot de passe reste le même.',
    ],
  },
}

/**
 * The password-reset mail (plain text; the link is also listed for the dev mailbox), in `locale`,
 * with a link that opens the reset page in that language whatever the device's is.
 */
export function presentResetMail(input: {
  to: string
  firstName: string
  link: string
  ttlSeconds: number
  locale?: MailLocale
}) {
  const locale = input.locale ?? 'en_GB'
  const link = inLanguage(input.link, locale)
  const texts = RESET_TEXTS[locale]
  return {
    to: input.to,
    subject: texts.subject,
    text: texts.body(input.firstName, link, Math.round(input.ttlSeconds / 60)).join('\n'),
    links: [link],
  }
}
