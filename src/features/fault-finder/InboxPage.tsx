import { useEffect, useEffectEvent, useId, useMemo, useRef, useState } from 'react'
import { plural } from '@lingui/core/macro'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import {
  useInfiniteQuery,
  useQueryClient,
  type UseInfiniteQueryResult,
} from '@tanstack/react-query'
import { CLOSED_LIST_DAYS, type InboxTab } from '#contracts/anomalies.ts'
import {
  inboxQueryOptions,
  keepFirstPage,
  type InboxListParams,
  type InboxPages,
} from '../../api/anomaly.api'
import { numberFormat } from '../../lib/number-format'
import { DataAge } from '../../offline/DataAge'
import { useOnline } from '../../offline/online-state'
import { queryErrorMessage } from '../../offline/QueryStatus'
import { activePanelId, useSession } from '../../session'
import { Alert, Button, PageTitle, SearchField, Spinner } from '../../ui'
import { TabLink, TabNav } from '../../ui/TabNav'
import { useDebouncedValue } from '../../ui/useDebouncedValue'
import { CollectionCard } from './CollectionCard'
import { BetaNotice, FaultFinderCtas } from './FaultFinderNotices'
import { SEARCH_DELAY_MS } from './inbox-search'
import styles from './FaultFinder.module.css'

export type InboxPageProps = {
  tab: InboxTab
  /** The search in the address (`q`). */
  search: string
  onSearchChange: (search: string) => void
}

/**
 * /fault-finder/{state} (seeds 001 §2.3, §4): the anomaly inbox of the selected panel, its active
 * (new and ongoing) and closed (last 30 days) collections newest first, searchable by hub site,
 * CMTS, MAC domain or metric, 20 at a time with "load more". Opened online once, it opens offline
 * from the device with the age of what it shows.
 */
export function InboxPage({ tab, search, onSearchChange }: InboxPageProps) {
  const { t } = useLingui()
  const session = useSession()
  const panelId = session ? activePanelId(session) : null
  const panelName =
    session?.accessibles.apollo.find((panel) => panel.pid === panelId)?.front_name ?? null
  const title = t`Fault finder`
  const kept = search === '' ? {} : { q: search }
  return (
    <div className={styles.page}>
      <PageTitle documentTitle={title}>{title}</PageTitle>
      <p className={styles.lead}>
        {panelName === null ? (
          <Trans>Anomalies found in your units’ results, gathered by area.</Trans>
        ) : (
          <Trans>Anomalies found in the results of {panelName}, gathered by area.</Trans>
        )}
      </p>
      <BetaNotice />
      <TabNav label={t`Anomaly inbox`} fill>
        <TabLink to="/fault-finder/$state" params={{ state: 'active' }} search={kept}>
          <Trans context="anomaly inbox tab">Active</Trans>
        </TabLink>
        <TabLink to="/fault-finder/$state" params={{ state: 'closed' }} search={kept}>
          <Trans context="anomaly inbox tab">Closed</Trans>
        </TabLink>
      </TabNav>
      <InboxSearch search={search} onSearchChange={onSearchChange} />
      {panelId === null ? (
        <Alert variant="info" title={<Trans>No panel chosen</Trans>}>
          <Trans>Choose a panel in the panel picker to see its anomalies.</Trans>
        </Alert>
      ) : (
        <InboxList params={{ panelId, tab, search: search.trim() }} />
      )}
      <FaultFinderCtas />
    </div>
  )
}

/**
 * The search field: what is typed is searched once typing pauses (or at once on Search); the
 * address's search, when it changes otherwise (Back), is shown in the field.
 */
function InboxSearch({
  search,
  onSearchChange,
}: {
  search: string
  onSearchChange: (search: string) => void
}) {
  const { t } = useLingui()
  const [term, setTerm] = useState(search)
  const settled = useDebouncedValue(term, SEARCH_DELAY_MS)
  const [shown, setShown] = useState(search)
  if (shown !== search) {
    setShown(search)
    // Our own search (what settled, or was submitted) leaves the field alone: the user may
    // have typed on since. Any other (Back, a link) is shown in it.
    if (search !== settled.trim() && search !== term.trim()) setTerm(search)
  }
  const searchSettled = useEffectEvent((next: string) => {
    if (next !== search) onSearchChange(next)
  })
  useEffect(() => {
    searchSettled(settled.trim())
  }, [settled])
  return (
    <SearchField
      label={t`Search anomalies`}
      hint={t`Hub site, CMTS, MAC domain or metric`}
      value={term}
      onValueChange={(value) => {
        setTerm(value)
        if (value.trim() === '' && search !== '') onSearchChange('')
      }}
      onSearch={(value) => {
        if (value !== search) onSearchChange(value)
      }}
      trim
      submitLabel={t`Search`}
      clearLabel={t`Clear the search`}
    />
  )
}

const sameList = (a: InboxListParams, b: InboxListParams) =>
  a.panelId === b.panelId && a.tab === b.tab && a.search === b.search

/** A list's collections, total and whether more pages are left. */
function summarise(pages: InboxPages | undefined) {
  const last = pages?.pages.at(-1)
  return {
    collections: pages?.pages.flatMap((page) => page.data) ?? [],
    total: last?.meta.pagination.total ?? 0,
  }
}

