/** Reloads the document; a module of its own so tests can observe it (jsdom cannot navigate). */
export function reloadPage(): void {
  window.location.reload();
}
