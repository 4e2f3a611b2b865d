/**
 * The person (or the system) behind a change, as the server records it: "Name <e-mail>", an
 * e-mail alone, or "system". Returns the name to show and the e-mail, if any, for a tooltip.
 */
export function actorName(actor: string): { name: string; email: string | null; system: boolean } {
  if (actor === 'system') return { name: actor, email: null, system: true };
  const match = /^(.*\S)\s*<([^>]+)>$/.exec(actor);
  if (match) return { name: match[1]!, email: match[2]!, system: false };
  return { name: actor, email: actor.includes('@') ? actor : null, system: false };
}
