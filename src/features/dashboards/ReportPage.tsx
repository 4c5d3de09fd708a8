import { useRef, useState, type SyntheticEvent } from 'react'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import {
  DASHBOARD_NAME_MAX,
  dashboardFieldErrors,
  REPORT_COMPONENTS_MAX,
  type Dashboard,
  type GraphMeta,
  type ReportComponent,
} from '#contracts/dashboards.ts'
import type { Preset } from '#contracts/presets.ts'
import { createDashboard, dashboardKeys, updateDashboard } from '../../api/dashboards.api'
import { presetListQuery } from '../../api/presets.api'
import {
  ErrorSummary,
  FormAlert,
  useFieldErrors,
  useFormSubmit,
  type FieldCodes,
} from '../../forms'
import { useOnline } from '../../offline/online-state'
import { useSession } from '../../session'
import {
  Alert,
  Button,
  Checkbox,
  LinkButton,
  PageTitle,
  SelectField,
  TextAreaField,
  TextField,
  useToast,
  cardClassName,
} from '../../ui'
import { PresetChart } from '../analytics-builder'
import { GraphProblem } from './GraphProblem'
import { BackLink, conflictOf, OneDashboard, useUnsavedGuard, Visibility } from './parts'
import styles from './Dashboards.module.css'

export type ReportPageProps = {
  /** The report's id; null writes a new one (/report/new). */
  reportId: number | null
  editing: boolean
  onEditingChange: (editing: boolean) => void
  /** A new report was saved: its page replaces /report/new. */
  onCreated: (id: number) => void
}

/**
 * /report/{id} and /report/new (seeds 001 §2.2, §5): a report is a document of headings, text and
 * saved charts, read (and printed) or edited. It needs a name (NO_NAME) and at least one block
 * (NO_CONTENTS); blocks are added, moved up and down and removed; a chart block draws its preset
 * or says it was not found. Saved with the version it started from, like a dashboard.
 */
export function ReportPage({ reportId, editing, onEditingChange, onCreated }: ReportPageProps) {
  return (
    <div className={styles.page}>
      {reportId === null ? (
        <ReportEditor report={null} onDone={() => undefined} onCreated={onCreated} />
      ) : (
        <OneDashboard
          id={reportId}
          type="report"
          editing={editing}
          onEditingChange={onEditingChange}
          view={(report, onEdit) => <ReportView report={report} onEdit={onEdit} />}
          editor={(report, onDone) => (
            <ReportEditor report={report} onDone={onDone} onCreated={onCreated} />
          )}
        />
      )}
    </div>
  )
}

function componentsOf(report: Dashboard): ReportComponent[] {
  return 'components' in report.contents ? report.contents.components : []
}

/** A text block's paragraphs (a blank line between them). */
function paragraphs(text: string): string[] {
  return text.split(/\n\s*\n/).filter((part) => part.trim() !== '')
}

function ReportView({ report, onEdit }: { report: Dashboard; onEdit: () => void }) {
  const online = useOnline()
  const metas = new Map(report.metas.map((meta) => [meta.metaId, meta]))
  return (
    <>
      <BackLink to="/reports" />
      <div className={styles.titleRow}>
        <PageTitle documentTitle={report.name}>{report.name}</PageTitle>
        <div className={styles.actions}>
          <Button
            type="button"
            variant="secondary"
            onClick={() => {
              window.print()
            }}
          >
            <Trans>Print</Trans>
          </Button>
          {report.editable ? (
            <Button type="button" variant="secondary" disabled={!online} onClick={onEdit}>
              <Trans>Edit report</Trans>
            </Button>
          ) : null}
        </div>
      </div>
      <p className={styles.meta}>
        <Visibility dashboard={report} />
      </p>
      <article className={styles.report}>
        {componentsOf(report).map((component, index) => (
          <ReportBlock key={index} component={component} meta={metaFor(component, metas)} />
        ))}
      </article>
    </>
  )
}

function metaFor(
  component: ReportComponent,
  metas: ReadonlyMap<number, GraphMeta>,
): GraphMeta | undefined {
  return component.kind === 'graph' ? metas.get(component.metaId) : undefined
}

