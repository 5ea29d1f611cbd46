/**
 * The contact form (issue 33; spec §5): online-only calls, answered in codes. The rules live in the
 * database (supabase/schemas/contact.sql): each field trimmed and required, the lengths, a valid
 * e-mail, the limit of messages per address and account (429 `too_many_messages`); the sync-server
 * adds its per-device limit. supabase-js loads only when a message is sent or the inbox opens:
 * /contato is a content page, read by visitors who never send anything.
 */
import { validateEmail } from '../validation.ts';

export const CONTACT_CATEGORIES = ['support', 'bug', 'suggestion', 'partnership', 'other'] as const;
export type ContactCategory = (typeof CONTACT_CATEGORIES)[number];

/** The most characters of each field (the contact_messages_*_length checks in the database). */
export const CONTACT_LIMITS = { name: 100, email: 254, subject: 150, message: 4000 } as const;

export type ContactField = 'name' | 'email' | 'category' | 'subject' | 'message';
export type ContactFieldProblem = 'required' | 'invalid' | 'too_long';

export interface ContactDraft {
  name: string;
  email: string;
  category: ContactCategory | '';
  subject: string;
  message: string;
}

export const CONTACT_FIELDS: readonly ContactField[] = ['name', 'email', 'category', 'subject', 'message'];

const length = (text: string) => [...text.trim()].length;

/** What the message still has room for (negative: that many too many). */
export function contactCharactersLeft(message: string): number {
  return CONTACT_LIMITS.message - length(message);
}

/** The device's check, the database's rules: each field's problem, none when it may be sent. */
export function validateContact(draft: ContactDraft): Partial<Record<ContactField, ContactFieldProblem>> {
  const problems: Partial<Record<ContactField, ContactFieldProblem>> = {};
  const text = (field: 'name' | 'subject' | 'message') => {
    const n = length(draft[field]);
    if (n === 0) problems[field] = 'required';
    else if (n > CONTACT_LIMITS[field]) problems[field] = 'too_long';
  };
  text('name');
  const email = validateEmail(draft.email);
  if (email) problems.email = email;
  else if (length(draft.email) > CONTACT_LIMITS.email) problems.email = 'invalid';
  if (!(CONTACT_CATEGORIES as readonly string[]).includes(draft.category)) problems.category = 'required';
  text('subject');
  text('message');
  return problems;
}

/** The database's hint for a refused field → the field and its problem. */
const FIELD_HINTS: Record<string, [ContactField, ContactFieldProblem]> = {
  name_required: ['name', 'required'],
  name_too_long: ['name', 'too_long'],
  email_invalid: ['email', 'invalid'],
  category_invalid: ['category', 'required'],
  subject_required: ['subject', 'required'],
  subject_too_long: ['subject', 'too_long'],
  message_required: ['message', 'required'],
  message_too_long: ['message', 'too_long'],
};

export type ContactSendResult =
  | { ok: true; id: string }
  /** No connection: nothing was tried, the draft stays. */
  | { ok: false; problem: 'offline' }
  /** Too many messages from this address, account or device: `waitSeconds` until one more goes. */
  | { ok: false; problem: 'too_many_messages'; waitSeconds: number | null }
  /** The server refused a field (the device's check let it through: an older app). */
  | { ok: false; problem: 'field'; field: ContactField; fieldProblem: ContactFieldProblem }
  /** Anything else: the server failed or could not be reached. */
  | { ok: false; problem: 'server' };

interface ServerError {
  code?: string;
  hint?: string | null;
  details?: string | null;
}

const offline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

async function supabase() {
  return (await import('../supabase.ts')).getSupabase();
}

