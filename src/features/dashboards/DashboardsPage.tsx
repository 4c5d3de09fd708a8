import { useMemo, useState } from 'react'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import type { Dashboard, DashboardSummary, DashboardType } from '#contracts/dashboards.ts'
import {
  dashboardKeys,
  dashboardListQuery,
  dashboardQuery,
  deleteDashboard,
  updateDashboard,
} from '../../api/dashboards.api'
import { useOnline } from '../../offline/online-state'
import { QueryStatus } from '../../offline/QueryStatus'
import { useSession } from '../../session'
import {
  Alert,
  Button,
  Checkbox,
  ConfirmDialog,
  LinkButton,
  PageTitle,
  useToast,
  cardClassName,
} from '../../ui'
import { NewDashboardDialog } from './NewDashboardDialog'
import styles from './Dashboards.module.css'

type Owners = { ownerId: number; organisationOwnerId: number | null }

/** What the list says, by kind: dashboards (warboards) or reports. */
function useListText(type: DashboardType) {
  const { t } = useLingui()
  return type === 'warboard'
    ? {
        title: t`Dashboards`,
        create: t`New dashboard`,
        lead: t`Put up to six saved charts side by side. Open a dashboard to add charts from your presets.`,
        offline: t`You are offline: dashboards saved on this device open, but cannot be changed.`,
        signInAgain: t`Sign out and in again to see your dashboards.`,
        emptyMine: t`You have no dashboards yet. Create one, then add charts from your presets.`,
        emptyShared: t`No dashboards are shared with your organisation yet.`,
      }
    : {
        title: t`Reports`,
        create: t`New report`,
        lead: t`Headings, text and saved charts in one document to read, print or share.`,
        offline: t`You are offline: reports saved on this device open, but cannot be changed.`,
        signInAgain: t`Sign out and in again to see your reports.`,
        emptyMine: t`You have no reports yet. Write one from your saved charts.`,
        emptyShared: t`No reports are shared with your organisation yet.`,
      }
}

/**
 * /dashboards and /reports (seeds 001 §2.2): the caller's private dashboards (or reports) and
 * their organisation's, with create, delete (confirmed) and the public/private toggle, which moves
 * one between the two owners. Both lists open offline from the device; changes need a connection.
 */
export function DashboardsPage({ type = 'warboard' }: { type?: DashboardType }) {
  const { t } = useLingui()
  const text = useListText(type)
  const session = useSession()
  const navigate = useNavigate()
  const online = useOnline()
  const [creating, setCreating] = useState(false)
  const ownerId = session?.ownerId ?? null
  const organisationOwnerId = session?.organisationOwnerId ?? null
  const mine = useQuery({ ...dashboardListQuery(ownerId ?? 0, type), enabled: ownerId !== null })
  const shared = useQuery({
    ...dashboardListQuery(organisationOwnerId ?? 0, type),
    enabled: organisationOwnerId !== null,
  })

  if (ownerId === null) {
    return (
      <div className={styles.page}>
        <PageTitle documentTitle={text.title}>{text.title}</PageTitle>
        <Alert variant="info">{text.signInAgain}</Alert>
      </div>
    )
  }
  const owners: Owners = { ownerId, organisationOwnerId }
  return (
    <div className={styles.page}>
      <div className={styles.titleRow}>
        <PageTitle documentTitle={text.title}>{text.title}</PageTitle>
        {type === 'warboard' ? (
          <Button
            type="button"
            onClick={() => {
              setCreating(true)
            }}
          >
            {text.create}
          </Button>
        ) : (
          // A report cannot be saved empty (NO_CONTENTS): it is written first, then saved.
          <LinkButton to="/report/new" variant="primary">
            {text.create}
          </LinkButton>
        )}
      </div>
      <p className={styles.lead}>{text.lead}</p>
      {online ? null : <Alert variant="info">{text.offline}</Alert>}
      <DashboardSection title={t`Yours`} empty={text.emptyMine} query={mine} owners={owners} />
      {organisationOwnerId === null ? null : (
        <DashboardSection
          title={t`Shared with your organisation`}
          empty={text.emptyShared}
          query={shared}
          owners={owners}
        />
      )}
      {creating ? (
        <NewDashboardDialog
          ownerId={ownerId}
          organisationOwnerId={organisationOwnerId}
          onClose={() => {
            setCreating(false)
          }}
          onCreated={(dashboard) => {
            setCreating(false)
            void navigate({
              to: '/dashboard/$dashboardId',
              params: { dashboardId: String(dashboard.id) },
              search: { edit: true },
            })
          }}
        />
      ) : null}
    </div>
  )
}

