import { useState } from 'react'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { graphsOf, type Dashboard, type Graph, type GraphMeta } from '#contracts/dashboards.ts'
import type { Preset } from '#contracts/presets.ts'
import { dashboardKeys, updateDashboard } from '../../api/dashboards.api'
import { ApiError } from '../../api/http'
import { sameBoard } from '../../lib/dashboard-board'
import { useOnline } from '../../offline/online-state'
import { Alert, Button, PageTitle, TextField, useToast, cardClassName } from '../../ui'
import { PresetChart } from '../analytics-builder'
import { BoardEditor } from './BoardEditor'
import { GraphProblem } from './GraphProblem'
import { BackLink, conflictOf, OneDashboard, useUnsavedGuard, Visibility } from './parts'
import styles from './Dashboards.module.css'

export type DashboardPageProps = {
  dashboardId: number
  editing: boolean
  onEditingChange: (editing: boolean) => void
}

/**
 * /dashboard/{dashboardId} (seeds 001 §2.2): one dashboard's charts, each drawn from its saved
 * preset, up to six; a chart whose preset is gone says so (001 §4 NOT_FOUND) and can be removed.
 * Its editor adds presets from a side bar by dragging (or a button), reorders and removes them,
 * renames, and saves with the version it started from (a change made elsewhere is shown, never
 * written over). Opens offline from the device; editing needs a connection.
 */
export function DashboardPage({ dashboardId, editing, onEditingChange }: DashboardPageProps) {
  return (
    <div className={styles.page}>
      <OneDashboard
        id={dashboardId}
        type="warboard"
        editing={editing}
        onEditingChange={onEditingChange}
        view={(dashboard, onEdit) => <DashboardView dashboard={dashboard} onEdit={onEdit} />}
        editor={(dashboard, onDone) => <DashboardEditor dashboard={dashboard} onDone={onDone} />}
      />
    </div>
  )
}

function DashboardView({ dashboard, onEdit }: { dashboard: Dashboard; onEdit: () => void }) {
  const online = useOnline()
  const graphs = graphsOf(dashboard.contents)
  const metas = new Map(dashboard.metas.map((meta) => [meta.metaId, meta]))
  return (
    <>
      <BackLink to="/dashboards" />
      <div className={styles.titleRow}>
        <PageTitle documentTitle={dashboard.name}>{dashboard.name}</PageTitle>
        {dashboard.editable ? (
          <Button type="button" variant="secondary" disabled={!online} onClick={onEdit}>
            <Trans>Edit dashboard</Trans>
          </Button>
        ) : null}
      </div>
      <p className={styles.meta}>
        <Visibility dashboard={dashboard} />
      </p>
      {dashboard.editable && !online ? (
        <p className={styles.muted}>
          <Trans>Editing needs an internet connection.</Trans>
        </p>
      ) : null}
      {graphs.length === 0 ? (
        <div className={styles.emptyBoard}>
          <p>
            <Trans>This dashboard has no charts yet.</Trans>
          </p>
          {dashboard.editable ? (
            <Button type="button" disabled={!online} onClick={onEdit}>
              <Trans>Add charts</Trans>
            </Button>
          ) : null}
        </div>
      ) : (
        <ul className={styles.board} aria-label={dashboard.name}>
          {graphs.map((graph) => (
            <li key={graph.metaId} className={cardClassName('list', styles.graph)}>
              <GraphView meta={metas.get(graph.metaId)} />
            </li>
          ))}
        </ul>
      )}
    </>
  )
}

/** One graph of the board: its preset's chart, or why it cannot be shown. */
function GraphView({ meta }: { meta: GraphMeta | undefined }) {
  const { t } = useLingui()
  const preset = meta?.preset ?? null
  if (preset === null) {
    return (
      <>
        <h2 className={styles.graphTitle}>
          <Trans>Missing chart</Trans>
        </h2>
        <GraphProblem meta={meta} />
      </>
    )
  }
  const name = preset.name
  return (
    <>
      <div className={styles.graphHeader}>
        <h2 className={styles.graphTitle}>{name}</h2>
        <Link
          className={styles.graphLink}
          to="/analytics"
          search={{ preset: preset.id }}
          aria-label={t`Open ${name} in analytics`}
        >
          <Trans>Open in analytics</Trans>
        </Link>
      </div>
      <PresetChart preset={preset} />
    </>
  )
}

function ConflictText({ name, count }: { name: string; count: number }) {
  return (
    <Trans>
      Someone saved this dashboard while you were editing it: it is now “{name}”, with{' '}
      <Plural value={count} one="# chart" other="# charts" />. Keep yours to save over it, or take
      theirs.
    </Trans>
  )
}

