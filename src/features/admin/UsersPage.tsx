import { useMemo, useRef, useState, type SyntheticEvent } from 'react'
import { msg } from '@lingui/core/macro'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import {
  ADMIN_USER_SORT_FIELDS,
  DEFAULT_ADMIN_USER_SORT,
  type AdminUserRow,
} from '#contracts/admin.ts'
import { CommonCodes } from '#contracts/errors.ts'
import { lookupUser, userListQuery } from '../../api/admin.api'
import { ApiError } from '../../api/http'
import { ErrorSummary, FormAlert, useFieldErrors, useFormSubmit } from '../../forms'
import { Button, Card, LinkButton, TextField } from '../../ui'
import type { DataTableColumn } from '../../ui/DataTable'
import { AdminList, useAdminList } from './AdminList'
import {
  useAdmin,
  useDateTime,
  USER_STATUS_TEXT,
  UserStatusBadge,
  useUserNameColumns,
} from './shared'
import styles from './Admin.module.css'

/**
 * Seeds 001 §3 users (issue 25): the organisation's users, by email descending unless the reader
 * sorts otherwise; search; a user's page; find one by email (EMAIL_NOT_FOUND); create users.
 */
export function UsersPage() {
  const { t, i18n } = useLingui()
  const admin = useAdmin()
  const dateTime = useDateTime()
  const list = useAdminList(DEFAULT_ADMIN_USER_SORT)
  const query = useQuery(
    userListQuery(admin.panelId, { search: list.form.query, sort: list.sortText, page: list.page }),
  )

  const nameColumns = useUserNameColumns<AdminUserRow>()
  const columns = useMemo(
    (): DataTableColumn<AdminUserRow>[] => [
      ...nameColumns,
      {
        id: 'user_status',
        header: t`Status`,
        cell: (row) => <UserStatusBadge status={row.user_status} />,
        csv: (row) => i18n._(USER_STATUS_TEXT[row.user_status]),
      },
      {
        id: 'last_login',
        header: t`Last sign-in`,
        cell: (row) => dateTime(row.last_login),
        csv: (row) => row.last_login,
      },
      {
        id: 'created_at',
        header: t`Created`,
        cell: (row) => dateTime(row.created_at),
        csv: (row) => row.created_at,
        hiddenByDefault: true,
      },
      {
        id: 'id',
        header: t`User id`,
        cell: (row) => String(row.id),
        csv: (row) => row.id,
        hiddenByDefault: true,
      },
    ],
    [t, i18n, dateTime, nameColumns],
  )

  return (
    <AdminList
      list={list}
      query={query}
      title={t`Users`}
      actions={
        <div className={styles.actions}>
          <LinkButton to="/admin/users/new">
            <Trans>Create a user</Trans>
          </LinkButton>
        </div>
      }
      searchLabel={t`Search users`}
      showAll={<Trans>Show all users</Trans>}
      caption={t`Users`}
      columns={columns}
      sortFields={ADMIN_USER_SORT_FIELDS}
      rowKey={(row) => String(row.id)}
      summary={(total) => <Plural value={total} one="# user" other="# users" />}
      empty={{
        search: <Trans>No user matches this search.</Trans>,
        none: <Trans>This organisation has no users yet.</Trans>,
      }}
      csvFileName={`users-${String(admin.panelId)}.csv`}
    >
      <LookupForm />
    </AdminList>
  )
}

const LOOKUP_FIELDS = { email: { noun: msg`email address`, control: 'lookup-email' } }

/** Seeds 001 §8: find a user of the organisation by exact email; EMAIL_NOT_FOUND when none. */
function LookupForm() {
  const { t } = useLingui()
  const admin = useAdmin()
  const navigate = useNavigate()
  const formRef = useRef<HTMLFormElement>(null)
  const [email, setEmail] = useState('')
  const form = useFormSubmit<'email'>({ formRef })
  const { errorFor, summary } = useFieldErrors(LOOKUP_FIELDS, form.codes)

  const handleSubmit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault()
    const value = email.trim()
    await form.submit({
      local: value === '' ? { email: 'MISSING' } : {},
      send: async () => {
        try {
          const user = await lookupUser(admin.panelId, value)
          await navigate({ to: '/admin/user/$userId', params: { userId: String(user.id) } })
        } catch (error) {
          // Seeds 001 §8 EMAIL_NOT_FOUND: said under the field, like any field's refusal.
          if (error instanceof ApiError && error.code === CommonCodes.EMAIL_NOT_FOUND) {
            throw new ApiError(error.status, error.code, { errors: { email: ['NOT_FOUND'] } })
          }
          throw error
        }
      },
      fieldOf: (name) => (name === 'email' ? 'email' : null),
    })
  }

  return (
    <Card>
      <form ref={formRef} className={styles.form} noValidate onSubmit={(e) => void handleSubmit(e)}>
        <h2 className={styles.heading}>
          <Trans>Find a user by email address</Trans>
        </h2>
        {form.offline ? (
          <FormAlert variant="warning" title={<Trans>You are offline</Trans>}>
            <Trans>Finding a user needs an internet connection.</Trans>
          </FormAlert>
        ) : null}
        {form.failure?.kind === 'other' ? (
          <FormAlert variant="error" title={<Trans>The search could not be made</Trans>}>
            <Trans>Something went wrong. Please try again.</Trans>
          </FormAlert>
        ) : null}
        <ErrorSummary items={summary} formRef={formRef} />
        <TextField
          label={<Trans>Email address</Trans>}
          name="lookup-email"
          type="email"
          autoComplete="off"
          value={email}
          error={errorFor('email')}
          onChange={(event) => {
            setEmail(event.target.value)
            form.edited('email')
          }}
        />
        <div className={styles.actions}>
          <Button type="submit" variant="secondary" loading={form.submitting}>
            {t`Find`}
          </Button>
        </div>
      </form>
    </Card>
  )
}
