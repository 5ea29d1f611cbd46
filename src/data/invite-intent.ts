/**
 * The invitation a visitor set out from to sign in (issue 20), between the invitation page and
 * the sign-up: the page arms it (invite-redemption.ts, when "Criar conta" or "Entrar" is tapped)
 * and the sign-up sends its code along (auth.ts), so the server redeems it while it makes the
 * account (migration 20261124130000_invite_on_sign_up.sql). The redeem after the sign-in then
 * knows the notebook may already be theirs, and asks for its first pages at once.
 *
 * Its own module: auth.ts and invite-redemption.ts both need it, and the second imports the first.
 */
let setOutFrom: string | null = null;
let sentWithSignUp: string | null = null;

/** The visitor left the invitation of `code` to sign in or sign up. */
export function setOutFromInvite(code: string): void {
  setOutFrom = code;
  sentWithSignUp = null;
}

/** The code a sign-up sends along, or null. */
export function inviteForSignUp(): string | null {
  return setOutFrom;
}

/** The sign-up that carried `code` succeeded: told before the person counts as signed in. */
export function signedUpWithInvite(code: string): void {
  if (code === setOutFrom) sentWithSignUp = code;
}

/** Whether the sign-up that signed the person in carried `code`; the intent ends here. */
export function takeSentWithSignUp(code: string): boolean {
  const sent = sentWithSignUp === code;
  setOutFrom = null;
  sentWithSignUp = null;
  return sent;
}
