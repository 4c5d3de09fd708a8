/**
 * The id a page gives its content when a header of its own comes first in the main region (the
 * help centre): "Skip to main content" goes past that header, to this element.
 */
export const SKIP_TARGET_ID = 'main-content'
