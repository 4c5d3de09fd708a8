/** A pseudo-random source: floats in [0, 1) from a 32-bit seed, the same sequence every run. */
export type Random = () => number

/**
 * mulberry32 (Tommy Ettinger's 32-bit generator): tiny, fast and good enough for demo data; the
 * demo must be the same on every machine, so Math.random is never used for it.
 */
export function mulberry32(seed: number): Random {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}

/** A uniform float in [min, max). */
export function uniform(random: Random, min: number, max: number): number {
  return min + (max - min) * random()
}

/** A normally distributed float (Box–Muller), mean 0 and standard deviation 1. */
export function gaussian(random: Random): number {
  const u = 1 - random()
  const w = random()
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * w)
}

/** True with probability `p`. */
export function chance(random: Random, p: number): boolean {
  return random() < p
}

/** One element of a non-empty list. */
export function pick<T>(random: Random, items: readonly [T, ...T[]]): T {
  return items[Math.floor(random() * items.length)] ?? items[0]
}

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'))

/** A version-4-shaped UUID drawn from `random` (deterministic, unlike crypto.randomUUID). */
export function uuid(random: Random): string {
  const bytes: string[] = []
  for (let i = 0; i < 16; i += 1) {
    let byte = Math.floor(random() * 256)
    if (i === 6) byte = (byte & 0x0f) | 0x40
    if (i === 8) byte = (byte & 0x3f) | 0x80
    bytes.push(HEX[byte] ?? '00')
  }
  const hex = bytes.join('')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

/** `count` bytes of `value` (an unsigned integer below 2^53) as hex, most significant first. */
function hexBytes(value: number, count: number): string {
  let out = ''
  for (let shift = count - 1; shift >= 0; shift -= 1) {
    out += HEX[Math.floor(value / 2 ** (8 * shift)) % 256] ?? '00'
  }
  return out
}

/**
 * A UUID (version 8, "custom") whose bits sort by `group` then by `seconds`, random after that.
 * Demo test ids are made this way so that inserting a unit's history in time order appends to
 * the test_id index instead of writing all over it.
 */
export function sortableUuid(random: Random, group: number, seconds: number): string {
  const time = hexBytes(Math.floor(seconds), 5)
  const variant = HEX[0x80 + Math.floor(random() * 64)] ?? '80'
  const tail =
    hexBytes(Math.floor(random() * 2 ** 24), 3) + hexBytes(Math.floor(random() * 2 ** 24), 3)
  return `${hexBytes(group >>> 0, 4)}-${time.slice(0, 4)}-8${time.slice(4, 7)}-${variant.charAt(0)}${time.slice(7, 10)}-${tail}`
}
