import { useMemo, type ReactNode } from 'react'
import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { AdminRole, AdminUserStatus, MetadataField } from '#contracts/admin.ts'
import { NetworkError } from '../../api/http'
import type { DataTableColumn } from '../../ui/DataTable'
import { useSession } from '../../session'
import { adminAbilities, type AdminAbilities } from './sections'
import styles from './Admin.module.css'

/** The signed-in admin's abilities on the panel they work in (its id is never null here). */
export function useAdmin(): AdminAbilities & { panelId: number } {
  const session = useSession()
  const abilities = adminAbilities(session)
  // The routes' guards let nobody in without a panel; 0 matches nothing if one is gone meanwhile.
  return { ...abilities, panelId: abilities.panelId ?? 0 }
}

/** A list's state for the data table: its first load, a failure (offline or not), or ready. */
export function listStatus(
  query: { data: unknown; isError: boolean; error: unknown },
  online: boolean,
): 'loading' | 'error' | 'offline' | 'ready' {
  if (query.data !== undefined) return 'ready'
  if (query.isError) return query.error instanceof NetworkError || !online ? 'offline' : 'error'
  return 'loading'
}

export const USER_STATUS_TEXT: Record<AdminUserStatus, MessageDescriptor> = {
  enabled: msg`Enabled`,
  locked_out: msg`Locked out`,
  password_expired: msg`Password expired`,
  disabled: msg`Disabled`,
}

export const ROLE_TEXT: Record<AdminRole, MessageDescriptor> = {
  home_user: msg`Home user`,
  power_user: msg`Power user`,
  administrator: msg`Administrator`,
}

export const FORMAT_TEXT: Record<MetadataField['format'], MessageDescriptor> = {
  text: msg`Text`,
  number: msg`Number`,
  date: msg`Date`,
  boolean: msg`Yes or no`,
}

export const USAGE_TEXT: Record<MetadataField['usage'], MessageDescriptor> = {
  analysis: msg`Usage analysis`,
  available: msg`Available`,
  hidden: msg`Hidden`,
}

/** A status as a coloured badge (text, never colour alone). */
export function Badge({
  tone,
  children,
}: {
  tone: 'good' | 'poor' | 'fair' | 'plain'
  children: ReactNode
}) {
  const toneClass = tone === 'plain' ? '' : styles[tone]
  return <span className={`${styles.badge} ${toneClass ?? ''}`}>{children}</span>
}

export function UserStatusBadge({ status }: { status: AdminUserStatus }) {
  const { i18n } = useLingui()
  const tone = status === 'enabled' ? 'good' : status === 'disabled' ? 'poor' : 'fair'
  return <Badge tone={tone}>{i18n._(USER_STATUS_TEXT[status])}</Badge>
}

export function AgentStateBadge({ state }: { state: 'active' | 'inactive' }) {
  return (
    <Badge tone={state === 'active' ? 'good' : 'poor'}>
      {state === 'active' ? <Trans>Active</Trans> : <Trans>Inactive</Trans>}
    </Badge>
  )
}

/** A date and time in the reader's locale, or a dash. */
export function useDateTime(): (iso: string | null) => string {
  const { i18n } = useLingui()
  const locale = i18n.locale
  return useMemo(() => {
    const format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' })
    return (iso: string | null) => {
      if (iso === null) return '—'
      const date = new Date(iso)
      return Number.isNaN(date.getTime()) ? '—' : format.format(date)
    }
  }, [locale])
}

/** A user as lists of users show them (seeds 001 §3 users, data-subscription users). */
type UserNames = { id: number; email: string; first_name: string; last_name: string }

/** The first columns of a list of users: the email (a link to the user's page) and the names. */
export function useUserNameColumns<Row extends UserNames>(): DataTableColumn<Row>[] {
  const { t } = useLingui()
  return useMemo(
    (): DataTableColumn<Row>[] => [
      {
        id: 'email',
        header: t`Email address`,
        card: 'title',
        dir: 'ltr',
        cell: (row) => (
          <Link
            to="/admin/user/$userId"
            params={{ userId: String(row.id) }}
            className={styles.link}
          >
            <bdi dir="ltr">{row.email}</bdi>
          </Link>
        ),
        csv: (row) => row.email,
      },
      {
        id: 'first_name',
        header: t`First name`,
        cell: (row) => row.first_name,
        csv: (row) => row.first_name,
      },
      {
        id: 'last_name',
        header: t`Last name`,
        cell: (row) => row.last_name,
        csv: (row) => row.last_name,
      },
    ],
    [t],
  )
}

/** The link back to a section's list. */
export function BackLink({
  to,
  children,
}: {
  to: '/admin/agents' | '/admin/users' | '/admin/metadata'
  children: ReactNode
}) {
  return (
    <Link to={to} className={styles.back}>
      {children}
    </Link>
  )
}

/** Label/value pairs of a detail card. */
export function Facts({
  items,
}: {
  items: readonly { label: ReactNode; value: ReactNode; ltr?: boolean }[]
}) {
  return (
    <dl className={styles.facts}>
      {items.map((item, index) => (
        <div key={index} style={{ display: 'contents' }}>
          <dt>{item.label}</dt>
          <dd>
            {item.ltr === true ? <bdi dir="ltr">{item.value ?? '—'}</bdi> : (item.value ?? '—')}
          </dd>
        </div>
      ))}
    </dl>
  )
}
