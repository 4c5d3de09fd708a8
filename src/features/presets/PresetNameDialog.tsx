import { useState, type ReactNode } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import * as v from 'valibot'
import {
  PRESET_NAME_MAX,
  PresetConflictSchema,
  type Preset,
  type PresetDataItemInput,
  type PresetVisibility,
} from '#contracts/presets.ts'
import { ApiError } from '../../api/http'
import { createPreset, presetKeys, updatePreset } from '../../api/presets.api'
import { queueChange } from '../../offline/mutations'
import { Alert, Button, SelectField, TextField } from '../../ui'
import { useModalDialog, type ModalDialog } from '../../ui/useModalDialog'
import { PRESET_RENAME_KEY, type PresetRenameChange } from './queue'
import styles from './PresetNameDialog.module.css'

/** The builder saves its chart as a new preset, or updates the preset it has open. */
export type PresetSaveMode = 'create' | 'update'

export type PresetRenameProps = {
  purpose: 'rename'
  preset: Preset
  /** The name to start from (a refused offline rename brings its own). */
  initialName?: string
  /** A refused rename is being resolved: say so at once. */
  refused?: boolean
  onClose: () => void
  /** The rename was sent or kept for later (offline). */
  onDone: (outcome: 'sent' | 'queued', name: string) => void
}

export type PresetSaveProps = {
  purpose: 'save'
  /** The preset open in the builder, when there is one. */
  preset: Preset | null
  item: PresetDataItemInput
  mode: PresetSaveMode
  onClose: () => void
  /** A preset was saved (created: the URL gets its id). */
  onSaved: (preset: Preset, mode: PresetSaveMode) => void
  /** "Take theirs": the builder opens the preset as it is on the server. */
  onTakeTheirs: (preset: Preset) => void
}

export type PresetNameDialogProps = PresetRenameProps | PresetSaveProps

/**
 * The one dialog that names a preset (issue 23 §3, §4): the presets list renames one (name only),
 * the chart builder saves its chart (name, tags, who sees it; as new or as an update). Both show
 * a change made meanwhile (412) as theirs against yours and explain a preset used by an alert.
 */
export function PresetNameDialog(props: PresetNameDialogProps) {
  return props.purpose === 'rename' ? <RenamePreset {...props} /> : <SavePreset {...props} />
}

/** The rename of a preset as a queueable change (the version it started from is its precondition). */
export function renameChange(
  preset: Preset,
  name: string,
  version = preset.version,
): PresetRenameChange {
  return {
    id: preset.id,
    version,
    previousName: preset.name,
    name,
    tags: preset.tags,
    visibility: preset.visibility,
    data: preset.data,
  }
}

const splitTags = (text: string): string[] =>
  text
    .split(',')
    .map((tag) => tag.trim())
    .filter((tag) => tag !== '')

/** The name being typed and its "Enter a name." check, shared by both purposes. */
function useNameField(initial: string) {
  const { t } = useLingui()
  const [name, setName] = useState(initial)
  const [error, setError] = useState<string | undefined>()
  /** The trimmed name, or null (and the field says why) when it is empty. */
  const checked = (): string | null => {
    const trimmed = name.trim()
    setError(trimmed === '' ? t`Enter a name.` : undefined)
    return trimmed === '' ? null : trimmed
  }
  return { name, setName, error, checked }
}

type FrameProps = {
  modal: ModalDialog
  titleId: string
  title: ReactNode
  /** Above everything else: a refused offline change, theirs against yours, a failure. */
  notices: ReactNode
  name: ReturnType<typeof useNameField>
  /** Fields after the name (tags, who sees it). */
  children?: ReactNode
  submitLabel: ReactNode
  submitDisabled: boolean
  onSubmit: () => void
}

/** The dialog, its title, the name field, more fields, and submit / Cancel. */
function Frame({
  modal,
  titleId,
  title,
  notices,
  name,
  children,
  submitLabel,
  submitDisabled,
  onSubmit,
}: FrameProps) {
  const { t } = useLingui()
  return (
    <dialog {...modal.dialogProps} className={styles.dialog} aria-labelledby={titleId}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          onSubmit()
        }}
      >
        <h2 id={titleId} className={styles.title}>
          {title}
        </h2>
        {notices}
        <TextField
          label={t`Name`}
          name="name"
          value={name.name}
          maxLength={PRESET_NAME_MAX}
          error={name.error}
          required
          onChange={(event) => {
            name.setName(event.target.value)
          }}
        />
        {children}
        <div className={styles.actions}>
          <Button type="submit" variant="primary" disabled={submitDisabled}>
            {submitLabel}
          </Button>
          <Button type="button" variant="secondary" onClick={modal.close}>
            <Trans>Cancel</Trans>
          </Button>
        </div>
      </form>
    </dialog>
  )
}