function InboxList({ params: given }: { params: InboxListParams }) {
  const { i18n, t } = useLingui()
  const queryClient = useQueryClient()
  const online = useOnline()
  const titleId = useId()
  const { panelId, tab, search } = given
  const params = useMemo(() => ({ panelId, tab, search }), [panelId, tab, search])
  const query = useInfiniteQuery(inboxQueryOptions(params))

  // Seeds 001 §4: each change of tab, search or panel starts again at page 1. The list left keeps
  // its first page only (its request, if one was running, is cancelled and ignored).
  const shownList = useRef(params)
  useEffect(() => {
    const left = shownList.current
    shownList.current = params
    if (!sameList(left, params)) void keepFirstPage(queryClient, left)
  }, [queryClient, params])

  const { collections, total } = summarise(query.data)
  const shown = numberFormat(i18n.locale).format(collections.length)
  const loaded = query.data !== undefined
  const nextPageFailed = query.isFetchNextPageError
  const refreshFailed = loaded && query.isError && !nextPageFailed
  // One live region, there before the list changes, says what the list holds now.
  const status = !loaded
    ? query.fetchStatus === 'fetching'
      ? t`Loading anomalies…`
      : ''
    : total === 0
      ? t`No collections`
      : t`Showing ${shown} of ${plural(total, { one: '# collection', other: '# collections' })}`
  return (
    <section className={styles.section} aria-labelledby={titleId} aria-busy={query.isFetching}>
      <h2 id={titleId} className="wb-visually-hidden">
        {tab === 'active' ? <Trans>Active collections</Trans> : <Trans>Closed collections</Trans>}
      </h2>
      <div className={styles.listHead}>
        <p className={styles.count} aria-live="polite">
          {status}
        </p>
        {loaded ? (
          <DataAge updatedAt={query.dataUpdatedAt} fresh={!query.isStale} always={refreshFailed} />
        ) : null}
      </div>
      {!loaded ? (
        <ListWaiting query={query} />
      ) : (
        <>
          {refreshFailed ? (
            <div className={styles.state}>
              <Alert variant="warning" title={<Trans>The inbox could not be refreshed</Trans>}>
                {i18n._(queryErrorMessage(query.error))}
              </Alert>
              <Button
                variant="secondary"
                loading={query.isRefetching}
                onClick={() => {
                  void query.refetch()
                }}
              >
                <Trans>Retry</Trans>
              </Button>
            </div>
          ) : null}
          {collections.length === 0 ? (
            <EmptyInbox tab={tab} search={search} />
          ) : (
            <ul className={styles.list}>
              {collections.map((collection) => (
                <CollectionCard key={collection.id} collection={collection} />
              ))}
            </ul>
          )}
          {nextPageFailed ? (
            <Alert variant="warning" title={<Trans>More collections could not be loaded</Trans>}>
              {i18n._(queryErrorMessage(query.error))}
            </Alert>
          ) : null}
          {query.hasNextPage ? (
            <div className={styles.more}>
              <Button
                variant="secondary"
                loading={query.isFetchingNextPage}
                disabled={!online}
                onClick={() => {
                  void query.fetchNextPage()
                }}
              >
                {nextPageFailed ? <Trans>Try loading more again</Trans> : <Trans>Load more</Trans>}
              </Button>
              {online ? null : (
                <p className={styles.muted}>
                  <Trans>More can be loaded when you are back online.</Trans>
                </p>
              )}
            </div>
          ) : null}
        </>
      )}
    </section>
  )
}

/**
 * Before there is a list to show: loading; offline with nothing on the device; failed (Retry).
 * A request that was cancelled (the list changed meanwhile) is no failure: the query drops it.
 */
function ListWaiting({ query }: { query: UseInfiniteQueryResult<InboxPages> }) {
  const { i18n } = useLingui()
  if (query.fetchStatus === 'paused') {
    return (
      <div className={styles.state}>
        <Alert variant="warning" title={<Trans>This inbox is not saved on this device</Trans>}>
          <Trans>
            You are offline, and this list was not opened here while online. It loads when you are
            back online.
          </Trans>
        </Alert>
      </div>
    )
  }
  if (query.status === 'error') {
    return (
      <div className={styles.state}>
        <Alert variant="error" title={<Trans>The inbox could not be loaded</Trans>}>
          {i18n._(queryErrorMessage(query.error))}
        </Alert>
        <Button
          variant="secondary"
          loading={query.isFetching}
          onClick={() => {
            void query.refetch()
          }}
        >
          <Trans>Retry</Trans>
        </Button>
      </div>
    )
  }
  return (
    <div className={styles.loading}>
      <Spinner />
    </div>
  )
}

/** Nothing to list: no match for the search, or none active, or none closed lately. */
function EmptyInbox({ tab, search }: { tab: InboxTab; search: string }) {
  const days = CLOSED_LIST_DAYS
  if (search !== '') {
    return (
      <div className={styles.empty}>
        <p className={styles.emptyTitle}>
          <Trans>No collections match “{search}”</Trans>
        </p>
        <p className={styles.emptyText}>
          <Trans>Search by hub site, CMTS name, MAC domain or metric, such as “download”.</Trans>
        </p>
      </div>
    )
  }
  return tab === 'active' ? (
    <div className={styles.empty}>
      <p className={styles.emptyTitle}>
        <Trans>No anomalies right now</Trans>
      </p>
      <p className={styles.emptyText}>
        <Trans>
          The detector looks at your units’ results every day. When an area’s results go wrong, it
          shows up here.
        </Trans>
      </p>
    </div>
  ) : (
    <div className={styles.empty}>
      <p className={styles.emptyTitle}>
        <Plural
          value={days}
          one="Nothing closed in the last # day"
          other="Nothing closed in the last # days"
        />
      </p>
      <p className={styles.emptyText}>
        <Trans>Collections appear here once none of their anomalies is seen any more.</Trans>
      </p>
    </div>
  )
}
