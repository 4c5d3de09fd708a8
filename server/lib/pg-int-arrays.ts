/**
 * The integers of PostgreSQL int[] texts laid end to end (`{10003,10007}{10005}{}`: what
 * `string_agg(a::text, '')` answers), in order. Read by hand rather than through node-postgres's
 * per-element array parser: a month's aggregate map reads some 330,000 of them (issue 24).
 * Anything but integers, commas and braces (a NULL element, a nested array) is refused.
 */
export function intsOfArrayTexts(text: string): number[] {
  const out: number[] = []
  let value = 0
  let sign = 1
  let digits = 0
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i)
    if (c >= 48 && c <= 57) {
      value = value * 10 + (c - 48)
      digits += 1
    } else if (c === 45 && digits === 0 && sign === 1) {
      sign = -1
    } else if (c === 44 || c === 125) {
      if (digits > 0) out.push(sign * value)
      // Without a number, only `{}` is an array.
      else if (c === 44 || text.charCodeAt(i - 1) !== 123) {
        throw new SyntaxError(`not an int[] text at ${i}`)
      }
      value = 0
      sign = 1
      digits = 0
    } else if (c !== 123 || digits > 0 || sign === -1) {
      throw new SyntaxError(`not an int[] text at ${i}`)
    }
  }
  if (digits > 0 || sign === -1) throw new SyntaxError('int[] text ends inside a number')
  return out
}
