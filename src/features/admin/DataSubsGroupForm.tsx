import { useRef, useState, type SyntheticEvent } from 'react'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import type {
  DataSubscription,
  DataSubscriptionFeature,
  SubscriptionGroup,
} from '#contracts/admin.ts'
import { dataSubKeys, saveGroup, seatsExceededOf } from '../../api/admin-subs.api'
import { numberFormat } from '../../lib/number-format'
import { ErrorSummary, FormAlert, useFieldErrors, useFormSubmit } from '../../forms'
import { Button, Card, Checkbox, FieldShell, TextField, useToast } from '../../ui'
import { FEATURE_TEXT, groupFieldOf, groupProblems, type GroupFormField } from './data-subs'
import styles from './Admin.module.css'

const GROUP_FIELDS = {
  name: { noun: msg`group name` },
  features: { noun: msg`feature`, control: 'feature' },
}

/**
 * Create a group, or rename one and set its feature access (seeds 001 §3 group, §8 group save
 * errors). The server's refusals show under their fields: EXISTS on the name, a feature the
 * subscription lacks, or a feature with no seats left (SEATS_EXCEEDED); what was typed stays.
 */
export function DataSubsGroupForm({
  subscription,
  group,
  onDone,
}: {
  subscription: DataSubscription
  group: SubscriptionGroup | null
  onDone: () => void
}) {
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const toast = useToast()
  const formRef = useRef<HTMLFormElement>(null)
  const [name, setName] = useState(group?.name ?? '')
  const [features, setFeatures] = useState<DataSubscriptionFeature[]>(group?.features ?? [])
  const [overSeats, setOverSeats] = useState<string[] | null>(null)
  const form = useFormSubmit<GroupFormField>({ formRef })
  const { errorFor, summary } = useFieldErrors(GROUP_FIELDS, form.codes)
  const pid = subscription.panel

  const overNames = (overSeats ?? [])
    .map((feature) =>
      feature in FEATURE_TEXT ? i18n._(FEATURE_TEXT[feature as DataSubscriptionFeature]) : feature,
    )
    .join(', ')
  const seatsMessage =
    overSeats === null
      ? undefined
      : overSeats.length === 0
        ? t`A feature has no seats left for this group’s members.`
        : t`No seats left for this group’s members: ${overNames}.`
  const featuresError = errorFor('features') ?? seatsMessage

  const handleSubmit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault()
    setOverSeats(null)
    const input = { name: name.trim(), features }
    const outcome = await form.submit({
      local: groupProblems(input),
      fieldOf: groupFieldOf,
      send: async () => {
        try {
          await saveGroup(pid, subscription.id, group?.id ?? null, input)
        } catch (error) {
          const over = seatsExceededOf(error)
          if (over !== null) setOverSeats(over)
          throw error
        }
        await queryClient.invalidateQueries({ queryKey: dataSubKeys.one(pid, subscription.id) })
      },
    })
    if (outcome.status === 'sent') {
      toast.show({ message: t`The group is saved.` })
      onDone()
    }
  }

  const toggle = (feature: DataSubscriptionFeature, on: boolean) => {
    setFeatures((current) =>
      on
        ? [...current.filter((f) => f !== feature), feature]
        : current.filter((f) => f !== feature),
    )
    setOverSeats(null)
    form.edited('features')
  }

  return (
    <Card>
      <form ref={formRef} className={styles.form} noValidate onSubmit={(e) => void handleSubmit(e)}>
        <h2 className={styles.heading}>
          {group === null ? <Trans>New group</Trans> : <Trans>Edit group</Trans>}
        </h2>
        {form.offline ? (
          <FormAlert variant="warning" title={<Trans>You are offline</Trans>}>
            <Trans>Saving a group needs an internet connection.</Trans>
          </FormAlert>
        ) : null}
        {form.failure?.kind === 'other' && overSeats === null ? (
          <FormAlert variant="error" title={<Trans>The group could not be saved</Trans>}>
            <Trans>Something went wrong. Please try again.</Trans>
          </FormAlert>
        ) : null}
        <ErrorSummary
          items={
            seatsMessage !== undefined && errorFor('features') === undefined
              ? [...summary, { field: 'features', control: 'feature', message: seatsMessage }]
              : summary
          }
          formRef={formRef}
        />
        <TextField
          label={<Trans>Group name</Trans>}
          name="name"
          autoComplete="off"
          value={name}
          error={errorFor('name')}
          onChange={(event) => {
            setName(event.target.value)
            form.edited('name')
          }}
        />
        <FieldShell
          group
          label={<Trans>Feature access</Trans>}
          hint={<Trans>The group’s members get these features, while seats last.</Trans>}
          error={featuresError}
        >
          {(control) =>
            subscription.features.length === 0 ? (
              <p className={styles.muted}>
                <Trans>This data subscription has no features to give.</Trans>
              </p>
            ) : (
              subscription.features.map((feature) => {
                const used = numberFormat(i18n.locale).format(feature.seats_used)
                const seats = numberFormat(i18n.locale).format(feature.seats)
                const label = i18n._(FEATURE_TEXT[feature.feature])
                return (
                  <Checkbox
                    key={feature.feature}
                    name="feature"
                    value={feature.feature}
                    checked={features.includes(feature.feature)}
                    aria-invalid={control['aria-invalid']}
                    aria-describedby={control['aria-describedby']}
                    label={t`${label} (${used} of ${seats} seats used)`}
                    onChange={(event) => {
                      toggle(feature.feature, event.target.checked)
                    }}
                  />
                )
              })
            )
          }
        </FieldShell>
        <div className={styles.actions}>
          <Button type="submit" loading={form.submitting}>
            {group === null ? <Trans>Create the group</Trans> : <Trans>Save the group</Trans>}
          </Button>
          <Button variant="text" onClick={onDone}>
            <Trans>Cancel</Trans>
          </Button>
        </div>
      </form>
    </Card>
  )
}
