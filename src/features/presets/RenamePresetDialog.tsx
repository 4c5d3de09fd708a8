import { useState } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import * as v from 'valibot'
import { PRESET_NAME_MAX, PresetConflictSchema, type Preset } from '#contracts/presets.ts'
import { ApiError } from '../../api/http'
import { presetKeys } from '../../api/presets.api'
import { queueChange } from '../../offline/mutations'
import { Alert, Button, TextField } from '../../ui'
import { useModalDialog } from '../../ui/useModalDialog'
import { PRESET_RENAME_KEY, type PresetRenameChange } from './queue'
import styles from './Presets.module.css'

export type RenamePresetDialogProps = {
  preset: Preset
  /** The name to start from (a refused offline rename brings its own). */
  initialName?: string
  /** A refused rename is being resolved: say so at once. */
  refused?: boolean
  onClose: () => void
  /** The rename was sent or kept for later (offline). */
  onDone: (outcome: 'sent' | 'queued', name: string) => void
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

/**
 * Renames a preset with the version it was listed at. A preset changed meanwhile (412) shows
 * their name against yours: keep mine (sent again with their version) or keep theirs. A preset
 * used by an alert (409) cannot be renamed, and says why. Offline, the rename is queued.
 */
export function RenamePresetDialog({
  preset,
  initialName,
  refused = false,
  onClose,
  onDone,
}: RenamePresetDialogProps) {
  const { t } = useLingui()
  const { dialogProps, close } = useModalDialog(onClose)
  const queryClient = useQueryClient()
  const [name, setName] = useState(initialName ?? preset.name)
  const [nameError, setNameError] = useState<string | undefined>()
  const [conflict, setConflict] = useState<Preset | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  const send = async (base: Preset, version: number) => {
    const trimmed = name.trim()
    if (trimmed === '') {
      setNameError(t`Enter a name.`)
      return
    }
    setNameError(undefined)
    setFailure(null)
    setBusy(true)
    const outcome = await queueChange(PRESET_RENAME_KEY, renameChange(base, trimmed, version))
    setBusy(false)
    if (outcome.status !== 'failed') {
      void queryClient.invalidateQueries({ queryKey: presetKeys.all })
      onDone(outcome.status, trimmed)
      close()
      return
    }
    const { error } = outcome
    if (error instanceof ApiError && error.code === 'PRECONDITION_FAILED') {
      const parsed = v.safeParse(PresetConflictSchema, { code: error.code, data: error.data })
      if (parsed.success) {
        setConflict(parsed.output.data.preset)
        return
      }
    }
    if (error instanceof ApiError && error.code === 'PRESET_IN_USE') {
      setFailure(t`This preset is used by an alert, so it cannot be renamed.`)
      return
    }
    if (error instanceof ApiError && error.status === 403) {
      setFailure(t`You may not rename this preset.`)
      return
    }
    setFailure(t`The preset could not be renamed. Try again.`)
  }

  const current = preset.name
  const theirs = conflict?.name ?? ''
  const mine = name.trim()
  return (
    <dialog {...dialogProps} className={styles.dialog} aria-labelledby="rename-preset-title">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          void send(preset, preset.version)
        }}
      >
        <h2 id="rename-preset-title" className={styles.dialogTitle}>
          <Trans>Rename preset</Trans>
        </h2>
        {refused && conflict === null ? (
          <Alert variant="warning">
            <Trans>
              Your rename made offline was refused: the preset was changed on the server meanwhile.
              Its name is now “{current}”. Send yours again or cancel to keep theirs.
            </Trans>
          </Alert>
        ) : null}
        {conflict ? (
          <div role="alert" className={styles.conflict}>
            <p>
              <Trans>This preset was changed by someone else since the list was loaded.</Trans>
            </p>
            <ul>
              <li>
                <Trans>Their name: “{theirs}”</Trans>
              </li>
              <li>
                <Trans>Your name: “{mine}”</Trans>
              </li>
            </ul>
            <div className={styles.actions}>
              <Button
                type="button"
                variant="primary"
                disabled={busy}
                onClick={() => {
                  const current = conflict
                  setConflict(null)
                  void send(current, current.version)
                }}
              >
                <Trans>Keep mine</Trans>
              </Button>
              <Button
                type="button"
                variant="secondary"
                onClick={() => {
                  void queryClient.invalidateQueries({ queryKey: presetKeys.all })
                  close()
                }}
              >
                <Trans>Keep theirs</Trans>
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
        <div className={styles.actions}>
          <Button type="submit" variant="primary" disabled={busy || conflict !== null}>
            <Trans>Rename</Trans>
          </Button>
          <Button type="button" variant="secondary" onClick={close}>
            <Trans>Cancel</Trans>
          </Button>
        </div>
      </form>
    </dialog>
  )
}
