import { useState } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { PANEL_LOGO_MAX_BYTES, PANEL_LOGO_TYPES, panelLogoTypeOf } from '#contracts/panel-logo.ts'
import {
  panelLogoKey,
  panelLogoQuery,
  removePanelLogo,
  uploadPanelLogo,
} from '../../api/panel-logo.api'
import { ApiError, NetworkError } from '../../api/http'
import { numberFormat } from '../../lib/number-format'
import { useOnline } from '../../offline/online-state'
import { Alert, Button, Card, useToast } from '../../ui'
import styles from './Admin.module.css'

type Problem = 'type' | 'size' | 'refused' | 'not-image' | 'offline' | 'failed' | null

/** What is wrong with a chosen file before it is sent: its type read from its first bytes, and its size. */
export async function logoFileProblem(file: Blob): Promise<'type' | 'size' | null> {
  const head = new Uint8Array(await file.slice(0, 16).arrayBuffer())
  const type = panelLogoTypeOf(head)
  if (type === null || (file.type !== '' && file.type !== type)) return 'type'
  if (file.size > PANEL_LOGO_MAX_BYTES) return 'size'
  return null
}

/**
 * The current panel's logo for its organisation's super admin (contracts/panel-logo.ts): shown as
 * it is, replaced by a chosen PNG, JPEG or WebP of up to 256 KB (checked here first, and by the
 * server), or removed. Online only.
 */
export function PanelLogoCard({ pid, name }: { pid: number; name: string }) {
  const { t, i18n } = useLingui()
  const online = useOnline()
  const toast = useToast()
  const queryClient = useQueryClient()
  const logo = useQuery(panelLogoQuery(pid))
  const [busy, setBusy] = useState<'upload' | 'remove' | null>(null)
  const [problem, setProblem] = useState<Problem>(null)
  const maxKb = numberFormat(i18n.locale).format(PANEL_LOGO_MAX_BYTES / 1024)

  const failed = (error: unknown): Problem => {
    if (error instanceof NetworkError) return 'offline'
    if (error instanceof ApiError && error.status === 403) return 'refused'
    if (error instanceof ApiError && error.status === 413) return 'size'
    if (error instanceof ApiError && (error.status === 415 || error.code === 'INVALID_FILE')) {
      return 'not-image'
    }
    return 'failed'
  }

  const upload = async (file: File | undefined) => {
    if (!file) return
    setProblem(null)
    const before = await logoFileProblem(file)
    if (before !== null) {
      setProblem(before)
      return
    }
    setBusy('upload')
    try {
      await uploadPanelLogo(pid, file)
      await queryClient.invalidateQueries({ queryKey: panelLogoKey(pid) })
      toast.show({ message: t`Logo saved`, variant: 'success' })
    } catch (error) {
      setProblem(failed(error))
    } finally {
      setBusy(null)
    }
  }

  const remove = async () => {
    setProblem(null)
    setBusy('remove')
    try {
      await removePanelLogo(pid)
      queryClient.setQueryData(panelLogoKey(pid), null)
      toast.show({ message: t`Logo removed`, variant: 'success' })
    } catch (error) {
      setProblem(failed(error))
    } finally {
      setBusy(null)
    }
  }

  const pickFile = () => {
    const input = document.createElement('input')
    input.type = 'file'
    input.accept = PANEL_LOGO_TYPES.join(',')
    input.addEventListener('change', () => void upload(input.files?.[0]), { once: true })
    input.click()
  }

  return (
    <Card>
      <h2 className={styles.heading}>
        <Trans>Logo of {name}</Trans>
      </h2>
      <p className={styles.muted}>
        <Trans>
          Shown beside the panel’s name to everyone who works on it. A PNG, JPEG or WebP image of up
          to {maxKb} KB.
        </Trans>
      </p>
      {logo.data ? (
        <img src={logo.data} alt={t`Logo of ${name}`} className={styles.panelLogoPreview} />
      ) : logo.isSuccess ? (
        <p className={styles.muted}>
          <Trans>This panel has no logo yet.</Trans>
        </p>
      ) : null}
      {!online ? (
        <Alert variant="info">
          <Trans>You are offline. The logo can be changed once you are back online.</Trans>
        </Alert>
      ) : null}
      {problem === 'type' || problem === 'not-image' ? (
        <Alert variant="error">
          <Trans>Choose a PNG, JPEG or WebP image.</Trans>
        </Alert>
      ) : problem === 'size' ? (
        <Alert variant="error">
          <Trans>This image is larger than {maxKb} KB. Choose a smaller one.</Trans>
        </Alert>
      ) : problem === 'refused' ? (
        <Alert variant="error">
          <Trans>Only your organisation’s super admin can change this panel’s logo.</Trans>
        </Alert>
      ) : problem === 'offline' ? (
        <Alert variant="error">
          <Trans>
            The logo could not be sent: you are offline. Try again once you are back online.
          </Trans>
        </Alert>
      ) : problem === 'failed' ? (
        <Alert variant="error">
          <Trans>The logo could not be changed. Please try again.</Trans>
        </Alert>
      ) : null}
      <div className={styles.row}>
        <Button
          variant="secondary"
          onClick={pickFile}
          disabled={!online || busy !== null}
          loading={busy === 'upload'}
        >
          {logo.data ? <Trans>Choose a new logo</Trans> : <Trans>Choose a logo</Trans>}
        </Button>
        {logo.data ? (
          <Button
            variant="text"
            onClick={() => void remove()}
            disabled={!online || busy !== null}
            loading={busy === 'remove'}
          >
            <Trans>Remove the logo</Trans>
          </Button>
        ) : null}
      </div>
    </Card>
  )
}
