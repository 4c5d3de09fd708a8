import { useEffect, useRef, useState, type SyntheticEvent } from 'react'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import {
  SUPPORT_BODY_MAX_LENGTH,
  SUPPORT_EMAIL,
  SUPPORT_SUBJECT_MAX_LENGTH,
  type SupportTopic,
} from '#contracts/settings.ts'
import { postSupportRequest } from '../../api/settings.api'
import {
  ErrorSummary,
  fieldIn,
  FormAlert,
  useFieldErrors,
  useFormSubmit,
  type FieldCodes,
} from '../../forms'
import { useSession } from '../../session'
import { Alert, Button, PageTitle, SelectField, TextAreaField, TextField } from '../../ui'
import {
  EMPTY_DRAFT,
  readContactDraft,
  writeContactDraft,
  type ContactDraft,
} from './contact-draft'
import styles from './settings.module.css'

const FIELDS = {
  topic: { noun: msg`topic` },
  subject: { noun: msg`subject` },
  body: { noun: msg`message`, control: 'message' },
}
type ContactField = keyof typeof FIELDS

function TopicOption({ topic }: { topic: SupportTopic }) {
  const { t } = useLingui()
  const labels: Record<SupportTopic, string> = {
    connection: t`My connection or results`,
    whitebox: t`My Whitebox device`,
    account: t`My account`,
    other: t`Something else`,
  }
  return <option value={topic}>{labels[topic]}</option>
}

/** Seeds 2.4 contact: how to reach us, and a support request form (kept as a draft on the device). */
export function ContactPage() {
  const { t } = useLingui()
  const session = useSession()
  const userId = session?.userId
  const formRef = useRef<HTMLFormElement>(null)
  const [draft, setDraft] = useState<ContactDraft>(() =>
    userId === undefined ? EMPTY_DRAFT : readContactDraft(userId),
  )
  const [sentId, setSentId] = useState<number | null>(null)
  const form = useFormSubmit<ContactField>({ formRef })
  const { errorFor, summary } = useFieldErrors(FIELDS, form.codes)

  useEffect(() => {
    if (userId !== undefined) writeContactDraft(userId, draft)
  }, [userId, draft])

  if (!session) return null

  const edit = (patch: Partial<ContactDraft>) => {
    setDraft((current) => ({ ...current, ...patch }))
    setSentId(null)
  }

  const handleSubmit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault()
    const missing: FieldCodes<ContactField> = {}
    if (draft.topic === '') missing.topic = 'MISSING'
    if (draft.subject.trim() === '') missing.subject = 'MISSING'
    if (draft.body.trim() === '') missing.body = 'MISSING'
    const topic = draft.topic
    await form.submit({
      local: missing,
      fieldOf: fieldIn(FIELDS),
      send: async () => {
        if (topic === '') return
        const created = await postSupportRequest(session.sub, {
          topic,
          subject: draft.subject.trim(),
          body: draft.body.trim(),
        })
        setDraft(EMPTY_DRAFT)
        setSentId(created.id)
      },
    })
  }

  const email = session.email
  return (
    <div className={styles.page}>
      <PageTitle documentTitle={t`Contact us`}>
        <Trans>Contact us</Trans>
      </PageTitle>
      <section className={styles.section} aria-labelledby="contact-reach">
        <h2 id="contact-reach" className={styles.sectionTitle}>
          <Trans>How to reach us</Trans>
        </h2>
        <p className={styles.text}>
          <Trans>
            Many answers are in our <Link to="/hc">help centre</Link>. You can also email us at{' '}
            <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>, or send us a message below. We
            usually reply within two working days.
          </Trans>
        </p>
      </section>
      <section className={styles.section} aria-labelledby="contact-form">
        <h2 id="contact-form" className={styles.sectionTitle}>
          <Trans>Send us a message</Trans>
        </h2>
        <form
          ref={formRef}
          className={styles.form}
          noValidate
          onSubmit={(e) => void handleSubmit(e)}
        >
          {sentId !== null ? (
            <Alert variant="success" title={<Trans>Thank you, your message has been sent</Trans>}>
              <Trans>
                Your request number is {sentId}. We will reply to {email}.
              </Trans>
            </Alert>
          ) : null}
          {form.offline ? (
            <FormAlert variant="warning" title={<Trans>You are offline</Trans>}>
              <Trans>
                Sending a message needs an internet connection. Your message is kept on this device;
                send it when you are back online.
              </Trans>
            </FormAlert>
          ) : null}
          {form.failure?.kind === 'other' ? (
            <FormAlert variant="error" title={<Trans>Your message could not be sent</Trans>}>
              <Trans>Something went wrong. Please try again, or email us.</Trans>
            </FormAlert>
          ) : null}
          <ErrorSummary items={summary} formRef={formRef} />
          {/* Once sent, the confirmation above says where the reply goes. */}
          {sentId === null ? (
            <p className={styles.muted}>
              <Trans>We will reply to {email}.</Trans>
            </p>
          ) : null}
          <SelectField
            label={<Trans>What is it about?</Trans>}
            name="topic"
            required
            value={draft.topic}
            error={errorFor('topic')}
            onChange={(e) => {
              const value = e.target.value
              edit({ topic: value === '' ? '' : (value as SupportTopic) })
            }}
          >
            <option value="">{t`Choose a topic`}</option>
            <TopicOption topic="connection" />
            <TopicOption topic="whitebox" />
            <TopicOption topic="account" />
            <TopicOption topic="other" />
          </SelectField>
          <TextField
            label={<Trans>Subject</Trans>}
            name="subject"
            autoComplete="off"
            required
            maxLength={SUPPORT_SUBJECT_MAX_LENGTH}
            value={draft.subject}
            error={errorFor('subject')}
            onChange={(e) => {
              edit({ subject: e.target.value })
            }}
          />
          <TextAreaField
            label={<Trans>Message</Trans>}
            name="message"
            required
            maxLength={SUPPORT_BODY_MAX_LENGTH}
            value={draft.body}
            error={errorFor('body')}
            onChange={(e) => {
              edit({ body: e.target.value })
            }}
          />
          <div className={styles.actions}>
            <Button type="submit" loading={form.submitting}>
              <Trans>Send message</Trans>
            </Button>
          </div>
        </form>
      </section>
    </div>
  )
}
