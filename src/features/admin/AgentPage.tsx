import { useId, useMemo, useRef, useState, type SyntheticEvent } from 'react'
import type { MessageDescriptor } from '@lingui/core'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import {
  AdminCodes,
  METADATA_VALUE_MAX,
  metadataValueFits,
  type AdminAgentDetail,
  type MetadataField,
} from '#contracts/admin.ts'
import {
  adminKeys,
  agentQuery,
  metadataFieldsQuery,
  putAgentMetadata,
  setAgentState,
} from '../../api/admin.api'
import { metadataValuesQuery } from '../../api/admin-autocomplete.api'
import { ApiError } from '../../api/http'
import {
  ErrorSummary,
  FormAlert,
  useFieldErrors,
  useFormSubmit,
  type FieldCodes,
  type FieldSpecs,
} from '../../forms'
import { useOnline } from '../../offline/online-state'
import { queryErrorMessage } from '../../offline/QueryStatus'
import { Alert, Button, Card, LinkButton, PageTitle, Spinner, TextField, useToast } from '../../ui'
import { AuditLog } from './AuditLog'
import { ConfirmDialog } from '../../ui'
import { AgentStateBadge, BackLink, Facts, listStatus, useAdmin, useDateTime } from './shared'
import styles from './Admin.module.css'
import { formatIdNumber } from '../../lib/number-format'
import { useDebouncedValue } from '../../ui/useDebouncedValue'

/** A field's name as the form layer's noun: the panel's own display name, not translated. */
const nounOf = (field: MetadataField): MessageDescriptor => ({
  id: `admin.metadata.${field.key}`,
  message: field.display_name,
})

const inputType = (format: MetadataField['format']) =>
  format === 'number' ? 'text' : format === 'date' ? 'date' : 'text'

/**
 * Seeds 001 §3 one agent (issue 25): metadata, extended metadata, address, internet and router
 * connection; activate or deactivate (agents_manage, confirmed); edit metadata (metadata_manage).
 */
export function AgentPage({ agentId }: { agentId: number }) {
  const { t, i18n } = useLingui()
  const admin = useAdmin()
  const online = useOnline()
  const query = useQuery(agentQuery(admin.panelId, agentId))
  const fields = useQuery({
    ...metadataFieldsQuery(admin.panelId),
    enabled: admin.manageMetadata,
  })
  const [editing, setEditing] = useState(false)
  // The change history names the panel's metadata fields as the panel does.
  const fieldNames = useMemo(
    () => Object.fromEntries((fields.data ?? []).map((field) => [field.key, field.display_name])),
    [fields.data],
  )
  const id = String(agentId)
  const agentNumber = formatIdNumber(i18n.locale, agentId)
  const title = t`Agent ${agentNumber}`
  const status = listStatus(query, online)

  return (
    <>
      <BackLink to="/admin/agents">
        <Trans>All agents</Trans>
      </BackLink>
      <PageTitle documentTitle={title}>{title}</PageTitle>
      <LinkButton to="/admin/unit/$unitId" params={{ unitId: id }} style={{ alignSelf: 'start' }}>
        <Trans>Unit page</Trans>
      </LinkButton>
      {status === 'loading' ? <Spinner label={t`Loading…`} /> : null}
      {status === 'offline' ? (
        <Alert variant="info">
          <Trans>You are offline. This agent can be shown once you are back online.</Trans>
        </Alert>
      ) : null}
      {status === 'error' ? (
        <Alert variant="error" title={<Trans>The agent could not be loaded</Trans>}>
          {i18n._(queryErrorMessage(query.error))}
        </Alert>
      ) : null}
      {query.data ? (
        <>
          <StateCard detail={query.data} />
          {editing && fields.data ? (
            <MetadataForm
              detail={query.data}
              fields={fields.data}
              onDone={() => {
                setEditing(false)
              }}
            />
          ) : (
            <Card>
              <h2 className={styles.heading}>
                <Trans>Metadata</Trans>
              </h2>
              <MetadataFacts detail={query.data} fields={fields.data} />
              {admin.manageMetadata ? (
                <div className={styles.actions}>
                  <Button
                    variant="secondary"
                    disabled={!fields.data}
                    onClick={() => {
                      setEditing(true)
                    }}
                  >
                    <Trans>Edit metadata</Trans>
                  </Button>
                </div>
              ) : null}
            </Card>
          )}
          <DetailCards detail={query.data} />
          <AuditLog target={{ kind: 'agent', id: agentId }} keyLabels={fieldNames} />
        </>
      ) : null}
    </>
  )
}

