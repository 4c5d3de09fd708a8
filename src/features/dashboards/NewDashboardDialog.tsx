import { useRef, useState, type SyntheticEvent } from 'react'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { createPortal } from 'react-dom'
import { DASHBOARD_NAME_MAX, type Dashboard } from '#contracts/dashboards.ts'
import { createDashboard, dashboardKeys } from '../../api/dashboards.api'
import { ErrorSummary, FormAlert, useFieldErrors, useFormSubmit } from '../../forms'
import { Button, Checkbox, dialogStyles, TextField } from '../../ui'
import { useModalDialog } from '../../ui/useModalDialog'
import styles from './Dashboards.module.css'

type Field = 'name'
const FIELDS = { name: { noun: msg`name` } }

export type NewDashboardDialogProps = {
  /** The caller's own owner (private) and their organisation's (shared), from the session. */
  ownerId: number
  organisationOwnerId: number | null
  onClose: () => void
  onCreated: (dashboard: Dashboard) => void
}

/**
 * Names a new dashboard and says who sees it (seeds 001 §2.2: private or the organisation's). It
 * starts empty; its charts are dragged in from the saved presets on its own page.
 */
export function NewDashboardDialog({
  ownerId,
  organisationOwnerId,
  onClose,
  onCreated,
}: NewDashboardDialogProps) {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const dialog = useModalDialog(onClose)
  const formRef = useRef<HTMLFormElement>(null)
  const [name, setName] = useState('')
  const [shared, setShared] = useState(false)
  const form = useFormSubmit<Field>({ formRef })
  const { errorFor, summary } = useFieldErrors(FIELDS, form.codes)

  const handleSubmit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault()
    const trimmed = name.trim()
    const created: { dashboard: Dashboard | null } = { dashboard: null }
    const outcome = await form.submit({
      local:
        trimmed === ''
          ? { name: 'NO_NAME' }
          : trimmed.length > DASHBOARD_NAME_MAX
            ? { name: { code: 'LENGTH_MAX', value: DASHBOARD_NAME_MAX } }
            : {},
      fieldOf: (field) => (field === 'name' ? 'name' : null),
      send: async () => {
        const share = shared && organisationOwnerId !== null
        created.dashboard = await createDashboard({
          type: 'warboard',
          name: trimmed,
          public: share,
          owner: share ? organisationOwnerId : ownerId,
          contents: { children: [] },
        })
        await queryClient.invalidateQueries({ queryKey: dashboardKeys.lists() })
      },
    })
    if (outcome.status === 'sent' && created.dashboard !== null) onCreated(created.dashboard)
  }

  return createPortal(
    <dialog
      {...dialog.dialogProps}
      className={dialogStyles.dialog}
      aria-labelledby="new-dashboard-title"
    >
      <form
        ref={formRef}
        className={dialogStyles.dialogBox}
        noValidate
        onSubmit={(event) => void handleSubmit(event)}
      >
        <h2 id="new-dashboard-title" className={dialogStyles.dialogTitle}>
          <Trans>New dashboard</Trans>
        </h2>
        {form.offline ? (
          <FormAlert variant="warning" title={<Trans>You are offline</Trans>}>
            <Trans>Creating a dashboard needs an internet connection. Your name is kept.</Trans>
          </FormAlert>
        ) : null}
        {form.failure?.kind === 'other' ? (
          <FormAlert variant="error" title={<Trans>The dashboard could not be created</Trans>}>
            <Trans>Something went wrong. Please try again.</Trans>
          </FormAlert>
        ) : null}
        <ErrorSummary items={summary} formRef={formRef} />
        <TextField
          label={t`Name`}
          name="name"
          autoComplete="off"
          value={name}
          maxLength={DASHBOARD_NAME_MAX + 20}
          error={errorFor('name')}
          onChange={(event) => {
            setName(event.target.value)
            form.edited('name')
          }}
        />
        {organisationOwnerId === null ? null : (
          <div>
            <Checkbox
              name="shared"
              checked={shared}
              aria-describedby="new-dashboard-shared-hint"
              label={t`Share with my organisation`}
              onChange={(event) => {
                setShared(event.target.checked)
              }}
            />
            <p id="new-dashboard-shared-hint" className={styles.muted}>
              <Trans>Everyone in your organisation can open it. You can change this later.</Trans>
            </p>
          </div>
        )}
        <div className={dialogStyles.actions}>
          <Button type="submit" loading={form.submitting}>
            <Trans>Create</Trans>
          </Button>
          <Button type="button" variant="text" onClick={dialog.close}>
            <Trans>Cancel</Trans>
          </Button>
        </div>
      </form>
    </dialog>,
    document.body,
  )
}
