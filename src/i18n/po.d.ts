declare module '*.po' {
  import type { Messages } from '@lingui/core'
  export const messages: Messages
}

// The catalog parts build/catalog-split.ts serves: `virtual:wb-catalog/<locale>/core|signup|rest|enterprise`.
declare module 'virtual:wb-catalog/*' {
  import type { Messages } from '@lingui/core'
  export const messages: Messages
}
