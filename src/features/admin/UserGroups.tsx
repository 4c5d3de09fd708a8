import { useEffect, useRef, useState, type SyntheticEvent } from 'react'
import { msg } from '@lingui/core/macro'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query'
import {
  DEFAULT_DATA_SUBSCRIPTION_SORT,
  type AdminUserDetail,
  type DataSubscriptionFeature,
} from '#contracts/admin.ts'
import { CommonCodes } from '#contracts/errors.ts'
import { adminKeys } from '../../api/admin.api'
import { auditKeys } from '../../api/admin-audit.api'
import { addGroupMember, removeGroupMember } from '../../api/admin-groups.api'
import {
  dataSubKeys,
  dataSubListQuery,
  isUserMigrated,
  seatsExceededOf,
  subGroupsQuery,
} from '../../api/admin-subs.api'
import { ApiError, NetworkError } from '../../api/http'
import { ErrorSummary, FormAlert, useFieldErrors, useFormSubmit } from '../../forms'
import { numberFormat } from '../../lib/number-format'
import { Alert, Button, Card, SelectField, TextField, useToast } from '../../ui'
import { ConfirmDialog } from '../../ui'
import { FEATURE_TEXT } from './data-subs'
import { useAdmin } from './shared'
import styles from './Admin.module.css'

type Group = AdminUserDetail['groups'][number]

/** How long the group search waits after the last key before asking the server. */
const GROUP_SEARCH_DELAY_MS = 300
type AddField = 'subscription' | 'group'

const ADD_FIELDS = {
  subscription: { noun: msg`data subscription`, control: 'group-subscription' },
  group: { noun: msg`group`, control: 'group-id' },
}

/** What a refused membership change means to the admin (seeds 001 §6, §8). */
function useMembershipError(): (error: unknown) => string {
  const { t, i18n } = useLingui()
  return (error) => {
    if (error instanceof NetworkError) {
      return t`You are offline: groups can be changed once you are back online.`
    }
    if (isUserMigrated(error)) {
      return t`This account has moved to another platform: it cannot be in a data subscription’s groups.`
    }
    const over = seatsExceededOf(error)
    if (over !== null) {
      const names = over
        .map((f) => (f in FEATURE_TEXT ? i18n._(FEATURE_TEXT[f as DataSubscriptionFeature]) : f))
        .join(', ')
      return over.length === 0
        ? t`A feature of this group has no seats left.`
        : t`No seats left for: ${names}. Free a seat or give the subscription more.`
    }
    if (error instanceof ApiError && error.code === CommonCodes.NOT_FOUND) {
      return t`That group or user is no longer there. Reload the page and try again.`
    }
    return t`The groups could not be changed. Try again.`
  }
}

/**
 * Seeds 001 §3 user page, groups (issue 25): the groups of the panel's data subscriptions the
 * user is in; add them to one (choose the subscription, then the group) or remove them from one
 * (confirmed). Each change is audit-logged by the server.
 */
export function UserGroups({ detail }: { detail: AdminUserDetail }) {
  const { t } = useLingui()
  const admin = useAdmin()
  const queryClient = useQueryClient()
  const toast = useToast()
  const errorText = useMembershipError()
  const [removing, setRemoving] = useState<Group | null>(null)
  const [busy, setBusy] = useState(false)
  const userId = detail.user.id
  const removingName = removing?.name ?? ''

  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: adminKeys.user(admin.panelId, userId) })
    void queryClient.invalidateQueries({ queryKey: dataSubKeys.all(admin.panelId) })
    void queryClient.invalidateQueries({
      queryKey: auditKeys.of(admin.panelId, { kind: 'user', id: userId }),
    })
  }

  const remove = async (group: Group) => {
    setBusy(true)
    try {
      await removeGroupMember(admin.panelId, {
        dataSubId: group.data_subscription.id,
        groupId: group.id,
        userId,
      })
      await refresh()
      const name = group.name
      toast.show({ message: t`Removed from “${name}”.` })
    } catch (error) {
      toast.show({ variant: 'error', message: errorText(error) })
    } finally {
      setBusy(false)
      setRemoving(null)
    }
  }

  return (
    <Card>
      <h2 className={styles.heading}>
        <Trans>Groups</Trans>
      </h2>
      {detail.groups.length === 0 ? (
        <p className={styles.muted}>
          <Trans>Not in any group of this panel’s data subscriptions.</Trans>
        </p>
      ) : (
        <ul className={styles.memberships} aria-label={t`Groups of this user`}>
          {detail.groups.map((group) => {
            const name = group.name
            return (
              <li key={group.id} className={styles.membership}>
                <span>
                  <span className={styles.membershipName} dir="auto">
                    {name}
                  </span>{' '}
                  <span className={styles.muted} dir="auto">
                    {group.data_subscription.name}
                  </span>
                </span>
                <Button
                  variant="text"
                  aria-label={t`Remove from “${name}”`}
                  onClick={() => {
                    setRemoving(group)
                  }}
                >
                  <Trans>Remove</Trans>
                </Button>
              </li>
            )
          })}
        </ul>
      )}
      <AddToGroup detail={detail} onAdded={refresh} errorText={errorText} />
      {removing !== null ? (
        <ConfirmDialog
          title={<Trans>Remove from this group?</Trans>}
          confirmLabel={<Trans>Remove</Trans>}
          busy={busy}
          onConfirm={() => void remove(removing)}
          onCancel={() => {
            setRemoving(null)
          }}
        >
          <p className={styles.muted}>
            <Trans>
              They lose the features “{removingName}” gives, unless another of their groups gives
              them too.
            </Trans>
          </p>
        </ConfirmDialog>
      ) : null}
    </Card>
  )
}

