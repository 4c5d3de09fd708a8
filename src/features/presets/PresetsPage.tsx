import { useMemo, useRef, useState, type ReactNode } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { keepPreviousData, onlineManager, useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import * as v from 'valibot'
import { PRESET_PAGE_SIZES, PRESET_TABS, type Preset, type PresetTab } from '#contracts/presets.ts'
import { NetworkError } from '../../api/http'
import { presetKeys, presetListQuery, setPresetDeleted } from '../../api/presets.api'
import { useDataTableText } from '../../i18n/useDataTableText'
import { numberFormat } from '../../lib/number-format'
import { queueChange } from '../../offline/mutations'
import { usePendingChanges } from '../../offline/pending-changes'
import { useOnline } from '../../offline/online-state'
import { queryErrorMessage } from '../../offline/QueryStatus'
import { Alert, Button, PageTitle, SearchField, SelectField, useToast } from '../../ui'
import { DataTable, type DataTableColumn } from '../../ui/DataTable'
import {
  applyPresetChanges,
  isMapPreset,
  listParamsOf,
  PRESET_SORTS,
  presetChartTypes,
  readPresetLayout,
  withFirstPage,
  writePresetLayout,
  type PresetChange,
  type PresetLayout,
  type PresetSearch,
  type PresetSort,
} from './preset-list'
import {
  PRESET_ARCHIVE_KEY,
  PRESET_STAR_KEY,
  PresetArchiveChangeSchema,
  PresetRenameChangeSchema,
  PresetStarChangeSchema,
  PRESET_RENAME_KEY,
} from './queue'
import { PresetNameDialog } from './PresetNameDialog'
import styles from './Presets.module.css'

export type PresetsPageProps = {
  search: PresetSearch
  onSearchChange: (search: PresetSearch) => void
  /** Mapping presets: only presets with a data item drawn on a map. */
  mapsOnly?: boolean
  /** A refused rename to resolve: the preset's id and the name that was refused. */
  rename?: { id: number; name: string } | null
  onRenameHandled?: () => void
}

type LocalChange = { key: number; id: number; change: PresetChange }

const sameKey = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((part, i) => part === b[i])

/** Queued changes (offline) as list changes: what the list shows until they are sent. */
function queuedPresetChanges(
  queued: readonly { mutationKey: readonly string[]; variables: unknown }[],
): { id: number; change: PresetChange }[] {
  const out: { id: number; change: PresetChange }[] = []
  for (const item of queued) {
    if (sameKey(item.mutationKey, PRESET_STAR_KEY)) {
      const p = v.safeParse(PresetStarChangeSchema, item.variables)
      if (p.success)
        out.push({ id: p.output.id, change: { kind: 'star', starred: p.output.starred } })
    } else if (sameKey(item.mutationKey, PRESET_ARCHIVE_KEY)) {
      const p = v.safeParse(PresetArchiveChangeSchema, item.variables)
      if (p.success) {
        out.push({ id: p.output.id, change: { kind: 'archive', archived: p.output.archived } })
      }
    } else if (sameKey(item.mutationKey, PRESET_RENAME_KEY)) {
      const p = v.safeParse(PresetRenameChangeSchema, item.variables)
      if (p.success) out.push({ id: p.output.id, change: { kind: 'rename', name: p.output.name } })
    }
  }
  return out
}

function useTabLabels(): Record<PresetTab, string> {
  const { t } = useLingui()
  return { all: t`All`, yours: t`Yours`, starred: t`Starred`, archived: t`Archived` }
}

function useSortLabels(): Record<PresetSort, string> {
  const { t } = useLingui()
  return {
    '-created': t`Recently created`,
    created: t`Oldest first`,
    '-updated': t`Recently updated`,
    updated: t`Least recently updated`,
    name: t`Name, A to Z`,
    '-name': t`Name, Z to A`,
    '-most_viewed': t`Most viewed`,
    most_viewed: t`Least viewed`,
    '-recently_viewed': t`Recently viewed`,
    recently_viewed: t`Viewed longest ago`,
  }
}

/**
 * The presets list (seeds 001 §2.1, issue 23 §4, §5): tabs, search, sort, page size and paging
 * in the address; grid (cards) or list (data table) layout kept on the device; star, archive and
 * delete with undo, rename. Star, archive and rename work offline (queued, shown at once).
 */
export function PresetsPage({
  search,
  onSearchChange,
  mapsOnly = false,
  rename = null,
  onRenameHandled,
}: PresetsPageProps) {
  const { i18n, t } = useLingui()
  const queryClient = useQueryClient()
  const toast = useToast()
  const online = useOnline()
  const tabLabels = useTabLabels()
  const sortLabels = useSortLabels()
  const params = listParamsOf(search)
  const query = useQuery({ ...presetListQuery(params), placeholderData: keepPreviousData })
  const [layout, setLayout] = useState<PresetLayout>(() =>
    readPresetLayout(globalThis.localStorage),
  )
  const [term, setTerm] = useState(search.q)
  // The field follows the address (Back, a tab's link) without an effect.
  const [shownQ, setShownQ] = useState(search.q)
  if (shownQ !== search.q) {
    setShownQ(search.q)
    setTerm(search.q)
  }
  const [local, setLocal] = useState<LocalChange[]>([])
  const nextKey = useRef(0)
  const [renaming, setRenaming] = useState<{
    preset: Preset
    name?: string
    refused: boolean
  } | null>(null)
  const pending = usePendingChanges()

  const changes = useMemo(
    () => [...queuedPresetChanges(pending.queued), ...local],
    [pending.queued, local],
  )
  const list = useMemo(
    () => (query.data ? applyPresetChanges(query.data, search.tab, changes) : undefined),
    [query.data, search.tab, changes],
  )
  const rows = useMemo(
    () => (list?.data ?? []).filter((preset) => !mapsOnly || isMapPreset(preset)),
    [list, mapsOnly],
  )

  // A refused rename from the pending changes panel: its dialog, once the preset is listed.
  const refusedPreset =
    rename === null ? undefined : query.data?.data.find((p) => p.id === rename.id)
  const dialog =
    renaming ??
    (rename !== null && refusedPreset
      ? { preset: refusedPreset, name: rename.name, refused: true }
      : null)

  /** Shows a change at once, runs it, then lets the server's list take over. */
  const optimistic = async (id: number, change: PresetChange, run: () => Promise<unknown>) => {
    nextKey.current += 1
    const key = nextKey.current
    setLocal((current) => [...current, { key, id, change }])
    try {
      await run()
      await queryClient.invalidateQueries({ queryKey: presetKeys.all })
      return true
    } catch {
      return false
    } finally {
      setLocal((current) => current.filter((c) => c.key !== key))
    }
  }

  /** Queueable: sent at once when online, kept for later offline; a refusal says so. */
  const queued = async (
    id: number,
    change: PresetChange,
    mutationKey: readonly string[],
    variables: unknown,
  ) => {
    const ok = await optimistic(id, change, async () => {
      const outcome = await queueChange(mutationKey, variables)
      if (outcome.status === 'failed') throw outcome.error
    })
    if (!ok) toast.show({ message: t`The change could not be saved. Try again.`, variant: 'error' })
    return ok
  }

  const star = (preset: Preset) => {
    const starred = !preset.starred
    void queued(preset.id, { kind: 'star', starred }, PRESET_STAR_KEY, {
      id: preset.id,
      name: preset.name,
      version: preset.version,
      starred,
    })
  }

  const archive = (preset: Preset, archived: boolean, withUndo = true) => {
    void queued(preset.id, { kind: 'archive', archived }, PRESET_ARCHIVE_KEY, {
      id: preset.id,
      name: preset.name,
      version: preset.version,
      archived,
    }).then((ok) => {
      if (!ok || !withUndo) return
      const name = preset.name
      toast.show({
        message: archived ? t`“${name}” archived` : t`“${name}” restored from the archive`,
        action: {
          label: t`Undo`,
          onAction: () => {
            archive({ ...preset, archived }, !archived, false)
          },
        },
      })
    })
  }

  const remove = (preset: Preset, deleted: boolean, withUndo = true) => {
    const name = preset.name
    void optimistic(preset.id, { kind: 'delete', deleted }, () =>
      setPresetDeleted(preset.id, deleted),
    ).then((ok) => {
      if (!ok) {
        toast.show({
          message: !onlineManager.isOnline()
            ? t`You are offline: presets can be deleted once you are back online.`
            : preset.in_use
              ? t`This preset is used by an alert, so it cannot be deleted.`
              : t`The preset could not be deleted. Try again.`,
          variant: 'error',
        })
        return
      }
      if (!withUndo) return
      toast.show({
        message: t`“${name}” deleted`,
        action: {
          label: t`Undo`,
          onAction: () => {
            remove(preset, false, false)
          },
        },
      })
    })
  }

  const actions: PresetActions = {
    star,
    archive: (preset) => {
      archive(preset, !preset.archived)
    },
    remove: (preset) => {
      remove(preset, true)
    },
    rename: (preset) => {
      setRenaming({ preset, refused: false })
    },
    online,
  }

  const pagination = list?.meta.pagination
  const status: 'loading' | 'error' | 'offline' | 'ready' =
    list !== undefined
      ? 'ready'
      : query.isError
        ? query.error instanceof NetworkError || !online
          ? 'offline'
          : 'error'
        : 'loading'

  const setTab = (tab: PresetTab) => {
    onSearchChange(withFirstPage(search, { tab }))
  }

  return (
    <div className={styles.page}>
      <PageTitle>{mapsOnly ? <Trans>Mapping presets</Trans> : <Trans>Presets</Trans>}</PageTitle>
      {mapsOnly ? (
        <p className={styles.muted}>
          <Trans>Presets with a chart drawn on a map.</Trans>
        </p>
      ) : null}
      <div className={styles.tabs} role="group" aria-label={t`Which presets`}>
        {PRESET_TABS.map((tab) => (
          <button
            key={tab}
            type="button"
            className={styles.tab}
            aria-pressed={search.tab === tab}
            onClick={() => {
              setTab(tab)
            }}
          >
            {tabLabels[tab]}
          </button>
        ))}
      </div>
      <div className={styles.controls}>
        <div className={styles.search}>
          <SearchField
            label={t`Search presets`}
            value={term}
            onValueChange={(value) => {
              setTerm(value)
              if (value === '' && search.q !== '') onSearchChange(withFirstPage(search, { q: '' }))
            }}
            onSearch={(value) => {
              onSearchChange(withFirstPage(search, { q: value }))
            }}
            submitLabel={t`Search`}
            clearLabel={t`Clear the search`}
            busy={query.isFetching && search.q !== ''}
          />
        </div>
        <SelectField
          label={t`Sort by`}
          name="sort"
          value={search.sort}
          onChange={(event) => {
            onSearchChange(withFirstPage(search, { sort: event.target.value as PresetSort }))
          }}
        >
          {PRESET_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {sortLabels[sort]}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t`Per page`}
          name="size"
          value={String(search.size)}
          onChange={(event) => {
            onSearchChange(withFirstPage(search, { size: Number(event.target.value) }))
          }}
        >
          {PRESET_PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {numberFormat(i18n.locale).format(size)}
            </option>
          ))}
        </SelectField>
        <div className={styles.layout} role="group" aria-label={t`Layout`}>
          {(['grid', 'list'] as const).map((choice) => (
            <button
              key={choice}
              type="button"
              className={styles.tab}
              aria-pressed={layout === choice}
              onClick={() => {
                setLayout(choice)
                writePresetLayout(globalThis.localStorage, choice)
              }}
            >
              {choice === 'grid' ? t`Grid` : t`List`}
            </button>
          ))}
        </div>
      </div>
      {!online && list !== undefined ? (
        <Alert variant="info">
          <Trans>
            You are offline: this is the list as last loaded. Stars, archiving and renames are kept
            and sent when you are back online.
          </Trans>
        </Alert>
      ) : null}
      {status === 'ready' && query.isError ? (
        <Alert variant="warning">{i18n._(queryErrorMessage(query.error))}</Alert>
      ) : null}
      {layout === 'grid' ? (
        <PresetGrid
          rows={rows}
          status={status}
          tab={search.tab}
          searched={search.q !== ''}
          actions={actions}
          onRetry={() => void query.refetch()}
          errorText={i18n._(queryErrorMessage(query.error))}
        />
      ) : (
        <PresetTable
          rows={rows}
          status={status}
          busy={query.isFetching}
          empty={<EmptyText tab={search.tab} searched={search.q !== ''} />}
          actions={actions}
          onRetry={() => void query.refetch()}
          errorText={i18n._(queryErrorMessage(query.error))}
        />
      )}
      {pagination && pagination.total_pages > 1 ? (
        <nav className={styles.pages} aria-label={t`Pages`}>
          <Button
            variant="secondary"
            disabled={search.page <= 1}
            onClick={() => {
              onSearchChange({ ...search, page: search.page - 1 })
            }}
          >
            <Trans>Previous page</Trans>
          </Button>
          <PageOf page={pagination.current_page} count={pagination.total_pages} />
          <Button
            variant="secondary"
            disabled={search.page >= pagination.total_pages}
            onClick={() => {
              onSearchChange({ ...search, page: search.page + 1 })
            }}
          >
            <Trans>Next page</Trans>
          </Button>
        </nav>
      ) : null}
      {dialog ? (
        <PresetNameDialog
          purpose="rename"
          key={dialog.preset.id}
          preset={dialog.preset}
          initialName={dialog.name}
          refused={dialog.refused}
          onClose={() => {
            if (renaming === null) onRenameHandled?.()
            setRenaming(null)
          }}
          onDone={(outcome, name) => {
            toast.show({
              message:
                outcome === 'queued'
                  ? t`Renamed to “${name}”: sent when you are back online`
                  : t`Renamed to “${name}”`,
            })
          }}
        />
      ) : null}
    </div>
  )
}

