interface ImportMetaEnv {
  readonly VITE_SW_KILL_SWITCH?: string
}
interface ImportMeta {
  readonly env: ImportMetaEnv
}
