import * as v from 'valibot'
import { deleteCookie, readCookie, writeCookie } from './cookies'

/** Seeds 3 stored local flags: localStorage keys, all prefixed `wb.`. */
export const FLAG_KEYS = {
  /** Browser id sent as `device` on login. */
  device: 'wb.device',
  userId: 'wb.userId',
  /** The remembered view choice `{ userId, view }` (remember-my-selection). */
  remember: 'wb.remember',
  /** The selected panel `{ userId, panelId }` (seeds 001 §1 pid). */
  panel: 'wb.panel',
  /** The session data (grants, accessibles, preferences, view…) restored on reload. */
  session: 'wb.session',
  /** Post-auth redirect path (single sign-on remembers where the user was). */
  redirect: 'wb.redirect',
} as const

/** Seeds 3 flags kept as cookies. */
export const FLAG_COOKIES = {
  staff: 'wb.staff',
  migrated: 'wb.migrated',
} as const

function read(key: string): string | null {
  try {
    return localStorage.getItem(key)
  } catch {
    return null
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key)
    else localStorage.setItem(key, value)
  } catch {
    // Storage full or blocked (private mode): the flag is simply not remembered.
  }
}

/** Reads a JSON flag through its schema; null when absent or not matching. */
export function readJsonFlag<TSchema extends v.GenericSchema>(
  key: string,
  schema: TSchema,
): v.InferOutput<TSchema> | null {
  const raw = read(key)
  if (raw === null) return null
  try {
    const parsed = v.safeParse(schema, JSON.parse(raw))
    return parsed.success ? parsed.output : null
  } catch {
    return null
  }
}

/** Writes (or with null removes) a JSON flag. */
export function writeJsonFlag(key: string, value: unknown): void {
  write(key, value === null ? null : JSON.stringify(value))
}

/** The browser id, created once per browser. */
export function deviceId(): string {
  const existing = read(FLAG_KEYS.device)
  if (existing !== null && existing !== '') return existing
  const id = crypto.randomUUID()
  write(FLAG_KEYS.device, id)
  return id
}

const PanelFlagSchema = v.object({
  userId: v.number(),
  panelId: v.pipe(v.number(), v.integer()),
})

/**
 * Seeds 001 §1: the selected panel (pid) of this user on this device, or null. Kept per user:
 * another account signing in on the same device starts on its own default panel.
 */
export function readPanelFlag(userId: number): number | null {
  const flag = readJsonFlag(FLAG_KEYS.panel, PanelFlagSchema)
  return flag?.userId === userId ? flag.panelId : null
}

/** Remembers the user's selected panel (null forgets it). */
export function writePanelFlag(userId: number, panelId: number | null): void {
  writeJsonFlag(FLAG_KEYS.panel, panelId === null ? null : { userId, panelId })
}

/** Remembers the signed-in user's id (null to forget). */
export function writeUserIdFlag(userId: number | null): void {
  write(FLAG_KEYS.userId, userId === null ? null : String(userId))
}

/** Whether the staff cookie is set on this browser. */
export function hasStaffCookie(): boolean {
  return readCookie(FLAG_COOKIES.staff) === 'true'
}

/** Sets or clears the migrated-user cookie (the deprecation banner flag). */
export function writeMigratedCookie(migrated: boolean): void {
  if (migrated) writeCookie(FLAG_COOKIES.migrated, 'true')
  else deleteCookie(FLAG_COOKIES.migrated)
}

/** Whether the migrated-user cookie is set. */
export function hasMigratedCookie(): boolean {
  return readCookie(FLAG_COOKIES.migrated) === 'true'
}

/** Remembers the post-auth redirect path (null to forget). */
export function writeRedirectFlag(path: string | null): void {
  write(FLAG_KEYS.redirect, path)
}

/** The remembered post-auth redirect path, or null. */
export function readRedirectFlag(): string | null {
  return read(FLAG_KEYS.redirect)
}
