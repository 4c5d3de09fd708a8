import { useEffect, useRef, type SyntheticEvent } from 'react'
import { msg } from '@lingui/core/macro'
import { useMutationState, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import type { HcLocale } from '#contracts/help-centre.ts'
import {
  ErrorSummary,
  fieldCodesOf,
  focusFirstInvalid,
  FormAlert,
  useFieldErrors,
  useFormSubmit,
  type FieldCodes,
} from '../../forms'
import { useSession } from '../../session'
import { Alert, Button, Spinner, TextAreaField, TextField } from '../../ui'
import { Breadcrumbs } from './Breadcrumbs'
import { HcTitle } from './HcTitle'
import { HC_REQUEST_SEND_KEY, startHelpRequestSend, submitHelpRequest, wasStarted } from './queue'
import {
  draftKeyFor,
  editDraft,
  updateDraft,
  useDraft,
  type HelpRequestDraft,
  type HelpRequestFields,
  type PendingSend,
} from './request-draft'
import {
  buildHcRequest,
  fieldOfServerError,
  REQUEST_LIMITS,
  validateHelpRequest,
  type RequestField,
} from './request-form'
import styles from './help-centre.module.css'

const FIELDS = {
  name: { noun: msg`name` },
  email: { noun: msg`email address` },
  subject: { noun: msg`subject` },
  body: { noun: msg`description`, control: 'description' },
}

/** A confirmation stays on the form for a day, then the form is blank again. */
const CONFIRMATION_MS = 24 * 60 * 60 * 1000

type SendState = 'waiting' | 'sending' | 'stalled'

/** Where the send of a pending request is: waiting for a connection, on its way, or stuck. */
function useSendState(pending: PendingSend | null): SendState | null {
  const live = useMutationState({
    filters: { mutationKey: [...HC_REQUEST_SEND_KEY], status: 'pending' },
    select: (mutation) => {
      const variables = mutation.state.variables as { clientId?: unknown } | undefined
      return { clientId: variables?.clientId, paused: mutation.state.isPaused }
    },
  }).find((send) => send.clientId === pending?.clientId)
  if (!pending) return null
  if (live) return live.paused ? 'waiting' : 'sending'
  // Not under way: the outbox starts it (a moment), or it failed and waits for the user.
  return wasStarted(pending.clientId) ? 'stalled' : 'sending'
}

function Summary({ request }: { request: PendingSend['request']['request'] }) {
  return (
    <dl className={styles.summary}>
      <dt>
        <Trans>Your name</Trans>
      </dt>
      <dd>{request.requester.name}</dd>
      <dt>
        <Trans>Email address</Trans>
      </dt>
      <dd>{request.requester.email}</dd>
      <dt>
        <Trans>Subject</Trans>
      </dt>
      <dd>{request.subject}</dd>
      <dt>
        <Trans>Description</Trans>
      </dt>
      <dd>{request.comment.body}</dd>
    </dl>
  )
}

function PendingView({
  pending,
  state,
  onRetry,
}: {
  pending: PendingSend
  state: SendState
  onRetry: () => void
}) {
  return (
    <div className={styles.form} data-testid="hc-request-pending" data-state={state}>
      <div tabIndex={-1} data-status-focus>
        {state === 'waiting' ? (
          <Alert
            variant="warning"
            title={<Trans>Your request will be sent when you're back online</Trans>}
          >
            <Trans>
              You are offline. Your request is saved on this device and goes out by itself as soon
              as there is a connection. If you close this page first, it goes out the next time you
              open the help centre.
            </Trans>
          </Alert>
        ) : state === 'sending' ? (
          <Alert variant="info" title={<Trans>Sending your request…</Trans>}>
            <Spinner size="small" />
          </Alert>
        ) : (
          <Alert variant="error" title={<Trans>Your request has not been sent yet</Trans>}>
            <Trans>The help centre could not be reached. It is kept on this device.</Trans>
          </Alert>
        )}
      </div>
      <Summary request={pending.request.request} />
      {state === 'stalled' ? (
        <div className={styles.actions}>
          <Button onClick={onRetry}>
            <Trans>Try again</Trans>
          </Button>
        </div>
      ) : null}
    </div>
  )
}

function SentView({
  draft,
  onAnother,
  locale,
}: {
  draft: HelpRequestDraft & { sent: NonNullable<HelpRequestDraft['sent']> }
  onAnother: () => void
  locale: HcLocale
}) {
  const id = draft.sent.requestId
  return (
    <div className={styles.form} data-testid="hc-request-sent" data-request-id={id}>
      <div tabIndex={-1} data-status-focus>
        <Alert variant="success" title={<Trans>Your request has been sent</Trans>}>
          <Trans>Your request number is {id}. We will answer by email.</Trans>
        </Alert>
      </div>
      <div className={styles.actions}>
        <Button variant="secondary" onClick={onAnother}>
          <Trans>Send another request</Trans>
        </Button>
        <Link to="/hc/{-$locale}" params={{ locale }} className={styles.pagerLink}>
          <Trans>Back to the help centre</Trans>
        </Link>
      </div>
    </div>
  )
}

/**
 * Seeds 000 §2.7 requests/new: name, email (filled in when signed in), subject and description,
 * kept as a draft on this device. Offline, Send queues the request: it is sent on reconnect (also
 * after a reload), and the page shows where it is. Success shows the request number.
 */
export function RequestPage({ locale }: { locale: HcLocale }) {
  const { t } = useLingui()
  const session = useSession()
  const queryClient = useQueryClient()
  const draftKey = draftKeyFor(session?.userId)
  const draft = useDraft(draftKey)
  const sendState = useSendState(draft?.pending ?? null)
  const formRef = useRef<HTMLFormElement>(null)
  // Offline Send queues the request: the form never refuses for want of a connection.
  const form = useFormSubmit<RequestField>({ formRef, needsConnection: false })

  // Signed in: the name and email of the account, where the draft has none (once per draft
  // load: a field the user empties afterwards stays empty).
  const identity = {
    name: session ? `${session.firstName} ${session.lastName}`.trim() : '',
    email: session?.email ?? '',
  }
  const prefilled = useRef<string | null>(null)
  useEffect(() => {
    if (!draft || prefilled.current === draftKey) return
    prefilled.current = draftKey
    const patch = withIdentity(draft, identity)
    if (Object.keys(patch).length > 0) editDraft(draftKey, patch)
  })

  // A change of what the page shows (queued, sent, refused) is announced by moving focus to it.
  const view = viewOf(draft)
  const previousView = useRef(view)
  useEffect(() => {
    if (previousView.current === view) return
    const before = previousView.current
    previousView.current = view
    if (before === 'loading') return
    if (view === 'form') focusFirstInvalid(formRef.current)
    else document.querySelector<HTMLElement>('[data-status-focus]')?.focus()
  }, [view])

  // The server's refusal of the last send is kept in the draft (it may come back after a reload).
  const refusalCodes = fieldCodesOf(draft?.refusal?.errors, fieldOfServerError)
  const shown: FieldCodes<RequestField> = { ...refusalCodes, ...form.codes }
  const { errorFor, summary } = useFieldErrors(FIELDS, shown)

  const handleSubmit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (!draft) return
    await form.submit({
      local: validateHelpRequest(draft),
      send: async () => {
        await submitHelpRequest(queryClient, draftKey, buildHcRequest(draft, locale))
        // Kept in the draft until it reaches the server (the pending view says where it is).
        return 'queued'
      },
    })
  }

  const edit = (patch: Partial<HelpRequestFields>) => {
    editDraft(draftKey, patch)
  }

  const header = (
    <>
      <Breadcrumbs locale={locale} />
      <HcTitle documentTitle={t`Submit a request – Help centre`}>
        <Trans>Submit a request</Trans>
      </HcTitle>
    </>
  )

  if (!draft) {
    return (
      <div className={styles.page}>
        {header}
        <Spinner label={t`Loading…`} />
      </div>
    )
  }

  const pending = draft.pending
  if (pending && sendState) {
    return (
      <div className={styles.page}>
        {header}
        <PendingView
          pending={pending}
          state={sendState}
          onRetry={() => {
            startHelpRequestSend(queryClient, {
              clientId: pending.clientId,
              draftKey,
              body: pending.request,
            })
          }}
        />
      </div>
    )
  }

  if (showsConfirmation(draft)) {
    return (
      <div className={styles.page}>
        {header}
        <SentView
          draft={draft}
          locale={locale}
          onAnother={() => {
            void updateDraft(draftKey, (current) => ({
              ...current,
              ...withIdentity(current, identity),
              sent: null,
            }))
          }}
        />
      </div>
    )
  }

  const refused = draft.refusal !== null && Object.keys(refusalCodes).length === 0
  return (
    <div className={styles.page}>
      {header}
      <p className={styles.lead}>
        <Trans>
          Tell us what you need and we will answer by email. What you type is kept on this device
          until it is sent.
        </Trans>
      </p>
      <form ref={formRef} className={styles.form} noValidate onSubmit={(e) => void handleSubmit(e)}>
        {refused ? (
          <FormAlert variant="error" title={<Trans>Your request could not be sent</Trans>}>
            <Trans>Check what you wrote and try again.</Trans>
          </FormAlert>
        ) : null}
        <ErrorSummary items={summary} formRef={formRef} />
        <TextField
          label={<Trans>Your name</Trans>}
          name="name"
          autoComplete="name"
          required
          maxLength={REQUEST_LIMITS.name}
          value={draft.name}
          error={errorFor('name')}
          onChange={(e) => {
            edit({ name: e.target.value })
          }}
        />
        <TextField
          label={<Trans>Email address</Trans>}
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          maxLength={REQUEST_LIMITS.email}
          value={draft.email}
          error={errorFor('email')}
          onChange={(e) => {
            edit({ email: e.target.value })
          }}
        />
        <TextField
          label={<Trans>Subject</Trans>}
          name="subject"
          autoComplete="off"
          required
          maxLength={REQUEST_LIMITS.subject}
          value={draft.subject}
          error={errorFor('subject')}
          onChange={(e) => {
            edit({ subject: e.target.value })
          }}
        />
        <TextAreaField
          label={<Trans>Description</Trans>}
          hint={<Trans>What happened, and what you have tried already.</Trans>}
          name="description"
          required
          maxLength={REQUEST_LIMITS.body}
          value={draft.body}
          error={errorFor('body')}
          onChange={(e) => {
            edit({ body: e.target.value })
          }}
        />
        {form.online ? null : (
          <Alert variant="info" title={<Trans>You are offline</Trans>}>
            <Trans>You can still send: your request will go out when you are back online.</Trans>
          </Alert>
        )}
        <div className={styles.actions}>
          <Button type="submit" data-testid="hc-request-submit">
            <Trans>Send request</Trans>
          </Button>
        </div>
      </form>
    </div>
  )
}

type View = 'loading' | 'pending' | 'sent' | 'form'

function viewOf(draft: HelpRequestDraft | undefined): View {
  if (!draft) return 'loading'
  if (draft.pending) return 'pending'
  return showsConfirmation(draft) ? 'sent' : 'form'
}

/** The account's name and email for the fields of a draft that are empty. */
function withIdentity(
  draft: HelpRequestFields,
  identity: Pick<HelpRequestFields, 'name' | 'email'>,
): Partial<HelpRequestFields> {
  const patch: Partial<HelpRequestFields> = {}
  if (draft.name === '' && identity.name !== '') patch.name = identity.name
  if (draft.email === '' && identity.email !== '') patch.email = identity.email
  return patch
}

function showsConfirmation(
  draft: HelpRequestDraft,
  now = Date.now(),
): draft is HelpRequestDraft & { sent: NonNullable<HelpRequestDraft['sent']> } {
  return draft.pending === null && draft.sent !== null && now - draft.sent.sentAt < CONFIRMATION_MS
}
