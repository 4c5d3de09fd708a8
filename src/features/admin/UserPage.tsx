import { useState, type ReactNode } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { isRemovedEmail, type AdminUserDetail } from '#contracts/admin.ts'
import {
  adminKeys,
  setUserEnabled,
  setUserSuperAdmin,
  unlockUser,
  userQuery,
} from '../../api/admin.api'
import { NetworkError } from '../../api/http'
import { useOnline } from '../../offline/online-state'
import { queryErrorMessage } from '../../offline/QueryStatus'
import { useSession } from '../../session'
import { Alert, Button, Card, PageTitle, Spinner, useToast } from '../../ui'
import { AuditLog } from './AuditLog'
import { ConfirmDialog } from '../../ui'
import { GdprRemoval, RemovedAccount } from './GdprRemoval'
import { UserGroups } from './UserGroups'
import {
  BackLink,
  Facts,
  listStatus,
  ROLE_TEXT,
  useAdmin,
  useDateTime,
  UserStatusBadge,
} from './shared'
import styles from './Admin.module.css'
import { formatIdNumber } from '../../lib/number-format'

type Action = 'enable' | 'disable' | 'unlock' | 'super-on' | 'super-off'

/**
 * Seeds 001 §3, §4 one user (issue 25): details, role, groups, status; enable or disable,
 * unlock by sending a set-password link (never a password by mail), and the super admin toggle
 * (org_super_admin only). Each change is confirmed first.
 */
