import { useEffect, useMemo, useRef, useState, type SyntheticEvent } from 'react'
import { msg } from '@lingui/core/macro'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import {
  ADMIN_USER_SORT_FIELDS,
  DEFAULT_ADMIN_USER_SORT,
  type AdminUserRow,
} from '#contracts/admin.ts'
import { CommonCodes } from '#contracts/errors.ts'
import { lookupUser, userListQuery } from '../../api/admin.api'
import { ApiError } from '../../api/http'
import { ErrorSummary, FormAlert, useFieldErrors, useFormSubmit } from '../../forms'
import { useDataTableText } from '../../i18n/useDataTableText'
import { useOnline } from '../../offline/online-state'
import { queryErrorMessage } from '../../offline/QueryStatus'
import { Alert, Button, Card, LinkButton, PageTitle, TextField } from '../../ui'
import { DataTable, type DataTableColumn, type DataTableSort } from '../../ui/DataTable'
import { SearchForm } from '../../ui/SearchForm'
import { useSearchForm } from '../../ui/useSearchForm'
import { listStatus, useAdmin, useDateTime, USER_STATUS_TEXT, UserStatusBadge } from './shared'
import styles from './Admin.module.css'

const SORTABLE = new Set<string>(ADMIN_USER_SORT_FIELDS)
const sortOf = (text: string): DataTableSort =>
  text.startsWith('-') ? { id: text.slice(1), desc: true } : { id: text, desc: false }

/**
 * Seeds 001 §3 users (issue 25): the organisation's users, by email descending unless the reader
 * sorts otherwise; search; a user's page; find one by email (EMAIL_NOT_FOUND); create users.
 */
export function UsersPage() {
  const { t, i18n } = useLingui()
  const admin = useAdmin()
  const online = useOnline()
  const { labels, encodeCsv } = useDataTableText()
  const dateTime = useDateTime()
  const form = useSearchForm()
  const [sort, setSort] = useState<DataTableSort | null>(sortOf(DEFAULT_ADMIN_USER_SORT))
  const [page, setPage] = useState(1)
  const sortText = sort === null ? DEFAULT_ADMIN_USER_SORT : sort.desc ? `-${sort.id}` : sort.id
  const query = useQuery(userListQuery(admin.panelId, { search: form.query, sort: sortText, page }))

  const { status: formStatus, loaded, failed } = form
  useEffect(() => {
    if (formStatus !== 'loading' || query.isFetching) return
    if (query.isError) failed()
    else loaded()
  }, [formStatus, query.isFetching, query.isError, loaded, failed])

  const columns = useMemo((): DataTableColumn<AdminUserRow>[] => {
    const all: DataTableColumn<AdminUserRow>[] = [
      {
        id: 'email',
        header: t`Email address`,
        card: 'title',
        sortable: true,
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
        sortable: true,
        cell: (row) => row.first_name,
        csv: (row) => row.first_name,
      },
      {
        id: 'last_name',
        header: t`Last name`,
        sortable: true,
        cell: (row) => row.last_name,
        csv: (row) => row.last_name,
      },
      {
        id: 'user_status',
        header: t`Status`,
        cell: (row) => <UserStatusBadge status={row.user_status} />,
        csv: (row) => i18n._(USER_STATUS_TEXT[row.user_status]),
      },
      {
        id: 'last_login',
        header: t`Last sign-in`,
        sortable: true,
        cell: (row) => dateTime(row.last_login),
        csv: (row) => row.last_login,
      },
      {
        id: 'created_at',
        header: t`Created`,
        sortable: true,
        cell: (row) => dateTime(row.created_at),
        csv: (row) => row.created_at,
        hiddenByDefault: true,
      },
      {
        id: 'id',
        header: t`User id`,
        sortable: true,
        cell: (row) => String(row.id),
        csv: (row) => row.id,
        hiddenByDefault: true,
      },
    ]
    return all.map((column) => ({ ...column, sortable: SORTABLE.has(column.id) }))
  }, [t, i18n, dateTime])

  const pagination = query.data?.meta.pagination
  const status = listStatus(query, online)

  return (
    <>
      <PageTitle documentTitle={t`Users`}>
        <Trans>Users</Trans>
      </PageTitle>
      <div className={styles.actions}>
        <LinkButton to="/admin/users/new">
          <Trans>Create a user</Trans>
        </LinkButton>
      </div>
      <SearchForm form={form} label={t`Search users`} submitLabel={t`Search`} />
      {form.query !== '' ? (
        <div className={styles.row}>
          <Button
            variant="text"
            onClick={() => {
              form.clear()
              setPage(1)
            }}
          >
            <Trans>Show all users</Trans>
          </Button>
        </div>
      ) : null}
      {!online && query.data !== undefined ? (
        <Alert variant="info">
          <Trans>You are offline: this is the list as last loaded.</Trans>
        </Alert>
      ) : null}
      <DataTable
        caption={t`Users`}
        captionHidden
        columns={columns}
        rows={query.data?.data ?? []}
        rowKey={(row) => String(row.id)}
        labels={labels}
        sort={sort}
        onSortChange={(next) => {
          setSort(next)
          setPage(1)
        }}
        status={status}
        busy={query.isFetching}
        summary={
          status === 'ready' ? (
            <Plural value={pagination?.total ?? 0} one="# user" other="# users" />
          ) : undefined
        }
        empty={
          <p className={styles.muted}>
            {form.query !== '' ? (
              <Trans>No user matches this search.</Trans>
            ) : (
              <Trans>This organisation has no users yet.</Trans>
            )}
          </p>
        }
        error={i18n._(queryErrorMessage(query.error))}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
        pages={
          pagination && pagination.total_pages > 1
            ? {
                page: pagination.current_page,
                pageCount: pagination.total_pages,
                onPageChange: setPage,
              }
            : undefined
        }
        columnChoice
        csv={{ fileName: `users-${String(admin.panelId)}.csv`, encode: encodeCsv }}
      />
      <LookupForm />
    </>
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