/** Adds the user to a group: the panel's data subscriptions, then that subscription's groups. */
function AddToGroup({
  detail,
  onAdded,
  errorText,
}: {
  detail: AdminUserDetail
  onAdded: () => Promise<void>
  errorText: (error: unknown) => string
}) {
  const { t, i18n } = useLingui()
  const admin = useAdmin()
  const toast = useToast()
  const formRef = useRef<HTMLFormElement>(null)
  const [chosenSub, setChosenSub] = useState<number | null>(null)
  const [groupId, setGroupId] = useState('')
  const [refusal, setRefusal] = useState<string | null>(null)
  const form = useFormSubmit<AddField>({ formRef })
  const { errorFor, summary } = useFieldErrors(ADD_FIELDS, form.codes)
  const subs = useQuery(
    dataSubListQuery(admin.panelId, { search: '', sort: DEFAULT_DATA_SUBSCRIPTION_SORT, page: 1 }),
  )
  const subscriptions = subs.data?.data ?? []
  const subId = chosenSub ?? subscriptions[0]?.id ?? null
  // Every group of the subscription can be reached (issue 25: not only the first page): the
  // server searches the names as typed, and "show more" loads the next page of the answer.
  const [groupSearch, setGroupSearch] = useState('')
  const [groupQuery, setGroupQuery] = useState('')
  const [pageCount, setPageCount] = useState(1)
  useEffect(() => {
    const query = groupSearch.trim()
    if (query === groupQuery) return
    const timer = setTimeout(() => {
      setGroupQuery(query)
      setPageCount(1)
      setGroupId('')
    }, GROUP_SEARCH_DELAY_MS)
    return () => {
      clearTimeout(timer)
    }
  }, [groupSearch, groupQuery])
  const groupPages = useQueries({
    queries: Array.from({ length: pageCount }, (_, index) => ({
      ...subGroupsQuery(admin.panelId, subId ?? 0, {
        search: groupQuery,
        sort: 'name',
        page: index + 1,
      }),
      enabled: subId !== null,
    })),
  })
  const loadedPages = groupPages.flatMap((result) => (result.data ? [result.data] : []))
  const groups = {
    data: groupPages[0]?.data,
    loadingMore: groupPages.some((result) => result.isFetching),
    pagination: loadedPages.at(-1)?.meta.pagination,
  }
  const member = new Set(detail.groups.map((group) => group.id))
  const seen = new Set<number>()
  const open = loadedPages
    .flatMap((page) => page.data)
    .filter((group) => {
      if (member.has(group.id) || seen.has(group.id)) return false
      seen.add(group.id)
      return true
    })
  // In the reader's digits, as the plural's own # is.
  const loaded = numberFormat(i18n.locale).format(
    loadedPages.reduce((sum, page) => sum + page.data.length, 0),
  )
  const groupTotal = groups.pagination?.total ?? 0
  const moreGroups =
    groups.pagination !== undefined &&
    groups.pagination.current_page < groups.pagination.total_pages

  if (subs.isError && isUserMigrated(subs.error)) {
    return <Alert variant="info">{errorText(subs.error)}</Alert>
  }
  if (subs.data !== undefined && subscriptions.length === 0) {
    return (
      <p className={styles.muted}>
        <Trans>This panel has no data subscriptions, so there are no groups to add to.</Trans>
      </p>
    )
  }

  const handleSubmit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault()
    setRefusal(null)
    const group = open.find((g) => String(g.id) === groupId)
    const outcome = await form.submit({
      local: subId === null ? { subscription: 'MISSING' } : group ? {} : { group: 'MISSING' },
      send: async () => {
        if (subId === null || !group) return
        try {
          await addGroupMember(admin.panelId, {
            dataSubId: subId,
            groupId: group.id,
            userId: detail.user.id,
          })
        } catch (error) {
          setRefusal(errorText(error))
          throw error
        }
        await onAdded()
      },
      fieldOf: () => null,
    })
    if (outcome.status === 'sent' && group) {
      setGroupId('')
      const name = group.name
      toast.show({ message: t`Added to “${name}”.` })
    }
  }

  return (
    <form
      ref={formRef}
      className={styles.form}
      noValidate
      aria-label={t`Add to a group`}
      onSubmit={(e) => void handleSubmit(e)}
    >
      <h3 className={styles.subheading}>
        <Trans>Add to a group</Trans>
      </h3>
      {form.offline ? (
        <FormAlert variant="warning" title={<Trans>You are offline</Trans>}>
          <Trans>Changing groups needs an internet connection.</Trans>
        </FormAlert>
      ) : null}
      {form.failure?.kind === 'other' ? (
        <FormAlert variant="error" title={<Trans>The user was not added</Trans>}>
          {refusal ?? <Trans>Something went wrong. Please try again.</Trans>}
        </FormAlert>
      ) : null}
      <ErrorSummary items={summary} formRef={formRef} />
      {subscriptions.length > 1 ? (
        <SelectField
          label={<Trans>Data subscription</Trans>}
          name="group-subscription"
          value={subId === null ? '' : String(subId)}
          error={errorFor('subscription')}
          onChange={(event) => {
            setChosenSub(Number(event.target.value))
            setGroupId('')
            setPageCount(1)
            form.edited('subscription', 'group')
          }}
        >
          {subscriptions.map((sub) => (
            <option key={sub.id} value={String(sub.id)}>
              {sub.name}
            </option>
          ))}
        </SelectField>
      ) : null}
      <TextField
        type="search"
        label={<Trans>Find a group</Trans>}
        name="group-search"
        hint={
          <Trans>Type part of a group’s name: the list below shows the groups that match.</Trans>
        }
        autoComplete="off"
        value={groupSearch}
        disabled={subId === null}
        onChange={(event) => {
          setGroupSearch(event.target.value)
        }}
        onKeyDown={(event) => {
          // Enter searches at once instead of submitting the add form.
          if (event.key !== 'Enter') return
          event.preventDefault()
          setGroupQuery(groupSearch.trim())
          setPageCount(1)
          setGroupId('')
        }}
      />
      <SelectField
        label={<Trans>Group</Trans>}
        name="group-id"
        value={groupId}
        disabled={subId === null || groups.data === undefined}
        error={errorFor('group')}
        hint={
          groups.data !== undefined && open.length === 0 && !moreGroups ? (
            groupQuery === '' ? (
              <Trans>The user is in every group of this data subscription.</Trans>
            ) : (
              <Trans>No group the user is not already in matches this search.</Trans>
            )
          ) : undefined
        }
        onChange={(event) => {
          setGroupId(event.target.value)
          form.edited('group')
        }}
      >
        <option value="">{t`Choose a group`}</option>
        {open.map((group) => (
          <option key={group.id} value={String(group.id)}>
            {group.name}
          </option>
        ))}
      </SelectField>
      {groups.pagination !== undefined ? (
        <div className={styles.row}>
          <p className={styles.muted} role="status">
            <Plural
              value={groupTotal}
              one={`${loaded} of # group loaded`}
              other={`${loaded} of # groups loaded`}
            />
          </p>
          {moreGroups ? (
            <Button
              type="button"
              variant="text"
              loading={groups.loadingMore}
              onClick={() => {
                setPageCount((count) => count + 1)
              }}
            >
              <Trans>Show more groups</Trans>
            </Button>
          ) : null}
        </div>
      ) : null}
      <div className={styles.actions}>
        <Button type="submit" variant="secondary" loading={form.submitting}>
          <Trans>Add to the group</Trans>
        </Button>
      </div>
    </form>
  )
}
