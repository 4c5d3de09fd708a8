import { useEffect, useId, useRef, useState, type SyntheticEvent } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { SAUDI_COUNTRY_ID, type SignupProgramme } from '#contracts/signup.ts'
import { postSaudiSignup } from '../../api/signup.api'
import { findLocale } from '../../i18n/locales'
import { numberFormat } from '../../lib/number-format'
import {
  SAUDI_FIELD_STEP,
  SAUDI_FIELDS,
  saudiStepOfErrors,
  type SaudiField,
  type SaudiStep,
} from '../../lib/signup-errors'
import {
  allowedSaudiStep,
  saudiRequirementsMet,
  saudiStepCodes,
  type SaudiSignupValues,
} from '../../lib/signup-validation'
import { Button, TextField } from '../../ui'
import { isOther, offeredChoices, withProviderAnswer } from './choices'
import { CheckboxField } from './components/CheckboxField'
import { ErrorSummary } from './components/ErrorSummary'
import { FieldGroup } from './components/FieldGroup'
import { Honeypot } from './components/Honeypot'
import { NameEmailFields } from './components/NameEmailFields'
import { ProviderFields, type ProviderValues } from './components/ProviderFields'
import { SubmitAlerts } from './components/SubmitAlerts'
import { TermsAgreement } from './components/TermsAgreement'
import { clearDraft, useDraftAutosave } from './draft'
import { copyInstallationToDelivery, foldDeliveryErrors, saudiPayload } from './saudi-form'
import { signupCountryQueryOptions } from './signup.queries'
import { useFocusAfterRefusal } from './useFocusAfterRefusal'
import { useSignupFieldError } from './useSignupFieldError'
import { useSignupSubmit } from './useSignupSubmit'
import styles from './signup.module.css'

const PROVIDER_NAMES = {
  isp: 'ispId',
  ispOther: 'ispOther',
  package: 'productId',
  packageOther: 'productOther',
} as const satisfies Record<keyof ProviderValues, keyof SaudiSignupValues & SaudiField>

type TextKey = {
  [K in keyof SaudiSignupValues]: SaudiSignupValues[K] extends string ? K : never
}[keyof SaudiSignupValues] &
  SaudiField

/** The fields on the form for these values, in step order (server errors count only for these). */
function presentFields(values: SaudiSignupValues): SaudiField[] {
  return SAUDI_FIELDS.filter((field) => {
    if (field.startsWith('delivery_')) return !values.same_address
    if (field === 'ispOther') return isOther(values.ispId)
    if (field === 'productOther') return isOther(values.productId)
    return true
  })
}

export function StepProgress({ step }: { step: SaudiStep }) {
  const { t, i18n } = useLingui()
  // Written in the locale's digits, as every other count is (Arabic-Indic in ar-SA).
  const digits = numberFormat(i18n.locale)
  const current = digits.format(step)
  const last = digits.format(4)
  return (
    <div className={styles.progress}>
      <p className={styles.stepCount}>
        <Trans>
          Step {current} of {last}
        </Trans>
      </p>
      <div
        className={styles.progressBar}
        role="progressbar"
        aria-label={t`Sign-up progress`}
        aria-valuemin={1}
        aria-valuemax={4}
        aria-valuenow={step}
      >
        {[1, 2, 3, 4].map((n) => (
          <span key={n} className={n <= step ? styles.progressDone : styles.progressTodo} />
        ))}
      </div>
    </div>
  )
}

function StepTitle({ step }: { step: SaudiStep }) {
  switch (step) {
    case 1:
      return <Trans>Before you start</Trans>
    case 2:
      return <Trans>Your details</Trans>
    case 3:
      return <Trans>Your addresses</Trans>
    case 4:
      return <Trans>Your broadband</Trans>
  }
}

/**
 * Seeds 2.5 Saudi study form, four steps: 1 the three requirements (Next disabled until all are
 * ticked), 2 personal details, 3 installation and delivery addresses ("same as installation"
 * ticked by default), 4 provider and product with the agreement, submitted there. The step lives
 * in the URL (`requestedStep`); one past the first incomplete step goes back to that one. A
 * refusal sends the user to the step holding the first field in error, with focus on it.
 */