/** Theirs against yours, with the choices (role="alert": it replaces the submit). */
function Conflict({ children, actions }: { children: ReactNode; actions: ReactNode }) {
  return (
    <div role="alert" className={styles.conflict}>
      {children}
      <div className={styles.actions}>{actions}</div>
    </div>
  )
}

/** Why the server refused, in words (null: not one of the refusals both purposes share). */
function refusalOf(error: unknown): 'conflict' | 'in-use' | 'forbidden' | null {
  if (!(error instanceof ApiError)) return null
  if (error.code === 'PRECONDITION_FAILED') return 'conflict'
  if (error.code === 'PRESET_IN_USE') return 'in-use'
  return error.status === 403 ? 'forbidden' : null
}

/** The server's preset in a 412, or null when the answer does not carry one. */
function theirPreset(error: unknown): Preset | null {
  if (!(error instanceof ApiError)) return null
  const parsed = v.safeParse(PresetConflictSchema, { code: error.code, data: error.data })
  return parsed.success ? parsed.output.data.preset : null
}

/**
 * Renames a preset with the version it was listed at. A preset changed meanwhile (412) shows
 * their name against yours: keep mine (sent again with their version) or keep theirs. A preset
 * used by an alert (409) cannot be renamed, and says why. Offline, the rename is queued.
 */
function RenamePreset({
  preset,
  initialName,
  refused = false,
  onClose,
  onDone,
}: PresetRenameProps) {
  const { t } = useLingui()
  const modal = useModalDialog(onClose)
  const queryClient = useQueryClient()
  const name = useNameField(initialName ?? preset.name)
  const [conflict, setConflict] = useState<Preset | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  const send = async (base: Preset, version: number) => {
    const trimmed = name.checked()
    if (trimmed === null) return
    setFailure(null)
    setBusy(true)
    const outcome = await queueChange(PRESET_RENAME_KEY, renameChange(base, trimmed, version))
    setBusy(false)
    if (outcome.status !== 'failed') {
      void queryClient.invalidateQueries({ queryKey: presetKeys.all })
      onDone(outcome.status, trimmed)
      modal.close()
      return
    }
    const refusal = refusalOf(outcome.error)
    const theirs = refusal === 'conflict' ? theirPreset(outcome.error) : null
    if (theirs) setConflict(theirs)
    else if (refusal === 'in-use') {
      setFailure(t`This preset is used by an alert, so it cannot be renamed.`)
    } else if (refusal === 'forbidden') setFailure(t`You may not rename this preset.`)
    else setFailure(t`The preset could not be renamed. Try again.`)
  }

  const current = preset.name
  const theirs = conflict?.name ?? ''
  const mine = name.name.trim()
  return (
    <Frame
      modal={modal}
      titleId="rename-preset-title"
      title={<Trans>Rename preset</Trans>}
      name={name}
      submitLabel={<Trans>Rename</Trans>}
      submitDisabled={busy || conflict !== null}
      onSubmit={() => void send(preset, preset.version)}
      notices={
        <>
          {refused && conflict === null ? (
            <Alert variant="warning">
              <Trans>
                Your rename made offline was refused: the preset was changed on the server
                meanwhile. Its name is now “{current}”. Send yours again or cancel to keep theirs.
              </Trans>
            </Alert>
          ) : null}
          {conflict ? (
            <Conflict
              actions={
                <>
                  <Button
                    type="button"
                    variant="primary"
                    disabled={busy}
                    onClick={() => {
                      setConflict(null)
                      void send(conflict, conflict.version)
                    }}
                  >
                    <Trans>Keep mine</Trans>
                  </Button>
                  <Button
                    type="button"
                    variant="secondary"
                    onClick={() => {
                      void queryClient.invalidateQueries({ queryKey: presetKeys.all })
                      modal.close()
                    }}
                  >
                    <Trans>Keep theirs</Trans>
                  </Button>
                </>
              }
            >
              <p>
                <Trans>This preset was changed by someone else since the list was loaded.</Trans>
              </p>
              <ul className={styles.conflictList}>
                <li>
                  <Trans>Their name: “{theirs}”</Trans>
                </li>
                <li>
                  <Trans>Your name: “{mine}”</Trans>
                </li>
              </ul>
            </Conflict>
          ) : null}
          {failure === null ? null : <Alert variant="error">{failure}</Alert>}
        </>
      }
    />
  )
}

/** Theirs against yours when saving, after a 412. */
function SaveConflictText({
  theirs,
  yourMetrics,
  yourTags,
}: {
  theirs: Preset
  yourMetrics: number
  yourTags: string
}) {
  const { i18n } = useLingui()
  const name = theirs.name
  const updated = new Date(theirs.updated_at).toLocaleString(i18n.locale)
  const theirCharts = theirs.data.length
  const theirTags = theirs.tags.join(', ') || '—'
  const mineTags = yourTags.trim() || '—'
  return (
    <>
      <p>
        <Trans>
          This preset was changed by someone else since you opened it (now “{name}”, updated{' '}
          {updated}).
        </Trans>
      </p>
      <ul className={styles.conflictList}>
        <li>
          <Trans>
            Theirs: {theirCharts} chart(s), tags {theirTags}
          </Trans>
        </li>
        <li>
          <Trans>
            Yours: {yourMetrics} metric(s), tags {mineTags}
          </Trans>
        </li>
      </ul>
    </>
  )
}

