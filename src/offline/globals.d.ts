/** The app version from package.json, defined by Vite at build time. */
declare const __APP_VERSION__: string
