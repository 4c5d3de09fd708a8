import { createServer } from 'node:net'

/**
 * Null when HOST:PORT can be listened on now, else why not in one sentence for the person who
 * typed `npm start`. Checked before anything is built or a database created: with another server
 * already on the port, nothing of this one's start would be of use.
 */
export async function portProblem(host: string, port: number): Promise<string | null> {
  if (port === 0) return null
  return new Promise((resolve) => {
    const probe = createServer()
    probe.once('error', (error: NodeJS.ErrnoException) => {
      switch (error.code) {
        case 'EADDRINUSE':
          resolve(
            `Port ${String(port)} on ${host} is already in use (another Whitebox, or another server). Stop it, or start this one on another port: PORT=8081 npm start`,
          )
          break
        case 'EACCES':
          resolve(
            `Port ${String(port)} on ${host} needs more privileges than this user has; choose a port above 1023 (PORT=8080).`,
          )
          break
        case 'EADDRNOTAVAIL':
        case 'ENOTFOUND':
          resolve(`HOST=${host} is not an address of this machine.`)
          break
        default:
          resolve(`Cannot listen on ${host}:${String(port)}: ${error.message}`)
      }
    })
    probe.listen({ host, port, exclusive: true }, () => {
      probe.close(() => {
        resolve(null)
      })
    })
  })
}
