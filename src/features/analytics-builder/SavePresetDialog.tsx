import { useState } from 'react'
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
import { Alert, Button, SelectField, TextField } from '../../ui'
import { useModalDialog } from '../../ui/useModalDialog'
import styles from './AnalyticsBuilder.module.css'

type Mode = 'create' | 'update'

export type SavePresetDialogProps = {
  /** The preset open in the builder, when there is one. */
  preset: Preset | null
  item: PresetDataItemInput
  mode: Mode
  onClose: () => void
  /** A preset was saved (created: the URL gets its id). */
  onSaved: (preset: Preset, mode: Mode) => void
  /** "Take theirs": the builder opens the preset as it is on the server. */
  onTakeTheirs: (preset: Preset) => void
}

/** Theirs against yours, after a 412. */
function ConflictText({
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

const splitTags = (text: string) =>
  text
    .split(',')
    .map((tag) => tag.trim())
    .filter((tag) => tag !== '')

/**
 * Save as new (name, tags, visibility) or update the open preset with the version it was opened
 * at. A preset changed meanwhile (412) shows theirs against yours: keep mine (overwrite with their
 * version as the precondition), take theirs, or save mine as new. PRESET_IN_USE is explained.
 */
export function SavePresetDialog({
  preset,
  item,
  mode: initialMode,
  onClose,
  onSaved,
  onTakeTheirs,
}: SavePresetDialogProps) {
  const { t } = useLingui()
  const copyName = (original: string) => t`${original} (copy)`
  const { dialogProps, close } = useModalDialog(onClose)
  const queryClient = useQueryClient()
  const [mode, setMode] = useState<Mode>(initialMode)
  const [name, setName] = useState(
    mode === 'update' ? (preset?.name ?? '') : preset ? copyName(preset.name) : '',
  )
  const [tags, setTags] = useState(preset?.tags.join(', ') ?? '')
  const [visibility, setVisibility] = useState<PresetVisibility>(preset?.visibility ?? 'private')
  const [nameError, setNameError] = useState<string | undefined>()
  const [conflict, setConflict] = useState<Preset | null>(null)
  const [failure, setFailure] = useState<string | null>(null)

  const save = useMutation({
    mutationFn: async (input: { mode: Mode; version?: number }): Promise<Preset> => {
      const body = { name: name.trim(), tags: splitTags(tags), visibility, data: [item] }
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
      if (error instanceof ApiError && error.code === 'PRECONDITION_FAILED') {
        const parsed = v.safeParse(PresetConflictSchema, {
          code: error.code,
          data: error.data,
        })
        if (parsed.success) {
          setConflict(parsed.output.data.preset)
          return
        }
      }
      if (error instanceof ApiError && error.code === 'PRESET_IN_USE') {
        setFailure(
          t`This preset is used by an alert, so it cannot be changed. Save your chart as a new preset instead.`,
        )
        return
      }
      if (error instanceof ApiError && error.status === 403) {
        setFailure(t`You may not save this preset.`)
        return
      }
      setFailure(
        error instanceof ApiError
          ? t`The preset could not be saved. Try again.`
          : t`The preset could not be saved: no connection. Try again when you are online.`,
      )
    },
  })

  const submit = (version?: number) => {
    setFailure(null)
    if (name.trim() === '') {
      setNameError(t`Enter a name.`)
      return
    }
    setNameError(undefined)
    save.mutate({ mode, ...(version === undefined ? {} : { version }) })
  }

  return (
    <dialog {...dialogProps} className={styles.dialog} aria-labelledby="save-preset-title">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          submit()
        }}
      >
        <h2 id="save-preset-title" className={styles.dialogTitle}>
          {mode === 'update' ? <Trans>Update preset</Trans> : <Trans>Save as a new preset</Trans>}
        </h2>
        {conflict ? (
          <div role="alert" className={styles.conflict}>
            <ConflictText theirs={conflict} yourMetrics={item.metrics.length} yourTags={tags} />
            <div className={styles.actions}>
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
                  close()
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
                  setName(copyName(name))
                }}
              >
                <Trans>Save mine as new</Trans>
              </Button>
            </div>
          </div>
        ) : null}
        {failure === null ? null : <Alert variant="error">{failure}</Alert>}
        <TextField
          label={t`Name`}
          name="name"
          value={name}
          maxLength={PRESET_NAME_MAX}
          error={nameError}
          required
          onChange={(event) => {
            setName(event.target.value)
          }}
        />
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
        <div className={styles.actions}>
          <Button type="submit" variant="primary" disabled={save.isPending}>
            {mode === 'update' ? <Trans>Update</Trans> : <Trans>Save</Trans>}
          </Button>
          <Button type="button" variant="secondary" onClick={close}>
            <Trans>Cancel</Trans>
          </Button>
        </div>
      </form>
    </dialog>
  )
}