export function UserPage({ userId }: { userId: number }) {
  const { t, i18n } = useLingui()
  const admin = useAdmin()
  const session = useSession()
  const online = useOnline()
  const queryClient = useQueryClient()
  const toast = useToast()
  const dateTime = useDateTime()
  const query = useQuery(userQuery(admin.panelId, userId))
  const [asking, setAsking] = useState<Action | null>(null)
  const [busy, setBusy] = useState(false)
  const status = listStatus(query, online)
  const detail = query.data

  const run = async (action: Action) => {
    setBusy(true)
    try {
      if (action === 'unlock') {
        await unlockUser(admin.panelId, userId)
        toast.show({ message: t`A link to set a new password is on its way to the user.` })
      } else {
        const updated =
          action === 'enable' || action === 'disable'
            ? await setUserEnabled(admin.panelId, userId, action === 'enable')
            : await setUserSuperAdmin(admin.panelId, userId, action === 'super-on')
        queryClient.setQueryData(adminKeys.user(admin.panelId, userId), updated)
        void queryClient.invalidateQueries({ queryKey: adminKeys.users(admin.panelId) })
        toast.show({ message: t`The change is saved.` })
      }
    } catch (error) {
      toast.show({
        variant: 'error',
        message:
          error instanceof NetworkError
            ? t`You are offline: this change can be made once you are back online.`
            : t`The change could not be made. Try again.`,
      })
    } finally {
      setBusy(false)
      setAsking(null)
    }
  }

  const questions: Record<Action, { title: ReactNode; text: ReactNode; confirm: ReactNode }> = {
    enable: {
      title: <Trans>Enable this user?</Trans>,
      text: <Trans>They can sign in again.</Trans>,
      confirm: <Trans>Enable</Trans>,
    },
    disable: {
      title: <Trans>Disable this user?</Trans>,
      text: <Trans>They can no longer sign in until the account is enabled again.</Trans>,
      confirm: <Trans>Disable</Trans>,
    },
    unlock: {
      title: <Trans>Send a password reset?</Trans>,
      text: (
        <Trans>
          The user gets an email with a link to set a new password; the account unlocks when they
          do.
        </Trans>
      ),
      confirm: <Trans>Send the link</Trans>,
    },
    'super-on': {
      title: <Trans>Make this user a super admin?</Trans>,
      text: <Trans>A super admin manages every panel of the organisation.</Trans>,
      confirm: <Trans>Make super admin</Trans>,
    },
    'super-off': {
      title: <Trans>Remove super admin?</Trans>,
      text: <Trans>The user keeps their other permissions.</Trans>,
      confirm: <Trans>Remove super admin</Trans>,
    },
  }

  const name = detail ? `${detail.user.first_name} ${detail.user.last_name}`.trim() : ''
  const id = formatIdNumber(i18n.locale, userId)
  const title = name === '' ? t`User ${id}` : name
  const removed = detail !== undefined && isRemovedEmail(detail.user.email)
  // Seeds 001 §7.5 GDPR removal: org_super_admin or global access (the server checks the owner).
  const mayRemove = admin.superAdmin || session?.hasGlobalAccess === true

  return (
    <>
      <BackLink to="/admin/users">
        <Trans>All users</Trans>
      </BackLink>
      <PageTitle documentTitle={title}>{title}</PageTitle>
      {status === 'loading' ? <Spinner label={t`Loading…`} /> : null}
      {status === 'offline' ? (
        <Alert variant="info">
          <Trans>You are offline. This user can be shown once you are back online.</Trans>
        </Alert>
      ) : null}
      {status === 'error' ? (
        <Alert variant="error" title={<Trans>The user could not be loaded</Trans>}>
          {i18n._(queryErrorMessage(query.error))}
        </Alert>
      ) : null}
      {detail && removed ? (
        <>
          <RemovedAccount />
          <AuditLog target={{ kind: 'user', id: userId }} />
        </>
      ) : null}
      {detail && !removed ? (
        <>
          <Card>
            <UserFacts detail={detail} dateTime={dateTime} />
          </Card>
          <Card>
            <h2 className={styles.heading}>
              <Trans>Account</Trans>
            </h2>
            <div className={styles.actions}>
              <Button
                variant="secondary"
                onClick={() => {
                  setAsking(detail.user.enabled ? 'disable' : 'enable')
                }}
              >
                {detail.user.enabled ? <Trans>Disable</Trans> : <Trans>Enable</Trans>}
              </Button>
              <Button
                variant="secondary"
                onClick={() => {
                  setAsking('unlock')
                }}
              >
                {detail.user.user_status === 'locked_out' ? (
                  <Trans>Unlock: send a password reset</Trans>
                ) : (
                  <Trans>Send a password reset</Trans>
                )}
              </Button>
              {admin.superAdmin ? (
                <Button
                  variant="secondary"
                  onClick={() => {
                    setAsking(detail.user.org_super_admin ? 'super-off' : 'super-on')
                  }}
                >
                  {detail.user.org_super_admin ? (
                    <Trans>Remove super admin</Trans>
                  ) : (
                    <Trans>Make super admin</Trans>
                  )}
                </Button>
              ) : null}
            </div>
          </Card>
          <UserGroups detail={detail} />
          <AuditLog target={{ kind: 'user', id: userId }} />
          {mayRemove ? <GdprRemoval detail={detail} /> : null}
        </>
      ) : null}
      {asking !== null ? (
        <ConfirmDialog
          title={questions[asking].title}
          confirmLabel={questions[asking].confirm}
          busy={busy}
          onConfirm={() => void run(asking)}
          onCancel={() => {
            setAsking(null)
          }}
        >
          <p className={styles.muted}>{questions[asking].text}</p>
        </ConfirmDialog>
      ) : null}
    </>
  )
}

function UserFacts({
  detail,
  dateTime,
}: {
  detail: AdminUserDetail
  dateTime: (iso: string | null) => string
}) {
  const { i18n } = useLingui()
  const { user } = detail
  return (
    <Facts
      items={[
        { label: <Trans>Email address</Trans>, value: user.email, ltr: true },
        { label: <Trans>Status</Trans>, value: <UserStatusBadge status={user.user_status} /> },
        { label: <Trans>Role</Trans>, value: i18n._(ROLE_TEXT[detail.role]) },
        {
          label: <Trans>Super admin</Trans>,
          value: user.org_super_admin ? <Trans>Yes</Trans> : <Trans>No</Trans>,
        },
        { label: <Trans>Last sign-in</Trans>, value: dateTime(user.last_login) },
        { label: <Trans>Failed sign-ins</Trans>, value: String(user.failed_logins) },
        { label: <Trans>Created</Trans>, value: dateTime(user.created_at) },
      ]}
    />
  )
}
