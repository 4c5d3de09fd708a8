import type { Db } from './client.ts'
import { helpCentreRows } from './help-centre-content/index.ts'
import { saveHelpCentreContent } from '../services/help-centre/repository.ts'

/** Seeds the help centre's categories, sections and articles in en-gb, ar and fr-ca. */
export async function seedHelpCentre(db: Db, now: Date): Promise<void> {
  await saveHelpCentreContent(db, helpCentreRows(now))
}
