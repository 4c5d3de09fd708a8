import { useCallback, useEffect, useRef, useState, type SyntheticEvent } from 'react'
import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { SAUDI_COUNTRY_ID, type CountryData, type SignupProgramme } from '#contracts/signup.ts'
import { countryForStudy } from '#contracts/signup-technology.ts'
import { postSaudiSignup } from '../../api/signup.api'
import { ErrorSummary, useFieldErrors, useFormSubmit, type FieldCodes } from '../../forms'
import { findLocale } from '#contracts/locales.ts'
import {
  SAUDI_FIELD_STEP,
  SAUDI_FIELDS,
  saudiStepOfErrors,
  signupFieldIn,
  type SaudiField,
  type SaudiStep,
} from '../../lib/signup-errors'
import {
  allowedSaudiStep,
  saudiRequirementsMet,
  saudiStepCodes,
  type SaudiSignupValues,
} from '../../lib/signup-validation'
import { findIsp, isOther, offeredChoices, withProviderAnswer } from './choices'
import { Honeypot } from './components/Honeypot'
import type { ProviderValues } from './components/ProviderFields'
import { SubmitAlerts } from './components/SubmitAlerts'
import { clearDraft, useDraftAutosave } from './draft'
import { AddressStep } from './saudi/AddressStep'
import { BroadbandStep, SAUDI_PROVIDER_NAMES } from './saudi/BroadbandStep'
import { DetailsStep } from './saudi/DetailsStep'
import { RequirementsStep } from './saudi/RequirementsStep'
import type { SaudiStepProps, SaudiTextField } from './saudi/step-props'
import { StepActions } from './saudi/StepActions'
import { StepProgress, StepTitle } from './saudi/StepProgress'
import { copyInstallationToDelivery, foldDeliveryErrors, saudiPayload } from './saudi-form'
import { signupFieldSpecs } from './signup-fields'
import { signupCountryQueryOptions } from './signup.queries'
import styles from './signup.module.css'

/** The fields on the form for these values, in step order (server errors count only for these). */
function presentFields(values: SaudiSignupValues): SaudiField[] {
  return SAUDI_FIELDS.filter((field) => {
    if (field.startsWith('delivery_')) return !values.same_address
    if (field === 'ispOther') return isOther(values.ispId)
    if (field === 'productOther') return isOther(values.productId)
    return true
  })
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
  const { i18n } = useLingui()
  const formRef = useRef<HTMLFormElement>(null)
  const headingRef = useRef<HTMLHeadingElement>(null)
  const honeypot = useRef<HTMLInputElement>(null)
  const [values, setValues] = useState(initial)
  const [focusStep, setFocusStep] = useState<SaudiStep>(1)
  // Only what the study measures is offered: fibre packages in the fibre study (seeds 2.5).
  const forStudy = useCallback(
    (data: CountryData) => countryForStudy(data, programme.variant),
    [programme.variant],
  )
  const country = useQuery({ ...signupCountryQueryOptions(SAUDI_COUNTRY_ID), select: forStudy })
  const choices = offeredChoices(country.data, values.ispId, values.productId)
  const effective = { ...values, ispId: choices.isp, productId: choices.package }
  const step = allowedSaudiStep(requestedStep, effective)
  // A new step is announced by moving focus to its title (not on the first render: the page
  // starts at its top). A refusal's own focus (the form
  // layer's, whose effect is declared below, so runs after this one) wins.
  const shownStep = useRef(step)
  useEffect(() => {
    if (shownStep.current === step) return
    shownStep.current = step
    headingRef.current?.focus()
  }, [step])

  // Focus waits until the step holding the refused field is on screen.
  const submitter = useFormSubmit<SaudiField>({ formRef, focusReady: step === focusStep })
  const present = presentFields(effective)
  // The product list waits for a provider: its error shows once it can be answered.
  const waiting: SaudiField[] = findIsp(country.data, effective.ispId) ? [] : ['productId']
  const { errorFor, summary } = useFieldErrors(signupFieldSpecs(present, waiting), submitter.codes)
  useDraftAutosave(programme.owner, 'saudi', values, true)

  // A step in the URL the answers do not reach yet is replaced by the first incomplete one.
  useEffect(() => {
    if (requestedStep !== undefined && requestedStep !== step) {
      onStepChange(step, { replace: true })
    }
  }, [requestedStep, step, onStepChange])

  const go = (next: SaudiStep) => {
    onStepChange(next, { replace: false })
  }
  const set: SaudiStepProps['set'] = (field, value) => {
    setValues((current) => ({ ...current, [field]: value }))
    if ((SAUDI_FIELDS as readonly string[]).includes(field)) submitter.edited(field as SaudiField)
  }
  const text = (field: SaudiTextField) => ({
    name: field,
    value: values[field],
    error: errorFor(field),
    onChange: (event: { target: { value: string } }) => {
      set(field, event.target.value)
    },
  })
  const handleProvider = (part: keyof ProviderValues, value: string) => {
    setValues((current) => withProviderAnswer(current, SAUDI_PROVIDER_NAMES, part, value))
    submitter.edited(SAUDI_PROVIDER_NAMES[part])
    if (part === 'isp') submitter.edited(SAUDI_PROVIDER_NAMES.package)
  }
  const handleSameAddress = (same: boolean) => {
    setValues((current) =>
      same
        ? { ...current, same_address: true }
        : { ...copyInstallationToDelivery(current), same_address: false },
    )
  }

  /** Sends the user to the step holding the first of `codes` (focus follows once it shows). */
  const goToErrors = (codes: FieldCodes<SaudiField>) => {
    const target = saudiStepOfErrors(codes)
    setFocusStep(target)
    if (target !== step) go(target)
  }

  const handleNext = () => {
    if (step === 1) {
      if (saudiRequirementsMet(values)) go(2)
      return
    }
    const codes = saudiStepCodes(step, effective)
    if (Object.keys(codes).length > 0) {
      goToErrors(codes)
      submitter.refuse(codes)
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
      fieldOf: signupFieldIn('saudi', present),
      mapErrors: (errors) => foldDeliveryErrors(errors, values.same_address),
      send: () =>
        postSaudiSignup(
          saudiPayload(effective, country.data, {
            honeypot: honeypot.current?.value ?? '',
            locale,
          }),
        ),
    })
    if (outcome.status === 'invalid') {
      goToErrors(outcome.codes)
    } else if (outcome.status === 'sent') {
      await clearDraft(programme.owner)
      onSuccess()
    } else {
      setFocusStep(4)
    }
  }

  const stepProps = { values: effective, set, text, errorFor }
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
      <ErrorSummary
        items={summary.filter((item) => SAUDI_FIELD_STEP[item.field] === step)}
        formRef={formRef}
      />

      {step === 1 ? <RequirementsStep {...stepProps} values={values} /> : null}
      {step === 2 ? <DetailsStep {...stepProps} /> : null}
      {step === 3 ? (
        <AddressStep
          {...stepProps}
          values={values}
          programme={programme}
          onSameAddress={handleSameAddress}
        />
      ) : null}
      {step === 4 ? (
        <BroadbandStep
          {...stepProps}
          programme={programme}
          country={country}
          onProvider={handleProvider}
        />
      ) : null}

      <Honeypot inputRef={honeypot} />

      <StepActions
        step={step}
        nextDisabled={step === 1 && !saudiRequirementsMet(values)}
        submitting={submitter.submitting}
        onBack={() => {
          go((step - 1) as SaudiStep)
        }}
      />
    </form>
  )
}
