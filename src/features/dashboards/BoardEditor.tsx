import { useDeferredValue, useMemo, useState, type ReactNode } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import {
  closestCenter,
  DndContext,
  DragOverlay,
  KeyboardSensor,
  pointerWithin,
  PointerSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type Announcements,
  type CollisionDetection,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core'
import {
  rectSortingStrategy,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
} from '@dnd-kit/sortable'
import { CSS } from '@dnd-kit/utilities'
import { DASHBOARD_GRAPHS_MAX, type Graph, type GraphMeta } from '#contracts/dashboards.ts'
import type { Preset } from '#contracts/presets.ts'
import { presetListQuery } from '../../api/presets.api'
import { addGraph, addRefusal, moveGraph, removeGraph } from '../../lib/dashboard-board'
import { Alert, Button, Spinner, TextField } from '../../ui'
import { GraphProblem } from './GraphProblem'
import styles from './Dashboards.module.css'

export type BoardEditorProps = {
  graphs: readonly Graph[]
  /** The graphs' metas as the server last answered them (a graph whose preset is gone). */
  metas: readonly GraphMeta[]
  /** Presets by id, to name the graphs. */
  known: ReadonlyMap<number, Preset>
  onGraphsChange: (graphs: Graph[]) => void
  onPresetSeen: (preset: Preset) => void
}

const BOARD = 'board'
const graphId = (metaId: number) => `graph:${metaId}`
const presetId = (id: number) => `preset:${id}`
const idNumber = (id: UniqueIdentifier) => Number(String(id).split(':')[1])
const isPresetId = (id: UniqueIdentifier) => String(id).startsWith('preset:')

/**
 * A saved chart lands only where the pointer lets go of it (on the board, or on a chart of it to
 * go before that one): dropped anywhere else it is not added. The board's charts are reordered to
 * the nearest place, by pointer or keyboard.
 */
const collisionDetection: CollisionDetection = (args) =>
  isPresetId(args.active.id) ? pointerWithin(args) : closestCenter(args)

/** The graph a preset becomes: the preset on the panel of its first data item. */
function graphOf(preset: Preset): Graph | null {
  const panel = preset.data[0]?.panel
  return panel === undefined ? null : { metaId: preset.id, panel }
}

/**
 * Arranges a dashboard (seeds 001 §2.2 "edit by dragging saved presets"): saved presets in a side
 * bar are dragged onto the board (or added with their button), the board's graphs are dragged
 * into order (by pointer, or by keyboard from their handle: Space, arrows, Space) and removed.
 * At most six (001 §5); a preset is on a board once. Every move is announced to screen readers.
 */
export function BoardEditor({
  graphs,
  metas,
  known,
  onGraphsChange,
  onPresetSeen,
}: BoardEditorProps) {
  const { t } = useLingui()
  const [term, setTerm] = useState('')
  const search = useDeferredValue(term.trim())
  const presets = useQuery({
    ...presetListQuery({ tab: 'all', search, sort: '-updated', page: 1, perPage: 50 }),
    placeholderData: keepPreviousData,
  })
  const listed = useMemo(
    () => (presets.data?.data ?? []).filter((preset) => preset.accessible),
    [presets.data],
  )
  const [dragging, setDragging] = useState<UniqueIdentifier | null>(null)
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  )
  const errors = new Map(metas.map((meta) => [meta.metaId, meta]))

  const nameOf = (metaId: number): string =>
    known.get(metaId)?.name ??
    listed.find((preset) => preset.id === metaId)?.name ??
    t`Missing chart`
  const itemName = (id: UniqueIdentifier) => nameOf(idNumber(id))
  const positionOf = (id: UniqueIdentifier | undefined) =>
    graphs.findIndex((graph) => graphId(graph.metaId) === id) + 1

  const add = (preset: Preset, index?: number) => {
    const graph = graphOf(preset)
    if (graph === null) return
    onPresetSeen(preset)
    onGraphsChange(addGraph(graphs, graph, index))
  }

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setDragging(null)
    if (over === null) return
    if (isPresetId(active.id)) {
      const preset = listed.find((p) => p.id === idNumber(active.id))
      if (preset === undefined) return
      const at = over.id === BOARD ? graphs.length : positionOf(over.id) - 1
      add(preset, at < 0 ? graphs.length : at)
      return
    }
    const from = positionOf(active.id) - 1
    const to = positionOf(over.id) - 1
    if (from >= 0 && to >= 0 && from !== to) onGraphsChange(moveGraph(graphs, from, to))
  }

  const count = graphs.length
  const max = DASHBOARD_GRAPHS_MAX
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      const name = itemName(active.id)
      const position = positionOf(active.id)
      return isPresetId(active.id)
        ? t`Picked up ${name}.`
        : t`Picked up ${name}, chart ${position} of ${count}.`
    },
    onDragOver: ({ active, over }) => {
      if (over === null) return undefined
      const name = itemName(active.id)
      const position = positionOf(over.id)
      return over.id === BOARD
        ? t`${name} is over the dashboard.`
        : t`${name} is at position ${position} of ${count}.`
    },
    onDragEnd: ({ active, over }) => {
      const name = itemName(active.id)
      if (over === null) return t`${name} was dropped outside the dashboard.`
      const position = positionOf(over.id)
      return over.id === BOARD
        ? t`${name} was added to the dashboard.`
        : t`${name} was dropped at position ${position}.`
    },
    onDragCancel: ({ active }) => {
      const name = itemName(active.id)
      return t`Moving ${name} was cancelled.`
    },
  }

  const full = graphs.length >= DASHBOARD_GRAPHS_MAX
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collisionDetection}
      onDragStart={({ active }) => {
        setDragging(active.id)
      }}
      onDragCancel={() => {
        setDragging(null)
      }}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable: t`To move a chart, press Space or Enter, move it with the arrow keys, then press Space or Enter again to drop it, or Escape to cancel.`,
        },
      }}
    >
      <div className={styles.editorLayout}>
        <aside className={styles.sidebar} aria-labelledby="board-presets-title">
          <h2 id="board-presets-title" className={styles.sectionTitle}>
            <Trans>Saved charts</Trans>
          </h2>
          <p className={styles.muted}>
            <Trans>Drag a chart onto the dashboard, or use its Add button.</Trans>
          </p>
          <TextField
            label={t`Find a saved chart`}
            name="preset-search"
            type="search"
            autoComplete="off"
            value={term}
            onChange={(event) => {
              setTerm(event.target.value)
            }}
          />
          {presets.isPending ? <Spinner label={t`Loading your saved charts…`} /> : null}
          {presets.isError && presets.data === undefined ? (
            <Alert variant="error">
              <Trans>Your saved charts could not be loaded.</Trans>{' '}
              <Button
                type="button"
                variant="text"
                onClick={() => {
                  void presets.refetch()
                }}
              >
                <Trans>Try again</Trans>
              </Button>
            </Alert>
          ) : null}
          {presets.data !== undefined && listed.length === 0 ? (
            <p className={styles.muted}>
              {search === '' ? (
                <Trans>
                  You have no saved charts yet. Save one from <Link to="/analytics">analytics</Link>
                  .
                </Trans>
              ) : (
                <Trans>No saved chart matches “{search}”.</Trans>
              )}
            </p>
          ) : null}
          <ul className={styles.presetList} aria-label={t`Saved charts`}>
            {listed.map((preset) => (
              <SidebarPreset
                key={preset.id}
                preset={preset}
                refusal={addRefusal(graphs, preset.id)}
                onAdd={() => {
                  add(preset)
                }}
              />
            ))}
          </ul>
        </aside>
        <section className={styles.boardColumn} aria-labelledby="board-title">
          <h2 id="board-title" className={styles.sectionTitle}>
            <Trans>
              On the dashboard ({count} of {max})
            </Trans>
          </h2>
          {full ? (
            <p className={styles.muted} role="status">
              <Trans>A dashboard shows at most {max} charts. Remove one to add another.</Trans>
            </p>
          ) : null}
          <Board empty={graphs.length === 0}>
            <SortableContext
              items={graphs.map((g) => graphId(g.metaId))}
              strategy={rectSortingStrategy}
            >
              {graphs.map((graph, index) => (
                <SortableGraph
                  key={graph.metaId}
                  id={graphId(graph.metaId)}
                  name={nameOf(graph.metaId)}
                  position={index + 1}
                  count={graphs.length}
                  meta={known.has(graph.metaId) ? undefined : errors.get(graph.metaId)}
                  onRemove={() => {
                    onGraphsChange(removeGraph(graphs, graph.metaId))
                  }}
                />
              ))}
            </SortableContext>
          </Board>
        </section>
      </div>
      <DragOverlay>
        {dragging === null ? null : <div className={styles.dragOverlay}>{itemName(dragging)}</div>}
      </DragOverlay>
    </DndContext>
  )
}

