/**
 * The password format (the seeds leave it open): 10 to 128 characters with at least three of
 * lower case, upper case, digits and symbols. One rule, checked by the form and by the server.
 */
export const PASSWORD_MIN_LENGTH = 10
export const PASSWORD_MAX_LENGTH = 128

export type PasswordCheck = {
  length: boolean
  variety: boolean
  valid: boolean
}

/** Checks a candidate password against the format; `valid` is true only when every rule holds. */
export function checkPassword(password: string): PasswordCheck {
  const length = password.length >= PASSWORD_MIN_LENGTH && password.length <= PASSWORD_MAX_LENGTH
  const classes = [/[a-z]/, /[A-Z]/, /[0-9]/, /[^a-zA-Z0-9]/].filter((re) => re.test(password))
  const variety = classes.length >= 3
  return { length, variety, valid: length && variety }
}
