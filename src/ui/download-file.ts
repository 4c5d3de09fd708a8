const UTF8_BOM = '\uFEFF'

/**
 * Saves text as a file through a temporary link (the data table's CSV, the analytics export). A
 * byte-order mark goes first, once, so that spreadsheet programs read the UTF-8 (Arabic metric
 * statuses, French dates) correctly.
 */
export function downloadTextFile(fileName: string, text: string, type = 'text/csv'): void {
  const body = text.startsWith(UTF8_BOM) ? text : `${UTF8_BOM}${text}`
  const url = URL.createObjectURL(new Blob([body], { type: `${type};charset=utf-8` }))
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  link.hidden = true
  document.body.append(link)
  link.click()
  link.remove()
  // After the click has been handled: the browser has started reading the blob by then.
  setTimeout(() => {
    URL.revokeObjectURL(url)
  }, 0)
}
