/**
 * Node flags for the server process (npm start and the login bench pass them). On a machine with
 * plenty of RAM, Node 24 sizes V8's young generation so generously that the garbage of loading the
 * modules (drizzle-orm's 179 KB package.json is re-read for each of its modules) keeps an idle
 * server near 400 MB RSS. A 4 MiB semi-space brings it to ~170 MB; a request's own garbage is
 * small, and login time is scrypt's, not the collector's.
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=4', '--optimize-for-size']