export function SaudiSignupForm({
  programme,
  initial,
  requestedStep,
  onStepChange,
  onSuccess,
}: {
  programme: SignupProgramme
  initial: SaudiSignupValues
  requestedStep: number | undefined
  onStepChange: (step: SaudiStep, options: { replace: boolean }) => void
  onSuccess: () => void
}) {
  const { t, i18n } = useLingui()
  const formRef = useRef<HTMLFormElement>(null)
  const headingRef = useRef<HTMLHeadingElement>(null)
  const honeypot = useRef<HTMLInputElement>(null)
  const citiesId = useId()
  const [values, setValues] = useState(initial)
  const [focusStep, setFocusStep] = useState<SaudiStep>(1)
  const submitter = useSignupSubmit('saudi')
  const errorText = useSignupFieldError()
  const country = useQuery(signupCountryQueryOptions(SAUDI_COUNTRY_ID))
  const choices = offeredChoices(country.data, values.ispId, values.productId)
  const effective = { ...values, ispId: choices.isp, productId: choices.package }
  const step = allowedSaudiStep(requestedStep, effective)
  useDraftAutosave(programme.owner, 'saudi', values, true)

  // A step in the URL the answers do not reach yet is replaced by the first incomplete one.
  useEffect(() => {
    if (requestedStep !== undefined && requestedStep !== step) {
      onStepChange(step, { replace: true })
    }
  }, [requestedStep, step, onStepChange])

  // A new step is announced by moving focus to its title (not on the first render: the page
  // starts at its top). A refusal's own focus, below, runs after this one and wins.
  const shownStep = useRef(step)
  useEffect(() => {
    if (shownStep.current === step) return
    shownStep.current = step
    headingRef.current?.focus()
  }, [step])
  useFocusAfterRefusal(formRef, submitter.attempt, step === focusStep)

  const go = (next: SaudiStep) => {
    onStepChange(next, { replace: false })
  }
  const set = <K extends keyof SaudiSignupValues>(field: K, value: SaudiSignupValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }))
    if ((SAUDI_FIELDS as readonly string[]).includes(field))
      submitter.clearCode(field as SaudiField)
  }
  const text = (field: TextKey) => ({
    name: field,
    value: values[field],
    error: errorText(submitter.codes, field),
    onChange: (event: { target: { value: string } }) => {
      set(field, event.target.value)
    },
  })
  const handleProvider = (part: keyof ProviderValues, value: string) => {
    setValues((current) => withProviderAnswer(current, PROVIDER_NAMES, part, value))
    submitter.clearCode(PROVIDER_NAMES[part])
    if (part === 'isp') submitter.clearCode(PROVIDER_NAMES.package)
  }

  const refuseLocally = (codes: ReturnType<typeof saudiStepCodes>) => {
    const target = saudiStepOfErrors(codes)
    setFocusStep(target)
    submitter.refuse(codes, null)
    if (target !== step) go(target)
  }

  const handleNext = () => {
    if (step === 1) {
      if (saudiRequirementsMet(values)) go(2)
      return
    }
    const codes = saudiStepCodes(step, effective)
    if (Object.keys(codes).length > 0) {
      refuseLocally(codes)
      return
    }
    if (step < 4) go((step + 1) as SaudiStep)
  }

  const handleSubmit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (step < 4) {
      handleNext()
      return
    }
    const local = {
      ...saudiStepCodes(2, effective),
      ...saudiStepCodes(3, effective),
      ...saudiStepCodes(4, effective),
    }
    setFocusStep(saudiStepOfErrors(local))
    const locale = findLocale(i18n.locale)?.api ?? 'en_GB'
    const outcome = await submitter.submit({
      local,
      present: presentFields(effective),
      mapErrors: (errors) => foldDeliveryErrors(errors, values.same_address),
      send: () =>
        postSaudiSignup(
          saudiPayload(effective, country.data, {
            honeypot: honeypot.current?.value ?? '',
            locale,
          }),
        ),
    })
    if (outcome.status === 'refused') {
      const target = saudiStepOfErrors(outcome.codes)
      setFocusStep(target)
      if (target !== step) go(target)
    } else if (outcome.status === 'sent') {
      await clearDraft(programme.owner)
      onSuccess()
    } else {
      setFocusStep(4)
    }
  }

  const summary = presentFields(effective).flatMap((field) => {
    if (SAUDI_FIELD_STEP[field] !== step) return []
    const message = errorText(submitter.codes, field)
    return message === undefined ? [] : [{ field, message }]
  })
  const cities = programme.regions.flatMap((region) => region.cities)
  const requirementsMet = saudiRequirementsMet(values)

  const address = (prefix: 'installation' | 'delivery') => (
    <>
      <TextField
        label={<Trans>Address line 1</Trans>}
        autoComplete={`${prefix === 'installation' ? '' : 'shipping '}address-line1`}
        required
        {...text(`${prefix}_address_1`)}
      />
      <TextField
        label={<Trans>Address line 2 (optional)</Trans>}
        autoComplete={`${prefix === 'installation' ? '' : 'shipping '}address-line2`}
        {...text(`${prefix}_address_2`)}
      />
      <TextField
        label={<Trans>Address line 3 (optional)</Trans>}
        autoComplete={`${prefix === 'installation' ? '' : 'shipping '}address-line3`}
        {...text(`${prefix}_address_3`)}
      />
      <TextField
        label={<Trans>City</Trans>}
        autoComplete={`${prefix === 'installation' ? '' : 'shipping '}address-level2`}
        list={citiesId}
        required
        {...text(`${prefix}_city`)}
      />
      <TextField
        label={<Trans>Postcode</Trans>}
        autoComplete={`${prefix === 'installation' ? '' : 'shipping '}postal-code`}
        inputMode="numeric"
        required
        {...text(`${prefix}_postcode`)}
      />
      <TextField
        label={<Trans>Country</Trans>}
        autoComplete={`${prefix === 'installation' ? '' : 'shipping '}country-name`}
        name={`${prefix}_country`}
        value={t`Saudi Arabia`}
        disabled
        readOnly
      />
      <TextField
        label={<Trans>Phone number at this address (optional)</Trans>}
        type="tel"
        inputMode="tel"
        autoComplete={`${prefix === 'installation' ? '' : 'shipping '}tel`}
        {...text(`${prefix}_phone`)}
      />
    </>
  )

  return (
    <form
      ref={formRef}
      className={styles.form}
      noValidate
      onSubmit={(e) => void handleSubmit(e)}
      aria-labelledby="signup-step-title"
    >
      <StepProgress step={step} />
      <h2 id="signup-step-title" ref={headingRef} tabIndex={-1} className={styles.stepTitle}>
        <StepTitle step={step} />
      </h2>
      <SubmitAlerts failure={step === 4 ? submitter.failure : null} online={submitter.online} />
      <ErrorSummary items={summary} formRef={formRef} />

      {step === 1 ? (
        <FieldGroup
          legend={<Trans>To host a Whitebox you need:</Trans>}
          hint={<Trans>Tick all three to continue.</Trans>}
        >
          {({ describedBy }) => (
            <div className={styles.checks}>
              <CheckboxField
                name="has_fixed_connection"
                aria-describedby={describedBy}
                label={
                  <Trans>A fixed broadband connection at home (fibre or another fixed line)</Trans>
                }
                checked={values.has_fixed_connection}
                onChange={(e) => {
                  set('has_fixed_connection', e.target.checked)
                }}
              />
              <CheckboxField
                name="has_space"
                aria-describedby={describedBy}
                label={<Trans>Some space next to your router for a small box</Trans>}
                checked={values.has_space}
                onChange={(e) => {
                  set('has_space', e.target.checked)
                }}
              />
              <CheckboxField
                name="has_spare_power"
                aria-describedby={describedBy}
                label={<Trans>A spare power socket near your router</Trans>}
                checked={values.has_spare_power}
                onChange={(e) => {
                  set('has_spare_power', e.target.checked)
                }}
              />
            </div>
          )}
        </FieldGroup>
      ) : null}

      {step === 2 ? (
        <div className={styles.fields}>
          <NameEmailFields field={text} />
          <TextField
            label={<Trans>Mobile number (optional)</Trans>}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            {...text('mobile')}
          />
        </div>
      ) : null}

      {step === 3 ? (
        <>
          <fieldset className={styles.section}>
            <legend className={styles.sectionLegend}>
              <Trans>Installation address</Trans>
            </legend>
            <p className={styles.hint}>
              <Trans>Where the Whitebox will be plugged in.</Trans>
            </p>
            {address('installation')}
          </fieldset>
          <datalist id={citiesId}>
            {cities.map((city) => (
              <option key={city} value={city} />
            ))}
          </datalist>
          <fieldset className={styles.section}>
            <legend className={styles.sectionLegend}>
              <Trans>Delivery address</Trans>
            </legend>
            <CheckboxField
              name="same_address"
              label={<Trans>Same as the installation address</Trans>}
              checked={values.same_address}
              onChange={(e) => {
                const same = e.target.checked
                setValues((current) =>
                  same
                    ? { ...current, same_address: true }
                    : { ...copyInstallationToDelivery(current), same_address: false },
                )
              }}
            />
            {values.same_address ? null : address('delivery')}
          </fieldset>
        </>
      ) : null}

      {step === 4 ? (
        <>
          <div className={styles.fields}>
            <ProviderFields
              country={country}
              names={PROVIDER_NAMES}
              values={effective}
              wording="product"
              errorFor={(field) => errorText(submitter.codes, field)}
              onChange={handleProvider}
            />
          </div>
          <TermsAgreement
            termsUrl={programme.links.terms}
            checked={values.tos}
            error={errorText(submitter.codes, 'tos')}
            onChange={(checked) => {
              set('tos', checked)
            }}
          />
        </>
      ) : null}

      <Honeypot inputRef={honeypot} />

      <div className={styles.stepActions}>
        {step > 1 ? (
          <Button
            variant="secondary"
            name="back"
            onClick={() => {
              go((step - 1) as SaudiStep)
            }}
          >
            <Trans>Back</Trans>
          </Button>
        ) : null}
        {step < 4 ? (
          <Button type="submit" name="next" disabled={step === 1 && !requirementsMet}>
            <Trans>Next</Trans>
          </Button>
        ) : (
          <Button type="submit" name="send" loading={submitter.sending}>
            <Trans>Sign up</Trans>
          </Button>
        )}
      </div>
    </form>
  )
}