function PageOf({ page, count }: { page: number; count: number }) {
  const { i18n } = useLingui()
  const format = numberFormat(i18n.locale)
  const current = format.format(page)
  const total = format.format(count)
  return (
    <span>
      <Trans>
        Page {current} of {total}
      </Trans>
    </span>
  )
}

type PresetActions = {
  star: (preset: Preset) => void
  archive: (preset: Preset) => void
  remove: (preset: Preset) => void
  rename: (preset: Preset) => void
  online: boolean
}

function EmptyText({ tab, searched }: { tab: PresetTab; searched: boolean }) {
  if (searched) return <Trans>No presets match this search.</Trans>
  switch (tab) {
    case 'all':
      return <Trans>No presets yet. Save a chart from the chart builder to see it here.</Trans>
    case 'yours':
      return <Trans>You have not saved any presets yet.</Trans>
    case 'starred':
      return <Trans>No starred presets. Star a preset to find it here.</Trans>
    case 'archived':
      return <Trans>No archived presets.</Trans>
  }
}

function PresetName({ preset }: { preset: Preset }) {
  if (!preset.accessible) return <span className={styles.name}>{preset.name}</span>
  return (
    <Link to="/analytics" search={{ preset: preset.id }} className={styles.name}>
      {preset.name}
    </Link>
  )
}