/**
 * Save as new (name, tags, visibility) or update the open preset with the version it was opened
 * at. A preset changed meanwhile (412) shows theirs against yours: keep mine (overwrite with their
 * version as the precondition), take theirs, or save mine as new. PRESET_IN_USE is explained.
 */
function SavePreset({
  preset,
  item,
  mode: initialMode,
  onClose,
  onSaved,
  onTakeTheirs,
}: PresetSaveProps) {
  const { t } = useLingui()
  const copyName = (original: string) => t`${original} (copy)`
  const modal = useModalDialog(onClose)
  const queryClient = useQueryClient()
  const [mode, setMode] = useState<PresetSaveMode>(initialMode)
  const name = useNameField(
    initialMode === 'update' ? (preset?.name ?? '') : preset ? copyName(preset.name) : '',
  )
  const [tags, setTags] = useState(preset?.tags.join(', ') ?? '')
  const [visibility, setVisibility] = useState<PresetVisibility>(preset?.visibility ?? 'private')
  const [conflict, setConflict] = useState<Preset | null>(null)
  const [failure, setFailure] = useState<string | null>(null)

  const save = useMutation({
    mutationFn: async (input: {
      mode: PresetSaveMode
      name: string
      version?: number
    }): Promise<Preset> => {
      const body = { name: input.name, tags: splitTags(tags), visibility, data: [item] }
      if (input.mode === 'update' && preset) {
        return updatePreset(preset.id, { ...body, version: input.version ?? preset.version })
      }
      return createPreset(body)
    },
    onSuccess: (saved, input) => {
      void queryClient.invalidateQueries({ queryKey: presetKeys.lists() })
      queryClient.setQueryData(presetKeys.detail(saved.id), saved)
      onSaved(saved, input.mode)
    },
    onError: (error) => {
      const refusal = refusalOf(error)
      const theirs = refusal === 'conflict' ? theirPreset(error) : null
      if (theirs) setConflict(theirs)
      else if (refusal === 'in-use') {
        setFailure(
          t`This preset is used by an alert, so it cannot be changed. Save your chart as a new preset instead.`,
        )
      } else if (refusal === 'forbidden') setFailure(t`You may not save this preset.`)
      else {
        setFailure(
          error instanceof ApiError
            ? t`The preset could not be saved. Try again.`
            : t`The preset could not be saved: no connection. Try again when you are online.`,
        )
      }
    },
  })

  const submit = (version?: number) => {
    setFailure(null)
    const trimmed = name.checked()
    if (trimmed === null) return
    save.mutate({ mode, name: trimmed, ...(version === undefined ? {} : { version }) })
  }

  return (
    <Frame
      modal={modal}
      titleId="save-preset-title"
      title={mode === 'update' ? <Trans>Update preset</Trans> : <Trans>Save as a new preset</Trans>}
      name={name}
      submitLabel={mode === 'update' ? <Trans>Update</Trans> : <Trans>Save</Trans>}
      submitDisabled={save.isPending}
      onSubmit={() => {
        submit()
      }}
      notices={
        <>
          {conflict ? (
            <Conflict
              actions={
                <>
                  <Button
                    type="button"
                    variant="primary"
                    onClick={() => {
                      setConflict(null)
                      submit(conflict.version)
                    }}
                  >
                    <Trans>Keep mine</Trans>
                  </Button>
                  <Button
                    type="button"
                    variant="secondary"
                    onClick={() => {
                      onTakeTheirs(conflict)
                      modal.close()
                    }}
                  >
                    <Trans>Take theirs</Trans>
                  </Button>
                  <Button
                    type="button"
                    variant="secondary"
                    onClick={() => {
                      setConflict(null)
                      setMode('create')
                      name.setName(copyName(name.name))
                    }}
                  >
                    <Trans>Save mine as new</Trans>
                  </Button>
                </>
              }
            >
              <SaveConflictText
                theirs={conflict}
                yourMetrics={item.metrics.length}
                yourTags={tags}
              />
            </Conflict>
          ) : null}
          {failure === null ? null : <Alert variant="error">{failure}</Alert>}
        </>
      }
    >
      <TextField
        label={t`Tags`}
        hint={t`Separated by commas`}
        name="tags"
        value={tags}
        onChange={(event) => {
          setTags(event.target.value)
        }}
      />
      <SelectField
        label={t`Who sees it`}
        name="visibility"
        value={visibility}
        onChange={(event) => {
          setVisibility(event.target.value as PresetVisibility)
        }}
      >
        <option value="private">{t`Only me`}</option>
        <option value="organisation">{t`My organisation`}</option>
      </SelectField>
    </Frame>
  )
}
