import { dataLayer } from '../../offline/data-layer'
import { moduleSlot } from '../../offline/module-slot'

/**
 * The shell's signed-in parts (account menu, pending changes, feature updates): not in the entry,
 * which a visitor's sign-in page loads. Loaded before the first render of a signed-in page
 * (src/main.tsx, src/routes/__root.tsx), and ready only once the data layer runs too: the pending
 * changes they count are the data layer's queue, which must be in place when they subscribe.
 */
export const signedInChrome = moduleSlot(() =>
  Promise.all([import('./signed-in-chrome'), dataLayer.load()]).then(([chrome]) => chrome),
)