function Facts({ preset }: { preset: Preset }) {
  const { i18n, t } = useLingui()
  const updated = new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'medium' }).format(
    new Date(preset.updated_at),
  )
  const views = numberFormat(i18n.locale).format(preset.view_count)
  const mine = numberFormat(i18n.locale).format(preset.my_view_count)
  const owner = preset.created_by_name ?? t`Unknown`
  return (
    <dl className={styles.facts}>
      <div>
        <dt>
          <Trans>Who sees it</Trans>
        </dt>
        <dd>{preset.visibility === 'private' ? t`Only me` : t`My organisation`}</dd>
      </div>
      <div>
        <dt>
          <Trans>Owner</Trans>
        </dt>
        <dd>{owner}</dd>
      </div>
      <div>
        <dt>
          <Trans>Charts</Trans>
        </dt>
        <dd>{presetChartTypes(preset).join(', ')}</dd>
      </div>
      <div>
        <dt>
          <Trans>Updated</Trans>
        </dt>
        <dd>{updated}</dd>
      </div>
      <div>
        <dt>
          <Trans>Views</Trans>
        </dt>
        <dd>{t`${views} (yours ${mine})`}</dd>
      </div>
    </dl>
  )
}

function Badges({ preset }: { preset: Preset }) {
  return (
    <p className={styles.badges}>
      {preset.tags.map((tag) => (
        <span key={tag} className={styles.tag}>
          {tag}
        </span>
      ))}
      {preset.archived ? (
        <span className={styles.badge}>
          <Trans>Archived</Trans>
        </span>
      ) : null}
      {preset.in_use ? (
        <span className={styles.badge}>
          <Trans>Used by an alert</Trans>
        </span>
      ) : null}
    </p>
  )
}