function ReportBlock({
  component,
  meta,
}: {
  component: ReportComponent
  meta: GraphMeta | undefined
}) {
  if (component.kind === 'header') return <h2 className={styles.reportHeading}>{component.text}</h2>
  if (component.kind === 'text') {
    return (
      <>
        {paragraphs(component.text).map((part, index) => (
          <p key={index} className={styles.reportText}>
            {part}
          </p>
        ))}
      </>
    )
  }
  const preset = meta?.preset ?? null
  return (
    <section className={cardClassName('list', styles.graph)}>
      {preset === null ? (
        <>
          <h3 className={styles.graphTitle}>
            <Trans>Missing chart</Trans>
          </h3>
          <GraphProblem meta={meta} />
        </>
      ) : (
        <>
          <h3 className={styles.graphTitle}>{preset.name}</h3>
          <PresetChart preset={preset} />
        </>
      )}
    </section>
  )
}

type Block = { key: number; component: ReportComponent }

// Keys of blocks (React's, across editors): a block keeps its key while it moves.
let blockKeys = 0
const keyed = (component: ReportComponent): Block => ({ key: ++blockKeys, component })
type Field = 'name' | 'contents'
const FIELDS = {
  name: { noun: msg`name` },
  contents: { noun: msg`report`, control: 'add-header' },
}

const BLOCK_NAMES = {
  header: msg`Heading`,
  text: msg`Text`,
  graph: msg`Saved chart`,
} as const

/**
 * Writes a new report or edits one: its name, who sees it (a new one), and its blocks. The blocks'
 * order is changed with Move up and Move down (each announced by the list's new order).
 */
