/**
 * Installation details of the demo units: where they are, what they run on, their MAC domain.
 * Deterministic (seeded per unit) like the rest of the demo data.
 */
import type { UnitAddress, UnitGeoData } from '../schema.ts'
import { mulberry32, pick, uniform, type Random } from './prng.ts'
import type { Connection } from './consumer-history.ts'

type Place = { city: string; code: string; postcode: string; latitude: number; longitude: number }
type Country = {
  timezone: string
  baseLatencyMs: number
  streets: readonly [string, ...string[]]
  places: readonly [Place, ...Place[]]
}

/** Demo countries by id (seeds: 158 New Zealand, 14 Australia, 169 Oman, 195 Saudi Arabia). */
const COUNTRIES: Record<number, Country> = {
  158: {
    timezone: 'Pacific/Auckland',
    baseLatencyMs: 7,
    streets: ['Queen Street', 'Ponsonby Road', 'Cuba Street', 'Riccarton Road', 'Victoria Street'],
    places: [
      { city: 'Auckland', code: 'AKL', postcode: '1010', latitude: -36.8485, longitude: 174.7633 },
      {
        city: 'Wellington',
        code: 'WLG',
        postcode: '6011',
        latitude: -41.2865,
        longitude: 174.7762,
      },
      {
        city: 'Christchurch',
        code: 'CHC',
        postcode: '8011',
        latitude: -43.5321,
        longitude: 172.6362,
      },
      { city: 'Hamilton', code: 'HLZ', postcode: '3204', latitude: -37.787, longitude: 175.2793 },
    ],
  },
  14: {
    timezone: 'Australia/Sydney',
    baseLatencyMs: 11,
    streets: ['George Street', 'Collins Street', 'Queen Street', 'Hay Street', 'Pitt Street'],
    places: [
      { city: 'Sydney', code: 'SYD', postcode: '2000', latitude: -33.8688, longitude: 151.2093 },
      { city: 'Melbourne', code: 'MEL', postcode: '3000', latitude: -37.8136, longitude: 144.9631 },
      { city: 'Brisbane', code: 'BNE', postcode: '4000', latitude: -27.4698, longitude: 153.0251 },
      { city: 'Perth', code: 'PER', postcode: '6000', latitude: -31.9523, longitude: 115.8613 },
    ],
  },
  169: {
    timezone: 'Asia/Muscat',
    baseLatencyMs: 16,
    streets: ['Sultan Qaboos Street', 'Al Khuwair Street', 'Way 3015', 'Al Nahdha Street'],
    places: [
      { city: 'Muscat', code: 'MCT', postcode: '113', latitude: 23.588, longitude: 58.3829 },
      { city: 'Sohar', code: 'OHS', postcode: '311', latitude: 24.3476, longitude: 56.7292 },
      { city: 'Salalah', code: 'SLL', postcode: '211', latitude: 17.0151, longitude: 54.0924 },
      { city: 'Nizwa', code: 'NZW', postcode: '611', latitude: 22.9333, longitude: 57.5333 },
    ],
  },
  195: {
    timezone: 'Asia/Riyadh',
    baseLatencyMs: 13,
    streets: ['King Fahd Road', 'Olaya Street', 'Prince Sultan Road', 'Tahlia Street'],
    places: [
      { city: 'Riyadh', code: 'RUH', postcode: '11564', latitude: 24.7136, longitude: 46.6753 },
      { city: 'Jeddah', code: 'JED', postcode: '21577', latitude: 21.4858, longitude: 39.1925 },
      { city: 'Dammam', code: 'DMM', postcode: '32241', latitude: 26.4207, longitude: 50.0888 },
      { city: 'Medina', code: 'MED', postcode: '42311', latitude: 24.5247, longitude: 39.5692 },
    ],
  },
}

/** The demo country of an ISP's country id (units of other countries get New Zealand's). */
export function countryOf(countryId: number | null): Country & { id: number } {
  const id = countryId !== null && countryId in COUNTRIES ? countryId : 158
  return { id, ...(COUNTRIES[id] ?? (COUNTRIES[158] as Country)) }
}

/** The installation details the seed writes to a unit. */
export type UnitDetails = {
  timezone: string
  address: UnitAddress
  geoData: UnitGeoData
  environment: Record<string, string | number | boolean>
  macDomain: string
  localTarget: string
  baseLatencyMs: number
}

/** Deterministic installation details of a unit in a country. */
export function unitDetails(
  unitId: number,
  countryId: number | null,
  connection: Connection,
  ttCompatible: boolean,
  placeIndex?: number,
): UnitDetails {
  const random: Random = mulberry32(0x5eed0000 + unitId)
  const country = countryOf(countryId)
  const place =
    placeIndex === undefined
      ? pick(random, country.places)
      : (country.places[placeIndex % country.places.length] ?? country.places[0])
  const number = 1 + Math.floor(random() * 240)
  return {
    timezone: country.timezone,
    address: {
      line1: `${number} ${pick(random, country.streets)}`,
      line2: random() < 0.3 ? `Unit ${1 + Math.floor(random() * 20)}` : null,
      line3: null,
      city: place.city,
      postcode: place.postcode,
      country_id: country.id,
    },
    geoData: {
      latitude: Math.round((place.latitude + uniform(random, -0.05, 0.05)) * 1e5) / 1e5,
      longitude: Math.round((place.longitude + uniform(random, -0.05, 0.05)) * 1e5) / 1e5,
      accuracy: Math.round(uniform(random, 5, 40)),
    },
    environment: {
      hardware: 'Whitebox 8',
      // Units without instant tests run the older firmware (seeds 8.4 NOT_TT_COMPATIBLE).
      firmware: ttCompatible ? '8.4.2' : '7.9.1',
      connection,
      mobile: connection === 'mobile',
    },
    macDomain: `${place.code}-CMTS-0${1 + Math.floor(random() * 4)}:MD-${String(1 + Math.floor(random() * 16)).padStart(2, '0')}`,
    localTarget: `${place.code.toLowerCase()}-1`,
    baseLatencyMs: country.baseLatencyMs + Math.round(uniform(random, 0, 4)),
  }
}
