/**
 * An agent's invitation link carries its code as `?agentCode=` (docs/requirements.md §12.3). The
 * code is kept for the visit in session storage, so a visitor who looks around before registering
 * still registers under that agent.
 */
const invitationKey = 'invitationAgentCode';

/** Reads the invitation in the page URL, if any, and keeps it; true when the page was opened from one. */
export function adoptInvitationFromUrl(): boolean {
  const code = new URLSearchParams(window.location.search).get('agentCode')?.trim();
  if (!code) return false;
  sessionStorage.setItem(invitationKey, code);
  return true;
}

/** The agent code registration starts with: the page URL's, else the one kept from the invitation. */
export function invitedAgentCode(): string | null {
  return new URLSearchParams(window.location.search).get('agentCode') ?? sessionStorage.getItem(invitationKey);
}