/** Sends the message (trimmed). Signed in, the server names the account with it. */
export async function sendContactMessage(draft: ContactDraft): Promise<ContactSendResult> {
  if (offline()) return { ok: false, problem: 'offline' };
  let answer: { data: unknown; error: ServerError | null };
  try {
    const client = await supabase();
    answer = await client.rpc('send_contact_message', {
      p_name: draft.name.trim(),
      p_email: draft.email.trim(),
      p_category: draft.category,
      p_subject: draft.subject.trim(),
      p_message: draft.message.trim(),
    });
  } catch {
    return { ok: false, problem: offline() ? 'offline' : 'server' };
  }
  if (!answer.error) return { ok: true, id: answer.data as string };
  const { code, hint, details } = answer.error;
  if (!code) return { ok: false, problem: offline() ? 'offline' : 'server' };
  if (hint === 'too_many_messages' || code === 'PT429') {
    const wait = Number(details);
    return { ok: false, problem: 'too_many_messages', waitSeconds: Number.isFinite(wait) && wait > 0 ? wait : null };
  }
  const field = hint ? FIELD_HINTS[hint] : undefined;
  if (field) return { ok: false, problem: 'field', field: field[0], fieldProblem: field[1] };
  return { ok: false, problem: 'server' };
}

// ---------------------------------------------------------------------------------------------
// The admins' inbox (src/screens/Admin/contact/ContactSection.tsx)
// ---------------------------------------------------------------------------------------------

export const CONTACT_STATES = ['new', 'answered', 'closed'] as const;
export type ContactState = (typeof CONTACT_STATES)[number];
/** Messages per page (issue 33's budget: 20–50). */
export const CONTACT_PAGE_SIZE = 20;

export interface ContactMessage {
  id: string;
  name: string;
  email: string;
  category: ContactCategory;
  subject: string;
  message: string;
  user_id: string | null;
  /** The sender's username when signed in. */
  username: string | null;
  status: ContactState;
  created_at: string;
  status_changed_at: string | null;
}

export interface ContactInboxPage {
  counts: Record<ContactState, number>;
  messages: ContactMessage[];
}

/** Why an inbox call did not go through. */
export type InboxProblem = 'offline' | 'not_allowed' | 'not_found' | 'server';

export class InboxError extends Error {
  constructor(readonly problem: InboxProblem) {
    super(problem);
    this.name = 'InboxError';
  }
}

async function askInbox<T>(run: (client: Awaited<ReturnType<typeof supabase>>) => PromiseLike<{ data: unknown; error: ServerError | null }>): Promise<T> {
  if (offline()) throw new InboxError('offline');
  let answer: { data: unknown; error: ServerError | null };
  try {
    answer = await run(await supabase());
  } catch {
    throw new InboxError(offline() ? 'offline' : 'server');
  }
  if (answer.error) {
    const { code, hint } = answer.error;
    if (!code) throw new InboxError(offline() ? 'offline' : 'server');
    if (hint === 'not_allowed' || code === '42501') throw new InboxError('not_allowed');
    if (hint === 'not_found') throw new InboxError('not_found');
    throw new InboxError('server');
  }
  return answer.data as T;
}

/** One page of the inbox, newest first, of one state (null: all); `after` is the last message read. */
export function readContactInbox(state: ContactState | null, after: Pick<ContactMessage, 'created_at' | 'id'> | null = null): Promise<ContactInboxPage> {
  return askInbox((client) =>
    client.rpc('admin_contact_messages', {
      p_status: state,
      p_limit: CONTACT_PAGE_SIZE,
      p_after_created_at: after?.created_at ?? null,
      p_after_id: after?.id ?? null,
    }),
  );
}

/** Sets a message's state (recorded in the audit log). */
export function setContactState(id: string, state: ContactState): Promise<ContactMessage> {
  return askInbox((client) => client.rpc('admin_set_contact_status', { p_id: id, p_status: state }));
}

/** A reply by e-mail, the subject quoted: the admin's own mail app writes and keeps it. */
export function replyMailto(message: Pick<ContactMessage, 'email' | 'subject'>, prefix = 'Re:'): string {
  return `mailto:${encodeURIComponent(message.email).replace(/%40/g, '@')}?subject=${encodeURIComponent(`${prefix} ${message.subject}`)}`;
}