function StateCard({ detail }: { detail: AdminAgentDetail }) {
  const { t } = useLingui()
  const admin = useAdmin()
  const queryClient = useQueryClient()
  const toast = useToast()
  const dateTime = useDateTime()
  const [confirming, setConfirming] = useState(false)
  const [busy, setBusy] = useState(false)
  const { agent } = detail
  const next = agent.state === 'active' ? 'inactive' : 'active'
  const owner = [agent.first_name, agent.last_name].filter(Boolean).join(' ')

  const change = async () => {
    setBusy(true)
    try {
      const updated = await setAgentState(admin.panelId, agent.agent_id, next)
      queryClient.setQueryData(adminKeys.agent(admin.panelId, agent.agent_id), updated)
      void queryClient.invalidateQueries({ queryKey: adminKeys.agents(admin.panelId) })
      toast.show({
        message: next === 'active' ? t`The agent is active.` : t`The agent is inactive.`,
      })
    } catch (error) {
      const allowance = error instanceof ApiError && error.code === AdminCodes.ALLOWANCE_EXCEEDED
      toast.show({
        message: allowance
          ? t`This month’s activation allowance is used up: the agent stays inactive.`
          : navigator.onLine
            ? t`The agent’s state could not be changed. Try again.`
            : t`You are offline: the agent’s state can be changed once you are back online.`,
        variant: 'error',
      })
    } finally {
      setBusy(false)
      setConfirming(false)
    }
  }

  return (
    <Card>
      <div className={styles.row}>
        <AgentStateBadge state={agent.state} />
      </div>
      <Facts
        items={[
          { label: <Trans>MAC address</Trans>, value: agent.mac, ltr: true },
          { label: <Trans>Serial number</Trans>, value: agent.serial_number, ltr: true },
          { label: <Trans>Owner</Trans>, value: owner === '' ? null : owner },
          { label: <Trans>Owner email</Trans>, value: agent.email, ltr: true },
          { label: <Trans>Last seen</Trans>, value: dateTime(agent.last_seen) },
          { label: <Trans>Firmware version</Trans>, value: agent.firmware_version, ltr: true },
        ]}
      />
      {admin.manageAgents ? (
        <div className={styles.actions}>
          <Button
            variant="secondary"
            loading={busy}
            onClick={() => {
              setConfirming(true)
            }}
          >
            {next === 'active' ? <Trans>Activate</Trans> : <Trans>Deactivate</Trans>}
          </Button>
        </div>
      ) : null}
      {confirming ? (
        <ConfirmDialog
          title={
            next === 'active' ? (
              <Trans>Activate this agent?</Trans>
            ) : (
              <Trans>Deactivate this agent?</Trans>
            )
          }
          confirmLabel={next === 'active' ? <Trans>Activate</Trans> : <Trans>Deactivate</Trans>}
          busy={busy}
          onConfirm={() => void change()}
          onCancel={() => {
            setConfirming(false)
          }}
        >
          {next === 'active' ? (
            <Trans>The agent will run its tests again.</Trans>
          ) : (
            <Trans>The agent stops running tests until it is activated again.</Trans>
          )}
        </ConfirmDialog>
      ) : null}
    </Card>
  )
}

function MetadataFacts({
  detail,
  fields,
}: {
  detail: AdminAgentDetail
  fields: readonly MetadataField[] | undefined
}) {
  const named = new Map((fields ?? []).map((field) => [field.key, field.display_name]))
  const keys = fields ? fields.map((field) => field.key) : Object.keys(detail.metadata)
  if (keys.length === 0) {
    return (
      <p className={styles.muted}>
        <Trans>No metadata fields are set up for this subscription.</Trans>
      </p>
    )
  }
  return (
    <Facts
      items={keys.map((key) => ({
        label: named.get(key) ?? key,
        value:
          detail.metadata[key] === undefined || detail.metadata[key] === ''
            ? '—'
            : detail.metadata[key],
      }))}
    />
  )
}

