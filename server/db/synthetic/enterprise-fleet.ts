/**
 * The enterprise demo fleet (issue 23 §1): who the units of the analysts' panel are — country,
 * region, ISP, package, technology, hub site, CMTS and MAC domain, custom fields, position.
 * Pure and deterministic (seeded per unit); the results themselves are generated inside PostgreSQL
 * (server/db/seed-enterprise.ts).
 */
import { mulberry32, pick, uniform } from './prng.ts'

export const TECHNOLOGIES = ['dsl', 'cable', 'fibre', '4g', '5g'] as const
export type Technology = (typeof TECHNOLOGIES)[number]

/** Packages the fleet adds to the demo's (mobile and copper lines the consumer demo lacks). */
export const EXTRA_PACKAGES: [isp: string, name: string, downKbps: number, upKbps: number][] = [
  ['BT', 'Fibre Essential', 36_000, 9_000],
  ['BT', 'EE 5G Home', 300_000, 50_000],
  ['Telstra', '5G Home Internet', 200_000, 30_000],
  ['Optus', '4G Home Wireless', 50_000, 10_000],
  ['2degrees', 'VDSL', 50_000, 10_000],
  ['Spark', 'Wireless Broadband', 50_000, 10_000],
]

/** The technology of a package by its ISP and name. */
export function technologyOf(isp: string, packageName: string): Technology {
  if (/5G/.test(packageName)) return '5g'
  if (/4G|Wireless/.test(packageName)) return '4g'
  if (isp === 'Virgin Media') return 'cable'
  if (isp === 'Optus') return 'cable'
  if (/VDSL|Essential|Superfast/.test(packageName)) return 'dsl'
  return 'fibre'
}

type Region = {
  name: string
  code: string
  timezone: string
  latitude: number
  longitude: number
}
type CountryPlan = {
  countryId: number
  weight: number
  isps: readonly [string, ...string[]]
  regions: readonly [Region, ...Region[]]
}

export const FLEET_COUNTRIES: readonly CountryPlan[] = [
  {
    countryId: 235,
    weight: 0.45,
    isps: ['BT', 'Virgin Media', 'Sky Broadband'],
    regions: [
      {
        name: 'London',
        code: 'LON',
        timezone: 'Europe/London',
        latitude: 51.507,
        longitude: -0.128,
      },
      {
        name: 'North West',
        code: 'NWE',
        timezone: 'Europe/London',
        latitude: 53.48,
        longitude: -2.242,
      },
      {
        name: 'Midlands',
        code: 'MID',
        timezone: 'Europe/London',
        latitude: 52.486,
        longitude: -1.89,
      },
      {
        name: 'Scotland',
        code: 'SCO',
        timezone: 'Europe/London',
        latitude: 55.953,
        longitude: -3.188,
      },
      {
        name: 'Wales',
        code: 'WAL',
        timezone: 'Europe/London',
        latitude: 51.481,
        longitude: -3.179,
      },
    ],
  },
  {
    countryId: 14,
    weight: 0.35,
    isps: ['Telstra', 'Optus', 'Aussie Broadband'],
    regions: [
      {
        name: 'New South Wales',
        code: 'NSW',
        timezone: 'Australia/Sydney',
        latitude: -33.869,
        longitude: 151.209,
      },
      {
        name: 'Victoria',
        code: 'VIC',
        timezone: 'Australia/Melbourne',
        latitude: -37.814,
        longitude: 144.963,
      },
      {
        name: 'Queensland',
        code: 'QLD',
        timezone: 'Australia/Brisbane',
        latitude: -27.47,
        longitude: 153.026,
      },
      {
        name: 'Western Australia',
        code: 'WA',
        timezone: 'Australia/Perth',
        latitude: -31.95,
        longitude: 115.86,
      },
      {
        name: 'South Australia',
        code: 'SA',
        timezone: 'Australia/Adelaide',
        latitude: -34.929,
        longitude: 138.601,
      },
    ],
  },
  {
    countryId: 158,
    weight: 0.2,
    isps: ['Spark', 'One NZ', '2degrees'],
    regions: [
      {
        name: 'Auckland',
        code: 'AKL',
        timezone: 'Pacific/Auckland',
        latitude: -36.849,
        longitude: 174.763,
      },
      {
        name: 'Wellington',
        code: 'WLG',
        timezone: 'Pacific/Auckland',
        latitude: -41.287,
        longitude: 174.776,
      },
      {
        name: 'Canterbury',
        code: 'CHC',
        timezone: 'Pacific/Auckland',
        latitude: -43.532,
        longitude: 172.637,
      },
    ],
  },
]