function Actions({ preset, actions }: { preset: Preset; actions: PresetActions }) {
  const { t } = useLingui()
  const name = preset.name
  const locked = preset.in_use
  return (
    <div className={styles.rowActions}>
      <button
        type="button"
        className={styles.star}
        aria-pressed={preset.starred}
        aria-label={t`Star “${name}”`}
        onClick={() => {
          actions.star(preset)
        }}
      >
        <span aria-hidden="true">{preset.starred ? '★' : '☆'}</span>
      </button>
      {preset.editable ? (
        <>
          <Button
            variant="text"
            disabled={locked}
            aria-label={t`Rename “${name}”`}
            onClick={() => {
              actions.rename(preset)
            }}
          >
            <Trans>Rename</Trans>
          </Button>
          <Button
            variant="text"
            aria-label={preset.archived ? t`Unarchive “${name}”` : t`Archive “${name}”`}
            onClick={() => {
              actions.archive(preset)
            }}
          >
            {preset.archived ? <Trans>Unarchive</Trans> : <Trans>Archive</Trans>}
          </Button>
          <Button
            variant="text"
            disabled={locked || !actions.online}
            aria-label={t`Delete “${name}”`}
            onClick={() => {
              actions.remove(preset)
            }}
          >
            <Trans>Delete</Trans>
          </Button>
        </>
      ) : null}
    </div>
  )
}

