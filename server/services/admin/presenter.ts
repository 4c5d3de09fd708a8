import type {
  AdminAgentDetail,
  AdminAgentRow,
  AdminUserRow,
  MetadataField,
} from '../../../contracts/admin.ts'
import { userStatusOf } from '../../../contracts/admin.ts'
import { lmapConfigOf } from '../zeus/unit-search/presenter.ts'
import { OFFLINE_AFTER_MS } from '../zeus/units/repository.ts'
import type { AdminAgentDetailRecord, AdminAgentRecord } from './agents.repository.ts'
import type { AdminUserRecord, MetadataFieldRecord } from './users.repository.ts'

const iso = (epochMs: number | null) => (epochMs === null ? null : new Date(epochMs).toISOString())

const MOBILE_CONNECTIONS = new Set(['mobile', '3g', '4g', '5g'])

/** An environment fact as text, or null when the unit does not report it. */
function fact(environment: AdminAgentRecord['environment'], ...keys: string[]): string | null {
  for (const key of keys) {
    const value = environment?.[key]
    if (value !== undefined && value !== '') return String(value)
  }
  return null
}

/** Seeds 001 §3 agent/unit table row. */
export function presentAdminAgent(
  record: AdminAgentRecord,
  now: number,
  withLmapConfig: boolean,
): AdminAgentRow {
  const env = record.environment
  const connection = fact(env, 'connection')
  const mobile = connection !== null && MOBILE_CONNECTIONS.has(connection)
  return {
    agent_id: record.id,
    agent_type: fact(env, 'hardware') ?? 'Whitebox',
    unit_id: record.id,
    mac: record.mac,
    state: record.active ? 'active' : 'inactive',
    base: mobile ? 'mobile' : 'unit',
    isp: record.isp,
    package: record.package,
    country: record.country,
    serial_number: record.serialNumber,
    timezone: record.timezone,
    last_seen: iso(record.lastSeen),
    connected: record.lastSeen !== null && now - record.lastSeen <= OFFLINE_AFTER_MS,
    ip: fact(env, 'ip'),
    wan_ip: fact(env, 'wan_ip'),
    wan_ipv6: fact(env, 'wan_ipv6'),
    lan_ip: fact(env, 'lan_ip'),
    public_ip: fact(env, 'public_ip'),
    gateway_ip: fact(env, 'gateway_ip'),
    link_speed: fact(env, 'link_speed'),
    duplex: fact(env, 'duplex'),
    gateway_mac: fact(env, 'gateway_mac'),
    firmware_version: fact(env, 'firmware_version', 'firmware'),
    uptime: fact(env, 'uptime'),
    router_mode: fact(env, 'router_mode'),
    mobile_id: fact(env, 'mobile_id'),
    device_id: fact(env, 'device_id'),
    manufacturer: fact(env, 'manufacturer'),
    model: fact(env, 'model', 'hardware'),
    group: fact(env, 'group'),
    cpe_subscription: fact(env, 'cpe_subscription'),
    is_cpe: !mobile,
    email: record.email,
    first_name: record.firstName,
    last_name: record.lastName,
    ...(withLmapConfig
      ? { lmap_config: lmapConfigOf({ owned: record.ownerUserId !== null, connection }) }
      : {}),
  }
}

/** One agent's admin page (seeds 001 §3): the row, metadata, address and connections. */
export function presentAdminAgentDetail(
  record: AdminAgentDetailRecord,
  now: number,
): AdminAgentDetail {
  const agent = presentAdminAgent(record, now, true)
  return {
    agent,
    metadata: record.custom,
    extended_metadata: {
      technology: record.technology,
      region: record.region,
      hub_site: record.hubSite,
      cmts_name: record.cmtsName,
      mac_domain: record.macDomain,
    },
    address: record.address,
    internet_connection: {
      isp: record.isp,
      package: record.package,
      download_kbps: record.downloadKbps,
      upload_kbps: record.uploadKbps,
      technology: record.technology ?? fact(record.environment, 'connection'),
    },
    router_connection: {
      router_mode: agent.router_mode,
      gateway_ip: agent.gateway_ip,
      gateway_mac: agent.gateway_mac,
      link_speed: agent.link_speed,
      duplex: agent.duplex,
    },
  }
}

/** Seeds 001 §3 user table row. */
export function presentAdminUser(
  record: AdminUserRecord,
  panelId: number,
  now: Date,
  expiryDays: number,
): AdminUserRow {
  return {
    id: record.id,
    email: record.email,
    first_name: record.firstName,
    last_name: record.lastName,
    enabled: record.status === 'enabled',
    default_locale: record.defaultLocale,
    last_login: record.lastLoginAt?.toISOString() ?? null,
    super_admin: record.developer,
    failed_logins: record.failedLogins,
    created_at: record.createdAt.toISOString(),
    panel: panelId,
    user_status: userStatusOf(record, now, expiryDays),
    org_super_admin: record.orgSuperAdmin,
  }
}

export function presentMetadataField(record: MetadataFieldRecord): MetadataField {
  return {
    id: record.id,
    key: record.key,
    display_name: record.displayName,
    format: record.format,
    usage: record.usage,
  }
}