function DashboardSection({
  title,
  empty,
  query,
  owners,
}: {
  title: string
  empty: string
  query: UseQueryResult<DashboardSummary[]>
  owners: Owners
}) {
  return (
    <section className={styles.section} aria-label={title}>
      <h2 className={styles.sectionTitle}>{title}</h2>
      <QueryStatus
        query={query}
        isEmpty={(list) => list.length === 0}
        empty={<p className={styles.muted}>{empty}</p>}
      >
        {(list) => (
          <ul className={styles.list}>
            {list.map((dashboard) => (
              <DashboardItem key={dashboard.id} dashboard={dashboard} owners={owners} />
            ))}
          </ul>
        )}
      </QueryStatus>
    </section>
  )
}

function DashboardItem({ dashboard, owners }: { dashboard: DashboardSummary; owners: Owners }) {
  const { i18n, t } = useLingui()
  const queryClient = useQueryClient()
  const toast = useToast()
  const online = useOnline()
  const [confirming, setConfirming] = useState(false)
  const date = useMemo(() => new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'medium' }), [i18n])
  const updated = date.format(new Date(dashboard.updated_at))
  const count = dashboard.graph_count
  const name = dashboard.name
  const author = dashboard.created_by_name

  const share = useMutation({
    mutationFn: async (shareIt: boolean): Promise<Dashboard> => {
      // The list holds no contents: the PUT sends the dashboard as it is now, from its version.
      const current = await queryClient.query({ ...dashboardQuery(dashboard.id), staleTime: 0 })
      const owner = shareIt ? owners.organisationOwnerId : owners.ownerId
      if (owner === null) throw new Error('no owner to move the dashboard to')
      return current.type === 'warboard' && 'children' in current.contents
        ? updateDashboard(current.id, {
            type: 'warboard',
            name: current.name,
            public: shareIt,
            owner,
            contents: current.contents,
            version: current.version,
          })
        : updateDashboard(current.id, {
            type: 'report',
            name: current.name,
            public: shareIt,
            owner,
            contents: 'components' in current.contents ? current.contents : { components: [] },
            version: current.version,
          })
    },
    onSuccess: (next) => {
      queryClient.setQueryData(dashboardKeys.detail(next.id), next)
      toast.show({
        variant: 'success',
        message: next.public
          ? t`“${name}” is shared with your organisation.`
          : t`Only you can see “${name}” now.`,
      })
    },
    onError: () => {
      toast.show({ variant: 'error', message: t`“${name}” could not be changed. Try again.` })
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: dashboardKeys.lists() }),
  })

  const remove = useMutation({
    mutationFn: () => deleteDashboard(dashboard.id),
    onSuccess: () => {
      setConfirming(false)
      queryClient.removeQueries({ queryKey: dashboardKeys.detail(dashboard.id) })
      toast.show({ variant: 'success', message: t`“${name}” was deleted.` })
    },
    onError: () => {
      toast.show({ variant: 'error', message: t`“${name}” could not be deleted. Try again.` })
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: dashboardKeys.lists() }),
  })

  return (
    <li className={cardClassName('list', styles.item)}>
      <div className={styles.itemMain}>
        {dashboard.type === 'warboard' ? (
          <Link
            className={styles.itemLink}
            to="/dashboard/$dashboardId"
            params={{ dashboardId: String(dashboard.id) }}
          >
            {name}
          </Link>
        ) : (
          <Link
            className={styles.itemLink}
            to="/report/$reportId"
            params={{ reportId: String(dashboard.id) }}
          >
            {name}
          </Link>
        )}
        <p className={styles.muted}>
          <Plural value={count} _0="No charts" one="# chart" other="# charts" /> ·{' '}
          <Trans>updated {updated}</Trans>
          {dashboard.owner_kind === 'organisation' && author !== null ? (
            <>
              {' '}
              · <Trans>by {author}</Trans>
            </>
          ) : null}
        </p>
      </div>
      {dashboard.editable ? (
        <div className={styles.itemActions}>
          {owners.organisationOwnerId === null ? null : (
            <Checkbox
              name={`shared-${dashboard.id}`}
              label={t`Shared with organisation`}
              checked={share.isPending ? share.variables : dashboard.public}
              disabled={!online || share.isPending}
              onChange={(event) => {
                share.mutate(event.target.checked)
              }}
            />
          )}
          <Button
            type="button"
            variant="secondary"
            disabled={!online}
            aria-label={t`Delete “${name}”`}
            onClick={() => {
              setConfirming(true)
            }}
          >
            <Trans>Delete</Trans>
          </Button>
        </div>
      ) : null}
      {confirming ? (
        <ConfirmDialog
          title={t`Delete “${name}”?`}
          confirmLabel={t`Delete`}
          busy={remove.isPending}
          onConfirm={() => {
            remove.mutate()
          }}
          onCancel={() => {
            setConfirming(false)
          }}
        >
          <p>
            {dashboard.public ? (
              <Trans>
                It is deleted for everyone in your organisation. Its charts stay saved as presets.
              </Trans>
            ) : (
              <Trans>Its charts stay saved as presets.</Trans>
            )}
          </p>
        </ConfirmDialog>
      ) : null}
    </li>
  )
}