function DetailCards({ detail }: { detail: AdminAgentDetail }) {
  const { i18n, t } = useLingui()
  const speed = (kbps: number | null) =>
    kbps === null
      ? null
      : new Intl.NumberFormat(i18n.locale, { maximumFractionDigits: 1 }).format(kbps / 1000)
  const extended = Object.entries(detail.extended_metadata)
  // The attributes the platform derives (contracts/admin.ts); an unknown one shows its key.
  const extendedLabels: Record<string, string> = {
    technology: t`Technology`,
    region: t`Region`,
    hub_site: t`Hub site`,
    cmts_name: t`CMTS`,
    mac_domain: t`MAC domain`,
  }
  const address = detail.address
  const internet = detail.internet_connection
  const router = detail.router_connection
  return (
    <div className={styles.grid}>
      <Card>
        <h2 className={styles.heading}>
          <Trans>Extended metadata</Trans>
        </h2>
        {extended.length === 0 ? (
          <p className={styles.muted}>
            <Trans>Nothing is known yet.</Trans>
          </p>
        ) : (
          <Facts
            items={extended.map(([key, value]) => ({ label: extendedLabels[key] ?? key, value }))}
          />
        )}
      </Card>
      <Card>
        <h2 className={styles.heading}>
          <Trans>Address</Trans>
        </h2>
        {address === null ? (
          <p className={styles.muted}>
            <Trans>No address is recorded.</Trans>
          </p>
        ) : (
          <address style={{ fontStyle: 'normal' }}>
            {[address.line1, address.line2, address.line3, address.city, address.postcode]
              .filter((line): line is string => line !== null && line !== '')
              .map((line, index) => (
                <div key={index}>{line}</div>
              ))}
          </address>
        )}
      </Card>
      <Card>
        <h2 className={styles.heading}>
          <Trans>Internet connection</Trans>
        </h2>
        <Facts
          items={[
            { label: <Trans>ISP</Trans>, value: internet.isp },
            { label: <Trans>Package</Trans>, value: internet.package },
            { label: <Trans>Download (Mbps)</Trans>, value: speed(internet.download_kbps) },
            { label: <Trans>Upload (Mbps)</Trans>, value: speed(internet.upload_kbps) },
            { label: <Trans>Technology</Trans>, value: internet.technology },
          ]}
        />
      </Card>
      <Card>
        <h2 className={styles.heading}>
          <Trans>Router connection</Trans>
        </h2>
        <Facts
          items={[
            { label: <Trans>Router mode</Trans>, value: router.router_mode },
            { label: <Trans>Gateway IP</Trans>, value: router.gateway_ip, ltr: true },
            { label: <Trans>Gateway MAC</Trans>, value: router.gateway_mac, ltr: true },
            { label: <Trans>Link speed</Trans>, value: router.link_speed },
            { label: <Trans>Duplex</Trans>, value: router.duplex },
          ]}
        />
      </Card>
    </div>
  )
}

