import styles from './Units.module.css'

/**
 * An email address, left to right, that may wrap only after its "@" (local part on one line, the
 * domain on the next) rather than anywhere in a word; the text read out and copied is the whole
 * address. A part longer than the line still breaks (overflow-wrap in .email) rather than spill.
 */
export function EmailAddress({ email }: { email: string }) {
  const at = email.lastIndexOf('@')
  return (
    <bdi dir="ltr" className={styles.email}>
      {at <= 0 ? (
        email
      ) : (
        <>
          {email.slice(0, at + 1)}
          <wbr />
          {email.slice(at + 1)}
        </>
      )}
    </bdi>
  )
}
