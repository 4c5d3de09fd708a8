import { useDeferredValue, useEffect, useState } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, type UseQueryResult } from '@tanstack/react-query'
import { Navigate } from '@tanstack/react-router'
import type { SignupOwner, SignupProgramme } from '#contracts/signup.ts'
import { queryErrorMessage } from '../../offline/QueryStatus'
import type { SaudiStep } from '../../lib/signup-errors'
import { Alert, Button, Spinner } from '../../ui'
import { loadStoredDraft, type StoredDraft } from './draft'
import { SaudiSignupForm } from './SaudiSignupForm'
import { EMPTY_SAUDI_VALUES, saudiValuesFromDraft } from './saudi-form'
import { SignupHeader, SignupLayout } from './SignupLayout'
import { SignupIntro, SignupSuccess } from './SignupSuccess'
import { signupMetadataQueryOptions } from './signup.queries'
import { StandardSignupForm } from './StandardSignupForm'
import { useStudyName } from './names'
import { emptyStandardValues, standardValuesFromDraft } from './standard-form'
import styles from './signup.module.css'

/** The sign-up URL's search: provider and package preselected (seeds 2.5), the Saudi step. */
export type SignupSearch = { isp?: number; product?: number; step?: number }

export type SignupPageProps = {
  owner: SignupOwner
  /** The route's optional country id (a string as typed in the URL). */
  country: string | undefined
  search: SignupSearch
  onStepChange: (step: SaudiStep, options: { replace: boolean }) => void
  /** Once the sign-up is sent: the step is dropped from the URL (a reload shows a fresh form). */
  onSent: () => void
}

/** The country the form starts in: the route's when the study allows it, else the study's default. */
export function startCountry(programme: SignupProgramme, routeCountry: string | undefined): number {
  const id = Number(routeCountry)
  return routeCountry !== undefined && programme.country_ids.includes(id)
    ? id
    : programme.default_country_id
}

/** The applicant's draft of this study, read once per visit (local: no network involved). */
function useStoredDraft(owner: SignupOwner) {
  return useQuery({
    queryKey: ['signup-draft', owner],
    queryFn: () => loadStoredDraft(owner),
    networkMode: 'always',
    staleTime: Infinity,
    // Never kept in the query cache: the draft store is the one copy.
    gcTime: 0,
    retry: false,
    meta: { persist: false },
  })
}

function SignupForms({
  programme,
  draft,
  props,
  onSuccess,
}: {
  programme: SignupProgramme
  draft: StoredDraft | null
  props: SignupPageProps
  onSuccess: () => void
}) {
  const stored = draft?.form === programme.form ? draft.values : null
  const { isp, product } = props.search
  const preselect = isp === undefined ? null : { isp: String(isp), product: product ?? null }

  if (programme.form === 'saudi') {
    let initial = stored ? saudiValuesFromDraft(stored) : EMPTY_SAUDI_VALUES
    if (preselect && initial.ispId === '') {
      initial = {
        ...initial,
        ispId: preselect.isp,
        productId: preselect.product === null ? '' : String(preselect.product),
      }
    }
    return (
      <SaudiSignupForm
        programme={programme}
        initial={initial}
        requestedStep={props.search.step}
        onStepChange={props.onStepChange}
        onSuccess={onSuccess}
      />
    )
  }

  const country = startCountry(programme, props.country)
  let initial = stored ? standardValuesFromDraft(stored, country) : emptyStandardValues(country)
  if (props.country !== undefined && initial.country !== String(country)) {
    // The link names a country: it wins over the draft's, whose providers belong to another one.
    initial = { ...initial, country: String(country), isp: '', package: '' }
  }
  if (preselect && initial.isp === '') {
    initial = {
      ...initial,
      isp: preselect.isp,
      package: preselect.product === null ? '' : String(preselect.product),
    }
  }
  return <StandardSignupForm programme={programme} initial={initial} onSuccess={onSuccess} />
}

/** Seeds 4.4: the page is loading, error (with retry) or resolved. */
function MetadataState({ query }: { query: UseQueryResult<SignupProgramme[]> }) {
  const { t, i18n } = useLingui()
  const retry = (
    <Button
      variant="secondary"
      loading={query.fetchStatus === 'fetching'}
      onClick={() => {
        void query.refetch()
      }}
    >
      <Trans>Try again</Trans>
    </Button>
  )
  return (
    <div className={`${styles.page} ${styles.loadingPage}`}>
      <SignupHeader programme={null} />
      <div className={styles.state}>
        {query.fetchStatus === 'paused' ? (
          <>
            <Alert variant="warning" title={<Trans>You are offline</Trans>}>
              <Trans>The sign-up form needs a connection the first time it is opened.</Trans>
            </Alert>
            {retry}
          </>
        ) : query.isError ? (
          <>
            <Alert variant="error" title={<Trans>The sign-up form could not be loaded</Trans>}>
              {i18n._(queryErrorMessage(query.error))}
            </Alert>
            {retry}
          </>
        ) : (
          <Spinner label={t`Loading…`} />
        )}
      </div>
    </div>
  )
}

/**
 * Seeds 2.5 /signup/{owner}/{country?}: the study's page with its form (standard or the Saudi four
 * steps), replaced by the success confirmation once sent. An owner the studies do not know goes
 * to /404. Works offline from the last copy of the study data, with the applicant's draft.
 */
export function SignupPage(props: SignupPageProps) {
  const { t } = useLingui()
  const metadata = useQuery(signupMetadataQueryOptions())
  // Both before the first paint of the page, so the form does not push the page down as it comes.
  const draft = useStoredDraft(props.owner)
  const [sent, setSent] = useState(false)
  const programme = metadata.data?.find((p) => p.owner === props.owner)
  const study = useStudyName(programme)
  // The form's first render is a transition that yields to the browser (the loading state stays
  // on screen until it commits), not one long task as the query's answer comes in.
  const ready = useDeferredValue(metadata.data !== undefined && !draft.isPending)

  useEffect(() => {
    document.title = study === '' ? t`Sign up – Whitebox` : t`Sign up – ${study}`
  }, [study, t])

  if (!ready || metadata.data === undefined) return <MetadataState query={metadata} />
  if (!programme) return <Navigate to="/404" replace />
  return (
    <SignupLayout programme={programme}>
      {/* On the Saudi steps after the first, the form comes first on a phone's screen. */}
      <SignupIntro
        programme={programme}
        showText={!sent && (programme.form !== 'saudi' || (props.search.step ?? 1) <= 1)}
      />
      {sent ? (
        <SignupSuccess programme={programme} />
      ) : (
        <SignupForms
          programme={programme}
          draft={draft.data ?? null}
          props={props}
          onSuccess={() => {
            setSent(true)
            props.onSent()
          }}
        />
      )}
    </SignupLayout>
  )
}
