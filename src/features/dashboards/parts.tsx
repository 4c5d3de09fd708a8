import { Fragment, useRef, type ReactNode } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link, useBlocker } from '@tanstack/react-router'
import * as v from 'valibot'
import {
  DashboardConflictSchema,
  type Dashboard,
  type DashboardType,
} from '#contracts/dashboards.ts'
import { dashboardQuery } from '../../api/dashboards.api'
import { ApiError } from '../../api/http'
import { QueryStatus } from '../../offline/QueryStatus'
import { ConfirmDialog, PageTitle } from '../../ui'
import styles from './Dashboards.module.css'

/** Back to the list a dashboard or a report belongs to. */
export function BackLink({ to }: { to: '/dashboards' | '/reports' }) {
  return (
    <Link to={to} className={styles.back}>
      {to === '/dashboards' ? <Trans>All dashboards</Trans> : <Trans>All reports</Trans>}
    </Link>
  )
}

/** Who sees it: the organisation, or only its owner. */
export function Visibility({ dashboard }: { dashboard: Dashboard }) {
  return (
    <span className={styles.badge}>
      {dashboard.public ? <Trans>Shared with organisation</Trans> : <Trans>Private</Trans>}
    </span>
  )
}

/** The dashboard as it is now, from a 412 PRECONDITION_FAILED; null for any other error. */
export function conflictOf(error: unknown): Dashboard | null {
  if (!(error instanceof ApiError) || error.status !== 412) return null
  const parsed = v.safeParse(DashboardConflictSchema, { code: error.code, data: error.data })
  return parsed.success ? parsed.output.data.dashboard : null
}

/**
 * An editor's guard against losing its changes: leaving (a link, Back, closing the tab) while
 * `dirty` asks first. `close()` before leaving on purpose (saved, theirs taken) skips the question.
 */
export function useUnsavedGuard(dirty: boolean): { close: () => void; dialog: ReactNode } {
  const { t } = useLingui()
  const closing = useRef(false)
  const blocker = useBlocker({
    shouldBlockFn: () => dirty && !closing.current,
    enableBeforeUnload: () => dirty && !closing.current,
    withResolver: true,
  })
  const dialog =
    blocker.status === 'blocked' ? (
      <ConfirmDialog
        title={t`Leave without saving?`}
        confirmLabel={t`Leave`}
        onConfirm={blocker.proceed}
        onCancel={blocker.reset}
      >
        <p>
          <Trans>Your changes are not saved.</Trans>
        </p>
      </ConfirmDialog>
    ) : null
  return {
    close: () => {
      closing.current = true
    },
    dialog,
  }
}

type OneDashboardProps = {
  id: number
  type: DashboardType
  /** Whether the editor is asked for; it shows only if the caller may edit this one. */
  editing: boolean
  onEditingChange: (editing: boolean) => void
  /** Reads it; `onEdit` opens the editor. */
  view: (dashboard: Dashboard, onEdit: () => void) => ReactNode
  /** Edits it; `onDone` goes back to the view. */
  editor: (dashboard: Dashboard, onDone: () => void) => ReactNode
}

/**
 * One dashboard or report by id, with its loading, offline and failure states (QueryStatus), read
 * or edited; one that is not there, not shared with the caller or of the other kind is "not
 * found", with the way back to its list.
 */
export function OneDashboard({
  id,
  type,
  editing,
  onEditingChange,
  view,
  editor,
}: OneDashboardProps) {
  const { t } = useLingui()
  const query = useQuery(dashboardQuery(id))
  const missing =
    (query.error instanceof ApiError &&
      (query.error.status === 404 || query.error.code === 'DASHBOARD_NOT_FOUND')) ||
    (query.data !== undefined && query.data.type !== type)
  if (!missing) {
    return (
      <QueryStatus query={query}>
        {(dashboard) =>
          editing && dashboard.editable ? (
            // Another version of it (saved, taken from a conflict, refetched) starts a fresh editor.
            <Fragment key={`${dashboard.id}:${dashboard.version}`}>
              {editor(dashboard, () => {
                onEditingChange(false)
              })}
            </Fragment>
          ) : (
            view(dashboard, () => {
              onEditingChange(true)
            })
          )
        }
      </QueryStatus>
    )
  }
  return type === 'warboard' ? (
    <>
      <PageTitle documentTitle={t`Dashboard not found`}>
        <Trans>Dashboard not found</Trans>
      </PageTitle>
      <p>
        <Trans>
          This dashboard does not exist, or it is not shared with you.{' '}
          <Link to="/dashboards">See all dashboards</Link>.
        </Trans>
      </p>
    </>
  ) : (
    <>
      <PageTitle documentTitle={t`Report not found`}>
        <Trans>Report not found</Trans>
      </PageTitle>
      <p>
        <Trans>
          This report does not exist, or it is not shared with you.{' '}
          <Link to="/reports">See all reports</Link>.
        </Trans>
      </p>
    </>
  )
}