function Why({ preset }: { preset: Preset }) {
  if (preset.accessible && !preset.in_use) return null
  return (
    <p className={styles.why}>
      {!preset.accessible ? (
        <Trans>
          You cannot open this preset: one of its panels is not accessible to you, or it needs
          advanced analytics.
        </Trans>
      ) : (
        <Trans>Used by an alert: it cannot be renamed or deleted.</Trans>
      )}
    </p>
  )
}

type ListProps = {
  rows: readonly Preset[]
  status: 'loading' | 'error' | 'offline' | 'ready'
  actions: PresetActions
  onRetry: () => void
  errorText: string
}

function PresetGrid({
  rows,
  status,
  tab,
  searched,
  actions,
  onRetry,
  errorText,
}: ListProps & { tab: PresetTab; searched: boolean }) {
  const { t } = useLingui()
  if (status === 'loading') {
    return (
      <p className={styles.muted} role="status">
        <Trans>Loading presets…</Trans>
      </p>
    )
  }
  if (status !== 'ready') {
    return (
      <Alert
        variant="error"
        title={status === 'offline' ? t`You are offline` : t`The presets could not be loaded`}
      >
        <p>
          {status === 'offline' ? (
            <Trans>The list has not been loaded on this device yet. Connect and try again.</Trans>
          ) : (
            errorText
          )}
        </p>
        <Button variant="secondary" onClick={onRetry}>
          <Trans>Try again</Trans>
        </Button>
      </Alert>
    )
  }
  if (rows.length === 0) {
    return (
      <p className={styles.empty} role="status">
        <EmptyText tab={tab} searched={searched} />
      </p>
    )
  }
  return (
    <ul className={styles.grid} aria-label={t`Presets`}>
      {rows.map((preset) => (
        <li
          key={preset.id}
          className={styles.card}
          data-inaccessible={preset.accessible ? undefined : 'true'}
        >
          <h2 className={styles.cardTitle}>
            <PresetName preset={preset} />
          </h2>
          <Badges preset={preset} />
          <Facts preset={preset} />
          <Why preset={preset} />
          <Actions preset={preset} actions={actions} />
        </li>
      ))}
    </ul>
  )
}

function PresetTable({
  rows,
  status,
  busy,
  empty,
  actions,
  onRetry,
  errorText,
}: ListProps & { busy: boolean; empty: ReactNode }) {
  const { i18n, t } = useLingui()
  const { labels } = useDataTableText()
  const columns: DataTableColumn<Preset>[] = [
    {
      id: 'name',
      header: t`Name`,
      card: 'title',
      cell: (preset) => (
        <>
          <PresetName preset={preset} />
          <Badges preset={preset} />
          <Why preset={preset} />
        </>
      ),
    },
    {
      id: 'visibility',
      header: t`Who sees it`,
      cell: (preset) => (preset.visibility === 'private' ? t`Only me` : t`My organisation`),
    },
    { id: 'owner', header: t`Owner`, cell: (preset) => preset.created_by_name ?? t`Unknown` },
    { id: 'charts', header: t`Charts`, cell: (preset) => presetChartTypes(preset).join(', ') },
    {
      id: 'updated',
      header: t`Updated`,
      cell: (preset) =>
        new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'medium' }).format(
          new Date(preset.updated_at),
        ),
    },
    {
      id: 'views',
      header: t`Views`,
      align: 'end',
      cell: (preset) => numberFormat(i18n.locale).format(preset.view_count),
    },
    {
      id: 'actions',
      header: t`Actions`,
      card: 'footer',
      hideable: false,
      cell: (preset) => <Actions preset={preset} actions={actions} />,
    },
  ]
  return (
    <DataTable
      caption={t`Presets`}
      captionHidden
      columns={columns}
      rows={rows}
      rowKey={(preset) => String(preset.id)}
      labels={labels}
      status={status}
      busy={busy}
      empty={empty}
      error={errorText}
      onRetry={onRetry}
    />
  )
}
