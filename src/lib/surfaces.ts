/**
 * The operators' desk shares the origin (and so the stored player token) with the player's site,
 * but none of the player's session: a player signed in on another tab must not open a push stream,
 * be restored, or be signed out from the desk's tab.
 */
export function isDeskPath(pathname: string): boolean {
  return pathname === '/admin' || pathname.startsWith('/admin/');
}