/**
 * The dashboard's editor: name and graphs, saved together. A change made elsewhere meanwhile
 * (412) shows theirs: take theirs (this editor's changes are dropped), or keep mine (saved again
 * over their version).
 */
function DashboardEditor({ dashboard, onDone }: { dashboard: Dashboard; onDone: () => void }) {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const toast = useToast()
  const online = useOnline()
  const startGraphs = graphsOf(dashboard.contents)
  const dashboardName = dashboard.name
  const [name, setName] = useState(dashboard.name)
  const [graphs, setGraphs] = useState<Graph[]>(startGraphs)
  const [nameError, setNameError] = useState<string | undefined>(undefined)
  // Presets met while editing (from the side bar), to name graphs the server has not seen yet.
  const [known, setKnown] = useState<ReadonlyMap<number, Preset>>(
    () =>
      new Map(dashboard.metas.flatMap((meta) => (meta.preset ? [[meta.metaId, meta.preset]] : []))),
  )
  const [conflict, setConflict] = useState<Dashboard | null>(null)
  const dirty = name !== dashboard.name || !sameBoard(graphs, startGraphs)
  const guard = useUnsavedGuard(dirty)
  const close = () => {
    guard.close()
    onDone()
  }

  const save = useMutation({
    mutationFn: (version: number) =>
      updateDashboard(dashboard.id, {
        type: 'warboard',
        name: name.trim(),
        public: dashboard.public,
        owner: dashboard.owner,
        contents: { children: graphs },
        version,
      }),
    onSuccess: (saved) => {
      setConflict(null)
      queryClient.setQueryData(dashboardKeys.detail(saved.id), saved)
      void queryClient.invalidateQueries({ queryKey: dashboardKeys.lists() })
      toast.show({ variant: 'success', message: t`The dashboard is saved.` })
      close()
    },
    onError: (error) => {
      const theirs = conflictOf(error)
      if (theirs) setConflict(theirs)
    },
  })
  const saveFrom = (version: number) => {
    if (name.trim() === '') {
      setNameError(t`Please give it a name.`)
      document.querySelector<HTMLInputElement>('input[name="dashboard-name"]')?.focus()
      return
    }
    save.mutate(version)
  }

  const failure =
    save.error && conflictOf(save.error) === null
      ? save.error instanceof ApiError && save.error.status === 403
        ? t`You may not change this dashboard, or one of its charts is on a panel you cannot chart.`
        : t`The dashboard could not be saved. Your changes are kept: try again.`
      : null

  return (
    <>
      <BackLink to="/dashboards" />
      <PageTitle documentTitle={t`Editing ${dashboardName}`}>
        <Trans>Edit dashboard</Trans>
      </PageTitle>
      <div className={styles.editorBar}>
        <TextField
          label={t`Name`}
          name="dashboard-name"
          autoComplete="off"
          value={name}
          error={nameError}
          onChange={(event) => {
            setName(event.target.value)
            setNameError(undefined)
          }}
        />
        <div className={styles.actions}>
          <Button
            type="button"
            loading={save.isPending}
            disabled={!online}
            onClick={() => {
              saveFrom(dashboard.version)
            }}
          >
            <Trans>Save</Trans>
          </Button>
          <Button type="button" variant="text" onClick={onDone}>
            <Trans>Cancel</Trans>
          </Button>
        </div>
      </div>
      {online ? null : (
        <Alert variant="warning">
          <Trans>
            You are offline. Your changes stay on this page; save them when you are back.
          </Trans>
        </Alert>
      )}
      {failure ? <Alert variant="error">{failure}</Alert> : null}
      {conflict ? (
        <Alert variant="warning" title={t`Changed elsewhere`}>
          <p>
            <ConflictText name={conflict.name} count={graphsOf(conflict.contents).length} />
          </p>
          <div className={styles.actions}>
            <Button
              type="button"
              variant="secondary"
              onClick={() => {
                saveFrom(conflict.version)
              }}
            >
              <Trans>Keep mine</Trans>
            </Button>
            <Button
              type="button"
              variant="text"
              onClick={() => {
                queryClient.setQueryData(dashboardKeys.detail(conflict.id), conflict)
                close()
              }}
            >
              <Trans>Take theirs</Trans>
            </Button>
          </div>
        </Alert>
      ) : null}
      <BoardEditor
        graphs={graphs}
        metas={dashboard.metas}
        known={known}
        onGraphsChange={setGraphs}
        onPresetSeen={(preset) => {
          setKnown((map) => (map.has(preset.id) ? map : new Map(map).set(preset.id, preset)))
        }}
      />
      {guard.dialog}
    </>
  )
}
