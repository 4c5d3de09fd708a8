import { i18n } from '@lingui/core'
import { AUTH_FAILED, postLogin } from '../api/auth.api'
import { putDefaultLocale } from '../api/zeus.api'
import { ApiError } from '../api/http'
import { activateLocale, storeLocale } from '../i18n/i18n'
import { findLocale } from '#contracts/locales.ts'
import { safeContinuePath } from '../lib/safe-path'
import { deviceId, writeMigratedCookie, writePanelFlag } from './local-flags'
import {
  buildSession,
  deauthenticate,
  defaultPath,
  fetchSessionParts,
  saveDefaultLocale,
  scheduleRenewal,
} from './session'
import { takeSignedOutLocale } from './signed-out-locale'
import { setSession, setTokens } from './store'
import { decodeAccessToken } from './tokens'

export type Credentials = { email: string; password: string }

/** Where the login sequence sends the user next. */
export type LoginOutcome = { to: string }

async function applyLocale(wanted: string | null | undefined): Promise<void> {
  const locale = findLocale(wanted)
  if (!locale || locale.code === i18n.locale) return
  storeLocale(locale.code)
  try {
    await activateLocale(locale.code)
  } catch {
    // The catalog could not load (offline mid-login): the stored choice applies on next start.
  }
}

/**
 * Seeds 4.1 login sequence: post the credentials and store the tokens, fetch the session data,
 * set the locale, choose the view and default panel, then return the continue path (same-origin
 * only) or the default path. Refusals throw ApiError (seeds' codes, AUTH_FAILED without a token);
 * a failed transport throws NetworkError.
 */
export async function login(
  credentials: Credentials,
  continueTo?: string | null,
): Promise<LoginOutcome> {
  const { tokens, migrated } = await postLogin({
    email: credentials.email.trim(),
    password: credentials.password,
    device: deviceId(),
  })
  const payload = decodeAccessToken(tokens.accessToken.token)
  if (!payload) throw new ApiError(200, AUTH_FAILED)
  setTokens({ accessToken: tokens.accessToken, refreshToken: tokens.refreshToken })
  writeMigratedCookie(migrated)
  scheduleRenewal()

  const parts = await fetchSessionParts(payload, migrated)
  if (!parts) {
    // Seeds 8.5: missing grants or accessibles after login lead to /logout.
    deauthenticate()
    return { to: '/logout' }
  }
  // A language picked on the sign-in page during this visit is saved as the account's before the
  // locale is set, so the account's older choice does not undo it.
  const chosen = findLocale(takeSignedOutLocale())
  let queueChosen = false
  if (chosen) {
    try {
      await putDefaultLocale(payload.sub, chosen.api)
    } catch {
      queueChosen = true
    }
  }
  await applyLocale(chosen?.code ?? parts.personal?.default_locale ?? payload.preferred_locale)

  const session = buildSession(parts, null)
  if (session.view.type === 'enterprise') writePanelFlag(session.userId, session.view.panelId)
  setSession(session)
  // Not saved now (the accounts service failed): queued, so it is sent when it answers again.
  if (chosen && queueChosen) await saveDefaultLocale(chosen.api).catch(() => undefined)

  const safe = safeContinuePath(continueTo, globalThis.location.origin)
  if (session.view.type === 'redirect') {
    return { to: safe ? `/redirect?continue=${encodeURIComponent(safe)}` : '/redirect' }
  }
  return { to: safe ?? defaultPath(session) }
}