function ReportEditor({
  report,
  onDone,
  onCreated,
}: {
  report: Dashboard | null
  onDone: () => void
  onCreated: (id: number) => void
}) {
  const { i18n, t } = useLingui()
  const queryClient = useQueryClient()
  const toast = useToast()
  const session = useSession()
  const formRef = useRef<HTMLFormElement>(null)
  const [name, setName] = useState(report?.name ?? '')
  const [shared, setShared] = useState(report?.public ?? false)
  const [blocks, setBlocks] = useState<Block[]>(() =>
    report ? componentsOf(report).map(keyed) : [keyed({ kind: 'header', text: '' })],
  )
  const [conflict, setConflict] = useState<Dashboard | null>(null)
  const form = useFormSubmit<Field>({ formRef })
  const { errorFor, summary } = useFieldErrors(FIELDS, form.codes)
  const presets = useQuery(
    presetListQuery({ tab: 'all', search: '', sort: '-updated', page: 1, perPage: 50 }),
  )
  const choices: Preset[] = (presets.data?.data ?? []).filter((preset) => preset.accessible)
  const known = new Map<number, string>([
    ...(report?.metas ?? []).flatMap((meta): [number, string][] =>
      meta.preset ? [[meta.metaId, meta.preset.name]] : [],
    ),
    ...choices.map((preset): [number, string] => [preset.id, preset.name]),
  ])
  const dirty =
    report === null
      ? name !== '' || blocks.some((b) => b.component.kind !== 'header' || b.component.text !== '')
      : name !== report.name ||
        JSON.stringify(blocks.map((b) => b.component)) !== JSON.stringify(componentsOf(report))
  const guard = useUnsavedGuard(dirty)
  const organisationOwnerId = session?.organisationOwnerId ?? null
  const ownerId = session?.ownerId ?? null

  const change = (key: number, component: ReportComponent) => {
    setBlocks((list) => list.map((b) => (b.key === key ? { key, component } : b)))
  }
  const move = (index: number, by: -1 | 1) => {
    setBlocks((list) => {
      const next = [...list]
      const [moved] = next.splice(index, 1)
      if (moved) next.splice(index + by, 0, moved)
      return next
    })
  }
  const add = (component: ReportComponent) => {
    setBlocks((list) => [...list, keyed(component)])
    form.edited('contents')
  }

  const save = async (version: number | null) => {
    // Blank headings and texts are dropped; a chart block without a chart too.
    const components = blocks
      .map((b) => b.component)
      .filter((c) => (c.kind === 'graph' ? c.metaId > 0 : c.text.trim() !== ''))
      .map((c) => (c.kind === 'graph' ? c : { ...c, text: c.text.trim() }))
    const trimmed = name.trim()
    const errors = dashboardFieldErrors({ type: 'report', name: trimmed, contents: { components } })
    const local: FieldCodes<Field> = {}
    const nameCode = errors?.name?.[0]
    const contentsCode = errors?.contents?.[0]
    if (nameCode !== undefined) local.name = nameCode
    else if (trimmed.length > DASHBOARD_NAME_MAX) {
      local.name = { code: 'LENGTH_MAX', value: DASHBOARD_NAME_MAX }
    }
    if (contentsCode !== undefined) local.contents = contentsCode
    const owner =
      report?.owner ?? (shared && organisationOwnerId !== null ? organisationOwnerId : ownerId)
    const result: { saved: Dashboard | null } = { saved: null }
    const outcome = await form.submit({
      local,
      fieldOf: (field) =>
        field === 'name' ? 'name' : field.startsWith('contents') ? 'contents' : null,
      send: async () => {
        try {
          result.saved =
            report === null
              ? await createDashboard({
                  type: 'report',
                  name: trimmed,
                  public: shared && organisationOwnerId !== null,
                  owner: owner ?? undefined,
                  contents: { components },
                })
              : await updateDashboard(report.id, {
                  type: 'report',
                  name: trimmed,
                  public: report.public,
                  owner: report.owner,
                  contents: { components },
                  version: version ?? report.version,
                })
        } catch (error) {
          // A change made elsewhere: the alert below offers theirs or mine.
          setConflict(conflictOf(error))
          throw error
        }
        setConflict(null)
        queryClient.setQueryData(dashboardKeys.detail(result.saved.id), result.saved)
        await queryClient.invalidateQueries({ queryKey: dashboardKeys.lists() })
      },
    })
    const done = result.saved
    if (outcome.status === 'sent' && done !== null) {
      guard.close()
      toast.show({ variant: 'success', message: t`The report is saved.` })
      if (report === null) onCreated(done.id)
      else onDone()
    }
  }

  const handleSubmit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault()
    void save(null)
  }

  return (
    <form ref={formRef} className={styles.section} noValidate onSubmit={handleSubmit}>
      <BackLink to="/reports" />
      <PageTitle documentTitle={report === null ? t`New report` : t`Edit report`}>
        {report === null ? <Trans>New report</Trans> : <Trans>Edit report</Trans>}
      </PageTitle>
      {form.offline ? (
        <FormAlert variant="warning" title={<Trans>You are offline</Trans>}>
          <Trans>Saving a report needs an internet connection. What you wrote stays here.</Trans>
        </FormAlert>
      ) : null}
      {form.failure?.kind === 'other' && conflict === null ? (
        <FormAlert variant="error" title={<Trans>The report could not be saved</Trans>}>
          <Trans>Something went wrong. What you wrote stays here: try again.</Trans>
        </FormAlert>
      ) : null}
      {conflict ? (
        <Alert variant="warning" title={t`Changed elsewhere`}>
          <p>
            <Trans>
              Someone saved this report while you were editing it. Keep yours to save over it, or
              take theirs.
            </Trans>
          </p>
          <div className={styles.actions}>
            <Button
              type="button"
              variant="secondary"
              onClick={() => {
                void save(conflict.version)
              }}
            >
              <Trans>Keep mine</Trans>
            </Button>
            <Button
              type="button"
              variant="text"
              onClick={() => {
                queryClient.setQueryData(dashboardKeys.detail(conflict.id), conflict)
                guard.close()
                onDone()
              }}
            >
              <Trans>Take theirs</Trans>
            </Button>
          </div>
        </Alert>
      ) : null}
      <ErrorSummary items={summary} formRef={formRef} />
      <TextField
        label={t`Name`}
        name="name"
        autoComplete="off"
        value={name}
        error={errorFor('name')}
        onChange={(event) => {
          setName(event.target.value)
          form.edited('name')
        }}
      />
      {report === null && organisationOwnerId !== null ? (
        <Checkbox
          name="shared"
          checked={shared}
          label={t`Share with my organisation`}
          onChange={(event) => {
            setShared(event.target.checked)
          }}
        />
      ) : null}
      <ol className={styles.blocks} aria-label={t`Blocks of the report`}>
        {blocks.map((block, index) => {
          const kind = i18n._(BLOCK_NAMES[block.component.kind])
          const position = index + 1
          return (
            <li key={block.key} className={cardClassName('list')}>
              <BlockEditor
                block={block}
                label={t`${kind}, block ${position}`}
                choices={choices}
                known={known}
                onChange={(component) => {
                  change(block.key, component)
                }}
              />
              <div className={styles.actions}>
                <Button
                  type="button"
                  variant="text"
                  disabled={index === 0}
                  aria-label={t`Move block ${position} up`}
                  onClick={() => {
                    move(index, -1)
                  }}
                >
                  <Trans>Move up</Trans>
                </Button>
                <Button
                  type="button"
                  variant="text"
                  disabled={index === blocks.length - 1}
                  aria-label={t`Move block ${position} down`}
                  onClick={() => {
                    move(index, 1)
                  }}
                >
                  <Trans>Move down</Trans>
                </Button>
                <Button
                  type="button"
                  variant="text"
                  aria-label={t`Remove block ${position}`}
                  onClick={() => {
                    setBlocks((list) => list.filter((b) => b.key !== block.key))
                  }}
                >
                  <Trans>Remove</Trans>
                </Button>
              </div>
            </li>
          )
        })}
      </ol>
      {errorFor('contents') ? (
        <p className={styles.fieldError} role="alert">
          {errorFor('contents')}
        </p>
      ) : null}
      <div className={styles.actions}>
        <Button
          type="button"
          variant="secondary"
          name="add-header"
          disabled={blocks.length >= REPORT_COMPONENTS_MAX}
          onClick={() => {
            add({ kind: 'header', text: '' })
          }}
        >
          <Trans>Add a heading</Trans>
        </Button>
        <Button
          type="button"
          variant="secondary"
          disabled={blocks.length >= REPORT_COMPONENTS_MAX}
          onClick={() => {
            add({ kind: 'text', text: '' })
          }}
        >
          <Trans>Add text</Trans>
        </Button>
        <Button
          type="button"
          variant="secondary"
          disabled={blocks.length >= REPORT_COMPONENTS_MAX || choices.length === 0}
          onClick={() => {
            const first = choices[0]
            if (first?.data[0]) {
              add({ kind: 'graph', metaId: first.id, panel: first.data[0].panel })
            }
          }}
        >
          <Trans>Add a saved chart</Trans>
        </Button>
      </div>
      <div className={styles.actions}>
        <Button type="submit" loading={form.submitting}>
          <Trans>Save</Trans>
        </Button>
        {report === null ? (
          <LinkButton to="/reports" variant="text">
            <Trans>Cancel</Trans>
          </LinkButton>
        ) : (
          <Button type="button" variant="text" onClick={onDone}>
            <Trans>Cancel</Trans>
          </Button>
        )}
      </div>
      {guard.dialog}
    </form>
  )
}