/** Edits an agent's metadata (metadata_manage): one field per panel field, checked by format. */
function MetadataForm({
  detail,
  fields,
  onDone,
}: {
  detail: AdminAgentDetail
  fields: readonly MetadataField[]
  onDone: () => void
}) {
  const { t } = useLingui()
  const admin = useAdmin()
  const queryClient = useQueryClient()
  const toast = useToast()
  const formRef = useRef<HTMLFormElement>(null)
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(fields.map((field) => [field.key, detail.metadata[field.key] ?? ''])),
  )
  const specs: FieldSpecs<string> = Object.fromEntries(
    fields.map((field) => [field.key, { noun: nounOf(field), control: `metadata-${field.key}` }]),
  )
  const form = useFormSubmit({ formRef })
  const { errorFor, summary } = useFieldErrors(specs, form.codes)
  const agentId = detail.agent.agent_id

  const handleSubmit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault()
    const local: FieldCodes = {}
    const changed: Record<string, string> = {}
    for (const field of fields) {
      const value = (values[field.key] ?? '').trim()
      if (!metadataValueFits(field.format, value)) local[field.key] = 'INVALID'
      if (value !== (detail.metadata[field.key] ?? '')) changed[field.key] = value
    }
    if (Object.keys(local).length === 0 && Object.keys(changed).length === 0) {
      onDone()
      return
    }
    const outcome = await form.submit({
      local,
      fieldOf: (name) => (name.startsWith('metadata.') ? name.slice('metadata.'.length) : null),
      send: async () => {
        const updated = await putAgentMetadata(admin.panelId, agentId, changed)
        queryClient.setQueryData(adminKeys.agent(admin.panelId, agentId), updated)
      },
    })
    if (outcome.status === 'sent') {
      toast.show({ message: t`The metadata is saved.` })
      onDone()
    }
  }

  return (
    <Card>
      <form ref={formRef} className={styles.form} noValidate onSubmit={(e) => void handleSubmit(e)}>
        <h2 className={styles.heading}>
          <Trans>Edit metadata</Trans>
        </h2>
        {form.offline ? (
          <FormAlert variant="warning" title={<Trans>You are offline</Trans>}>
            <Trans>
              Saving metadata needs an internet connection. What you typed stays here; save again
              when you are back online.
            </Trans>
          </FormAlert>
        ) : null}
        {form.failure?.kind === 'other' ? (
          <FormAlert variant="error" title={<Trans>The metadata could not be saved</Trans>}>
            <Trans>Something went wrong. Please try again.</Trans>
          </FormAlert>
        ) : null}
        <ErrorSummary items={summary} formRef={formRef} />
        {fields.map((field) => (
          <MetadataValueField
            key={field.key}
            field={field}
            value={values[field.key] ?? ''}
            error={errorFor(field.key)}
            onChange={(value) => {
              setValues((current) => ({ ...current, [field.key]: value }))
              form.edited(field.key)
            }}
          />
        ))}
        <div className={styles.actions}>
          <Button type="submit" loading={form.submitting}>
            <Trans>Save metadata</Trans>
          </Button>
          <Button variant="text" onClick={onDone}>
            <Trans>Cancel</Trans>
          </Button>
        </div>
      </form>
    </Card>
  )
}

/** How long the value suggestions wait after the last key before asking the server. */
const SUGGEST_DELAY_MS = 250

/**
 * One metadata field of the edit form (issue 25, seeds 001 §7.5): while it has the focus, it
 * suggests the panel's existing values of that field that start with what is typed (the
 * server's prefix search), as the input's native list: a combobox to assistive technology.
 * A date field suggests nothing (its picker is the browser's).
 */
function MetadataValueField({
  field,
  value,
  error,
  onChange,
}: {
  field: MetadataField
  value: string
  error: ReturnType<ReturnType<typeof useFieldErrors>['errorFor']>
  onChange: (value: string) => void
}) {
  const admin = useAdmin()
  const online = useOnline()
  const listId = useId()
  const [focused, setFocused] = useState(false)
  const prefix = useDebouncedValue(value.trim(), SUGGEST_DELAY_MS)
  const suggests = field.format !== 'date'
  const suggestions = useQuery({
    ...metadataValuesQuery(admin.panelId, field.key, prefix),
    enabled: suggests && focused && online,
  })
  // The value already typed in full is no suggestion.
  const offered = (suggestions.data ?? []).filter((suggestion) => suggestion !== value)
  return (
    <TextField
      label={field.display_name}
      name={`metadata-${field.key}`}
      type={inputType(field.format)}
      inputMode={field.format === 'number' ? 'decimal' : undefined}
      maxLength={METADATA_VALUE_MAX}
      autoComplete="off"
      // A combobox only while there is something to suggest; a plain text field otherwise.
      list={offered.length > 0 ? listId : undefined}
      hint={
        field.format === 'number' ? (
          <Trans>A number, such as 3 or 2.5.</Trans>
        ) : field.format === 'boolean' ? (
          <Trans>true or false.</Trans>
        ) : undefined
      }
      value={value}
      error={error}
      onFocus={() => {
        setFocused(true)
      }}
      onChange={(event) => {
        onChange(event.target.value)
      }}
      trailing={
        offered.length > 0 ? (
          <datalist id={listId}>
            {offered.map((suggestion) => (
              <option key={suggestion} value={suggestion} />
            ))}
          </datalist>
        ) : undefined
      }
    />
  )
}