/** The board as a drop target (a preset dropped on its empty space goes last). */
function Board({ empty, children }: { empty: boolean; children: ReactNode }) {
  const { setNodeRef, isOver } = useDroppable({ id: BOARD })
  return (
    <ol
      ref={setNodeRef}
      className={`${styles.editBoard} ${isOver ? styles.editBoardOver : ''}`}
      data-empty={empty || undefined}
    >
      {children}
      {empty ? (
        <li className={styles.dropHint}>
          <Trans>Drop saved charts here.</Trans>
        </li>
      ) : null}
    </ol>
  )
}

function SortableGraph({
  id,
  name,
  position,
  count,
  meta,
  onRemove,
}: {
  id: string
  name: string
  position: number
  count: number
  meta: GraphMeta | undefined
  onRemove: () => void
}) {
  const { t } = useLingui()
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({
    id,
  })
  return (
    <li
      ref={setNodeRef}
      className={`${styles.editGraph} ${isDragging ? styles.dragging : ''}`}
      style={{ transform: CSS.Transform.toString(transform), transition }}
    >
      <button
        type="button"
        className={styles.handle}
        {...attributes}
        {...listeners}
        aria-label={t`Move ${name}, chart ${position} of ${count}`}
      >
        <span aria-hidden="true">⠿</span>
      </button>
      <div className={styles.editGraphBody}>
        <span className={styles.editGraphName}>{name}</span>
        {meta?.error ? <GraphProblem meta={meta} /> : null}
      </div>
      <Button type="button" variant="text" onClick={onRemove} aria-label={t`Remove ${name}`}>
        <Trans>Remove</Trans>
      </Button>
    </li>
  )
}

function SidebarPreset({
  preset,
  refusal,
  onAdd,
}: {
  preset: Preset
  refusal: ReturnType<typeof addRefusal>
  onAdd: () => void
}) {
  const { t } = useLingui()
  const name = preset.name
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({
    id: presetId(preset.id),
    disabled: refusal !== null,
  })
  return (
    <li className={`${styles.presetItem} ${isDragging ? styles.dragging : ''}`} ref={setNodeRef}>
      {/* Dragging from the side bar is for pointers; keyboard and screen-reader users have Add. */}
      <span
        className={styles.handle}
        {...attributes}
        {...listeners}
        tabIndex={-1}
        role="presentation"
        aria-hidden="true"
        data-disabled={refusal !== null || undefined}
      >
        ⠿
      </span>
      <span className={styles.presetName}>{name}</span>
      {refusal === 'ALREADY_ON_BOARD' ? (
        <span className={styles.muted}>
          <Trans>Added</Trans>
        </span>
      ) : (
        <Button
          type="button"
          variant="secondary"
          disabled={refusal !== null}
          onClick={onAdd}
          aria-label={t`Add ${name}`}
        >
          <Trans>Add</Trans>
        </Button>
      )}
    </li>
  )
}