function BlockEditor({
  block,
  label,
  choices,
  known,
  onChange,
}: {
  block: Block
  label: string
  choices: readonly Preset[]
  known: ReadonlyMap<number, string>
  onChange: (component: ReportComponent) => void
}) {
  const { t } = useLingui()
  const component = block.component
  if (component.kind === 'header') {
    return (
      <TextField
        label={label}
        name={`block-${block.key}`}
        value={component.text}
        onChange={(event) => {
          onChange({ kind: 'header', text: event.target.value })
        }}
      />
    )
  }
  if (component.kind === 'text') {
    return (
      <TextAreaField
        label={label}
        hint={t`A blank line starts a new paragraph.`}
        name={`block-${block.key}`}
        value={component.text}
        onChange={(event) => {
          onChange({ kind: 'text', text: event.target.value })
        }}
      />
    )
  }
  const listed = choices.some((preset) => preset.id === component.metaId)
  return (
    <SelectField
      label={label}
      name={`block-${block.key}`}
      value={String(component.metaId)}
      onChange={(event) => {
        const preset = choices.find((p) => p.id === Number(event.target.value))
        const panel = preset?.data[0]?.panel
        if (preset && panel !== undefined) onChange({ kind: 'graph', metaId: preset.id, panel })
      }}
    >
      {listed ? null : (
        <option value={String(component.metaId)}>
          {known.get(component.metaId) ?? t`Missing chart`}
        </option>
      )}
      {choices.map((preset) => (
        <option key={preset.id} value={String(preset.id)}>
          {preset.name}
        </option>
      ))}
    </SelectField>
  )
}
