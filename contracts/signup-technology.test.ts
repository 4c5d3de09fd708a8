import { describe, expect, it } from 'vitest'
import type { CountryData } from './signup.ts'
import { countryForStudy, packageTechnology } from './signup-technology.ts'

describe('packageTechnology', () => {
  it.each([
    { name: 'Fiber 100', expected: 'fibre' },
    { name: 'Full Fibre 900', expected: 'fibre' },
    { name: 'Home FTTH 1G', expected: 'fibre' },
    { name: '5G Home', expected: 'mobile' },
    { name: '5G Home Unlimited', expected: 'mobile' },
    { name: 'Wireless Broadband', expected: 'mobile' },
    { name: '4G LTE Router', expected: 'mobile' },
    { name: '5G Fibre backup', expected: 'mobile' },
    { name: 'NBN 100/20', expected: 'unknown' },
    { name: 'Superfast', expected: 'unknown' },
  ] as const)('$name is $expected', ({ name, expected }) => {
    expect(packageTechnology(name)).toBe(expected)
  })
})

describe('countryForStudy (seeds 2.5: the fibre study offers fibre)', () => {
  // The seeded Saudi providers: stc has a 5G plan, Zain only 5G ones.
  const saudi: CountryData = {
    id: 195,
    name: 'Saudi Arabia',
    code: 'SA',
    isps: [
      {
        id: 13,
        name: 'stc',
        packages: [
          { id: 30, name: 'Fiber 100' },
          { id: 32, name: '5G Home' },
          { id: 0, name: 'Other' },
          { id: -1, name: 'Unknown' },
        ],
      },
      {
        id: 15,
        name: 'Zain KSA',
        packages: [
          { id: 35, name: '5G Home 200' },
          { id: 0, name: 'Other' },
        ],
      },
      { id: 0, name: 'Other', packages: [] },
      { id: -1, name: 'Unknown', packages: [] },
    ],
  }

  it('keeps fibre packages, other and unknown; drops providers without fibre', () => {
    const offered = countryForStudy(saudi, 'fixed_line_fibre')
    expect(offered.isps.map((isp) => [isp.name, isp.packages.map((p) => p.name)])).toEqual([
      ['stc', ['Fiber 100', 'Other', 'Unknown']],
      ['Other', []],
      ['Unknown', []],
    ])
  })

  it('offers a general study everything', () => {
    expect(countryForStudy(saudi, 'general')).toBe(saudi)
  })
})