/** A package as the fleet plan sees it. */
export type FleetPackage = { id: number; isp: string; ispId: number; name: string }

/** One unit of the enterprise fleet. */
export type FleetUnit = {
  index: number
  countryId: number
  region: string
  timezone: string
  ispId: number
  packageId: number
  technology: Technology
  hubSite: string
  cmtsName: string | null
  macDomain: string | null
  custom: Record<string, string>
  latitude: number
  longitude: number
  /** Minutes since it last reported (a few units are offline). */
  silentMinutes: number
}

const SEGMENTS = ['residential', 'residential', 'residential', 'business'] as const
const BUILDINGS = ['house', 'house', 'apartment', 'terrace'] as const
const ROUTERS = ['ISP router', 'ISP router', 'Own router', 'Mesh'] as const

/** The `index`-th unit of the fleet (0-based), from the packages the database holds. */
export function fleetUnit(index: number, packages: readonly FleetPackage[]): FleetUnit {
  const random = mulberry32(0x23_0000 + index)
  const draw = random()
  let country = FLEET_COUNTRIES[0]
  let cumulative = 0
  for (const plan of FLEET_COUNTRIES) {
    cumulative += plan.weight
    if (draw < cumulative) {
      country = plan
      break
    }
  }
  if (!country) throw new Error('no fleet country')
  const region = pick(random, country.regions)
  const isp = pick(random, country.isps)
  const offered = packages.filter((p) => p.isp === isp)
  const plan = offered[Math.floor(random() * offered.length)]
  if (!plan) throw new Error(`enterprise fleet: no package of ${isp}`)
  const technology = technologyOf(isp, plan.name)
  const hub = 1 + Math.floor(random() * 4)
  const hubSite = `${region.code}-HUB-${String(hub).padStart(2, '0')}`
  const cmts = 1 + Math.floor(random() * 3)
  const cmtsName = technology === 'cable' ? `${region.code}-CMTS-${hub}${cmts}` : null
  const macDomain = cmtsName ? `${cmtsName}-MD${1 + Math.floor(random() * 4)}` : null
  // Mobile units are spread wider around the region's centre than fixed lines.
  const spread = technology === '4g' || technology === '5g' ? 0.9 : 0.35
  return {
    index,
    countryId: country.countryId,
    region: region.name,
    timezone: region.timezone,
    ispId: plan.ispId,
    packageId: plan.id,
    technology,
    hubSite,
    cmtsName,
    macDomain,
    custom: {
      segment: pick(random, SEGMENTS),
      building: pick(random, BUILDINGS),
      router: pick(random, ROUTERS),
    },
    latitude: Math.round((region.latitude + uniform(random, -spread, spread)) * 1e5) / 1e5,
    longitude: Math.round((region.longitude + uniform(random, -spread, spread)) * 1e5) / 1e5,
    silentMinutes:
      random() < 0.02 ? 60 * (2 + Math.floor(random() * 70)) : Math.floor(random() * 5),
  }
}

/** The MAC of an enterprise fleet unit: D8:4F:B8 and three bytes of 0x200000 + its id. */
export function fleetMac(unitId: number): string {
  const value = 0x20_0000 + unitId
  const bytes = [0xd8, 0x4f, 0xb8, (value >> 16) & 0xff, (value >> 8) & 0xff, value & 0xff]
  return bytes.map((b) => b.toString(16).padStart(2, '0').toUpperCase()).join(':')
}
